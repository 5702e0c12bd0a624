import { useMutation } from '@tanstack/react-query'
import { audioUploadSchema } from '#shared/messages.ts'
import { apiUpload } from '#web/lib/api-client.ts'
import { uploadWithRetry } from './upload-retry.ts'

// The audio resource: recordings go up here before a message, a welcome message (onboarding) or, later, an
// invitation or a settings change refers to them. Any screen may import this module.

type UploadAudioInput = {
  blob: Blob
  /** Upload progress from 0 to 1 of the current attempt. */
  onProgress?: (fraction: number) => void
  /** Before each attempt (1-based). */
  onAttempt?: (attempt: number) => void
  signal?: AbortSignal
}

/**
 * POST /api/audio with the raw recording: up to 3 attempts with back-off on network errors and 5xx (the retries
 * live here, so the mutation itself never retries). Fails with an UploadFailedError.
 */
export function useUploadAudioMutation() {
  return useMutation({
    mutationFn: ({ blob, onProgress, onAttempt, signal }: UploadAudioInput) =>
      uploadWithRetry(
        (attempt) => {
          if (attempt > 1) onProgress?.(0)
          return apiUpload('/api/audio', blob, audioUploadSchema, { onProgress, signal })
        },
        { signal, onAttempt },
      ),
    retry: false,
  })
}
