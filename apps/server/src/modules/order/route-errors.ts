/** An order that is not the caller's, or whose state does not allow the move (SPEC §4). */
export const moveErrors = ['Order not found', 'Order status does not allow this'] as const
/** A merchant route answers these too: its shop may be locked (SPEC §6). */
export const lockErrors = ['Shop is locked', 'Shop not found'] as const
/** What adding evidence to a dispute may answer besides `moveErrors` (issue 23). */
export const evidenceErrors = [...moveErrors, 'Evidence not found', 'Evidence limit reached'] as const
/** What escalating a case may answer (issue 23). */
export const escalateErrors = [...evidenceErrors, 'Dispute already opened', 'Deadline passed'] as const
