/** Whole seconds until `untilMs` (SPEC §9: the code button counts down 'X seconds'); 0 when past. */
export function secondsLeft(untilMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((untilMs - nowMs) / 1000))
}

// When each code may be sent again, by purpose and address: leaving the page and coming back
// keeps the countdown for the rest of the visit. Bounded by the purposes and addresses used.
const sentUntil = new Map<string, number>()
const maxRemembered = 20

export function rememberSent(key: string, untilMs: number): void {
  sentUntil.delete(key)
  sentUntil.set(key, untilMs)
  if (sentUntil.size > maxRemembered) sentUntil.delete(sentUntil.keys().next().value as string)
}

export function sentUntilOf(key: string): number {
  return sentUntil.get(key) ?? 0
}
