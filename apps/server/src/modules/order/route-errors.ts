/** An order that is not the caller's, or whose state does not allow the move (SPEC §4). */
export const moveErrors = ['Order not found', 'Order status does not allow this'] as const
/** A merchant route answers these too: its shop may be locked (SPEC §6). */
export const lockErrors = ['Shop is locked', 'Shop not found'] as const
