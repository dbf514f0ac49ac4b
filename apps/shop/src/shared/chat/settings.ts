import { storedValue } from './store'

/** Settings' 'message notices' switch (SPEC §2): on, new messages play a sound and show an alert. */
const store = storedValue<boolean>('bazaar.messageNotices', true, (v): v is boolean => typeof v === 'boolean')

/** The store itself (use-stored.ts `useNoticesOn` reads it in components). */
export const noticesStore = store
export const noticesOn = store.read
export const setNoticesOn = store.set

let audio: AudioContext | undefined

/** A short two-tone chime, synthesised (no sound file to download); silent where audio is not allowed yet. */
export function playChime(): void {
  // Browsers refuse audio before the person has touched the page: stay silent rather than warn.
  if (!navigator.userActivation?.hasBeenActive) return
  try {
    audio ??= new AudioContext()
    const now = audio.currentTime
    for (const [i, frequency] of [880, 1320].entries()) {
      const tone = audio.createOscillator()
      const gain = audio.createGain()
      tone.frequency.value = frequency
      gain.gain.setValueAtTime(0.0001, now + i * 0.12)
      gain.gain.exponentialRampToValueAtTime(0.2, now + i * 0.12 + 0.02)
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.12 + 0.2)
      tone.connect(gain).connect(audio.destination)
      tone.start(now + i * 0.12)
      tone.stop(now + i * 0.12 + 0.22)
    }
  } catch {
    // No audio here (or not allowed before a tap): the badge still counts.
  }
}
