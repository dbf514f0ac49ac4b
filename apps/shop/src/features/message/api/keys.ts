/** Parent keys: chat (conversations and their messages) and the message tabs; a mutation invalidates its parent. */
export const chatKey = ['chat'] as const
export const noticesKey = ['notices'] as const
