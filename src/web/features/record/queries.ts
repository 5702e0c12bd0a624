import { useMutation, useQueryClient } from '@tanstack/react-query'
import { audioUploadSchema, messageSchema, type SendMessage } from '#shared/messages.ts'
import { invalidateContacts } from '#web/features/contacts/queries.ts'
import { apiSend, apiUpload } from '#web/lib/api-client.ts'
import { uploadWithRetry } from './upload-retry.ts'

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

/**
 * POST /api/messages with a stored upload. Never retried by itself: the person decides with 'Try sending again',
 * which reuses the same upload. Contacts are refetched afterwards, since the unanswered count changed.
 */
export function useSendMessageMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SendMessage) => apiSend('POST', '/api/messages', input, messageSchema),
    retry: false,
    onSettled: () => invalidateContacts(queryClient),
  })
}
