import { useEffect, useState } from 'react'
import { ERROR_CODES } from '#shared/error-codes.ts'
import { speechPreviewSchema } from '#shared/speech-preview.ts'
import { LIVE_TRANSCRIPT_INTERVAL_MS } from '#shared/speech.ts'
import { apiUpload, isApiRequestError } from '#web/lib/api-client.ts'

export type LiveTranscript = {
  /** the words heard so far, in order */
  text: string
  /** false when the server has no speech engine: the screen shows nothing instead of an empty box */
  available: boolean
}

/**
 * A real transcript of a recording while it is being made: about every 2 s the recording so far goes to
 * POST /api/speech/preview with the point the words already cover, and the new words are appended. One
 * request at a time; a slow engine simply makes the refreshes further apart. Nothing is stored.
 */
export function useLiveTranscript({ active, snapshot }: { active: boolean; snapshot: () => Blob | null }): LiveTranscript {
  const [text, setText] = useState('')
  const [available, setAvailable] = useState(true)

  useEffect(() => {
    if (!active || !available) return
    const controller = new AbortController()
    let until = 0
    let timer: ReturnType<typeof setTimeout> | undefined

    const tick = async () => {
      const blob = snapshot()
      if (blob) {
        try {
          const preview = await apiUpload(`/api/speech/preview?from=${until}`, blob, speechPreviewSchema, { signal: controller.signal })
          until = preview.until
          if (preview.text) setText((before) => (before ? `${before} ${preview.text}` : preview.text))
        } catch (error) {
          if (controller.signal.aborted) return
          if (isApiRequestError(error, 503) && error.code === ERROR_CODES.speechUnavailable) {
            setAvailable(false)
            return
          }
          // a busy server or a lost connection: the next round tries again from the same point
        }
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void tick(), LIVE_TRANSCRIPT_INTERVAL_MS)
    }
    timer = setTimeout(() => void tick(), LIVE_TRANSCRIPT_INTERVAL_MS)
    return () => {
      controller.abort()
      clearTimeout(timer)
      // the next recording starts from nothing
      setText('')
    }
  }, [active, available, snapshot])

  return { text, available }
}
