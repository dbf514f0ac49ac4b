/** Browsing history's plain values (no zod; SPEC §2 member/history, §3 'footprint'). */

/** Most browsing-history entries kept per user: each new view drops the oldest beyond this. */
export const historyMaxEntries = 200
