import { useEffect, useState } from 'react'
import { apiUpload } from '../../../shared/api/client'
import { readToken } from '../../../shared/session'

/** POST /api/uploads?purpose=chat_image: a photo to send (checked and re-encoded by the server). @throws 'Invalid image' | 'Image too large' */
export function uploadChatImage(file: File): Promise<{ id: number; width: number; height: number }> {
  return apiUpload('/uploads?purpose=chat_image', file)
}

/** POST /api/uploads/voice: a recorded clip (checked as audio by its content). @throws 'Invalid audio' */
export function uploadVoice(clip: Blob): Promise<{ id: number }> {
  return apiUpload('/uploads/voice', clip)
}

const apiBase: string = import.meta.env.VITE_API_BASE ?? ''
const urls = new Map<number, Promise<string>>()

/**
 * GET /api/chat/messages/:id/file as an object URL: the file is private to the
 * conversation, and an <img> or <audio> cannot send the token header. Kept for the page's life.
 */
export function useChatFile(messageId: number, enabled = true): string | undefined {
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    if (!enabled) return
    let live = true
    let pending = urls.get(messageId)
    if (!pending) {
      pending = fetch(`${apiBase}/api/chat/messages/${messageId}/file`, { headers: { token: readToken() ?? '' } })
        .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(String(res.status)))))
        .then((blob) => URL.createObjectURL(blob))
      pending.catch(() => urls.delete(messageId))
      urls.set(messageId, pending)
    }
    pending.then((u) => live && setUrl(u)).catch(() => undefined)
    return () => {
      live = false
    }
  }, [messageId, enabled])
  return url
}
