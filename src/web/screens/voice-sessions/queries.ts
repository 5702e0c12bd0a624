import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { STALE } from '#shared/limits.ts'
import { messageSchema } from '#shared/messages.ts'
import {
  isTranscribing,
  SESSION_TRANSCRIPT_POLL_MS,
  sessionListSchema,
  sessionMessageSchema,
  sessionSchema,
  type Session,
} from '#shared/voice-sessions.ts'
import { invalidateContacts } from '#web/resources/contacts/queries.ts'
import { messageKeys } from '#web/resources/messages/queries.ts'
import { apiGet, apiSend } from '#web/lib/api-client.ts'
import { useAuth } from '#web/lib/use-auth.ts'

const root = ['voice-sessions'] as const

/** Query keys of the signed-in person's sessions (the spec's "sessions": private notes to oneself), per user. */
export const voiceSessionKeys = {
  all: root,
  list: (userId: string | undefined) => [...root, userId ?? 'anonymous'] as const,
}

const anyTranscribing = (sessions: Session[] | undefined) => Boolean(sessions?.some((s) => s.messages.some(isTranscribing)))

/**
 * GET /api/sessions: the ten newest sessions, each with its twenty newest notes, and how many the person keeps; asked
 * again while a transcript is on its way.
 */
export function useVoiceSessionsQuery() {
  const { user } = useAuth()
  return useQuery({
    queryKey: voiceSessionKeys.list(user?.id),
    queryFn: ({ signal }) => apiGet('/api/sessions', sessionListSchema, { signal }),
    enabled: Boolean(user),
    staleTime: STALE.default,
    refetchInterval: (query) => (anyTranscribing(query.state.data?.sessions) ? SESSION_TRANSCRIPT_POLL_MS : false),
  })
}

/** POST /api/sessions with the server's default title ('Session {date}'). */
export function useCreateVoiceSessionMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiSend('POST', '/api/sessions', {}, sessionSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: root }),
  })
}

/** POST /api/sessions/{id}/messages with a stored upload: the note is kept and its transcript made by the server. */
export function useAddVoiceSessionNoteMutation(sessionId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (uploadId: string) =>
      apiSend('POST', `/api/sessions/${encodeURIComponent(sessionId)}/messages`, { upload_id: uploadId }, sessionMessageSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: root }),
  })
}

/** POST /api/sessions/{id}/messages/{noteId}/retry-transcription: a failed transcript gets a fresh round of attempts. */
export function useRetryVoiceSessionNoteMutation(sessionId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (noteId: string) =>
      apiSend(
        'POST',
        `/api/sessions/${encodeURIComponent(sessionId)}/messages/${encodeURIComponent(noteId)}/retry-transcription`,
        undefined,
        sessionMessageSchema,
      ),
    // the list asks again on its own while the note is transcribing
    onSettled: () => queryClient.invalidateQueries({ queryKey: root }),
  })
}

/** POST /api/sessions/{id}/messages/{noteId}/send: the take goes to a contact as a voice message (every message rule applies). */
export function useSendVoiceSessionNoteMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ sessionId, noteId, contactId }: { sessionId: string; noteId: string; contactId: string }) =>
      apiSend(
        'POST',
        `/api/sessions/${encodeURIComponent(sessionId)}/messages/${encodeURIComponent(noteId)}/send`,
        { contact_id: contactId },
        messageSchema,
      ),
    retry: false,
    onSettled: () => {
      void invalidateContacts(queryClient)
      void queryClient.invalidateQueries({ queryKey: messageKeys.all })
    },
  })
}
