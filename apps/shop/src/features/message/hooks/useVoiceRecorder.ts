import { voiceMaxSeconds } from '@bazaar/contract/chat-values'
import { useEffect, useRef, useState } from 'react'

/** Formats browsers record into, the most compact first: WebM (Chromium), Ogg (Firefox), MP4 (Safari). */
const formats = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4', 'audio/webm']
/** Speech needs little: 32 kbit/s keeps 60 s near 240 KB. */
const bitsPerSecond = 32_000

export type Recording = { clip: Blob; seconds: number }

/**
 * Records a voice message in the browser (MediaRecorder), stopping by itself at 60 s.
 * `stop(true)` hands the clip to `onDone`; `stop(false)` discards it. `error` is
 * 'micDenied' when no microphone may be used, 'tooShort' under a second.
 */
export function useVoiceRecorder(onDone: (recording: Recording) => void) {
  const [seconds, setSeconds] = useState<number | null>(null)
  const [error, setError] = useState<'micDenied' | 'tooShort'>()
  const recorder = useRef<MediaRecorder>(undefined)
  const keep = useRef(true)
  const done = useRef(onDone)
  done.current = onDone

  useEffect(() => () => recorder.current?.stop(), [])

  const start = async () => {
    setError(undefined)
    let stream: MediaStream
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true })
    } catch {
      setError('micDenied')
      return
    }
    const mimeType = formats.find((f) => MediaRecorder.isTypeSupported(f))
    const media = new MediaRecorder(stream, { mimeType, audioBitsPerSecond: bitsPerSecond })
    const chunks: Blob[] = []
    const startedMs = Date.now()
    const tick = setInterval(() => {
      const elapsed = Math.floor((Date.now() - startedMs) / 1000)
      setSeconds(elapsed)
      if (elapsed >= voiceMaxSeconds) media.stop()
    }, 250)
    media.ondataavailable = (event) => chunks.push(event.data)
    media.onstop = () => {
      clearInterval(tick)
      for (const track of stream.getTracks()) track.stop()
      recorder.current = undefined
      setSeconds(null)
      const length = Math.min(voiceMaxSeconds, Math.round((Date.now() - startedMs) / 1000))
      if (!keep.current) return
      if (length < 1) setError('tooShort')
      else done.current({ clip: new Blob(chunks, { type: media.mimeType }), seconds: length })
    }
    keep.current = true
    recorder.current = media
    media.start()
    setSeconds(0)
  }

  const stop = (send: boolean) => {
    keep.current = send
    recorder.current?.stop()
  }

  return { recording: seconds !== null, seconds: seconds ?? 0, error, start, stop }
}
