import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { z } from 'zod/mini'
import {
  acceptInvitationResultSchema,
  emailInvitationSentSchema,
  INVITE_TRANSCRIPT_POLL_MS,
  invitationCreatedSchema,
  invitationListSchema,
  invitationPreviewSchema,
  resendResultSchema,
  type CreateShareLink,
  type InvitationPreview,
  type SendEmailInvitation,
} from '#shared/invitations.ts'
import { STALE } from '#shared/limits.ts'
import { invalidateContacts } from '#web/resources/contacts/queries.ts'
import { apiGet, apiSend } from '#web/lib/api-client.ts'

const root = ['invitations'] as const
export const invitationKeys = {
  all: root,
  mine: [...root, 'mine'] as const,
  preview: (token: string) => [...root, 'preview', token] as const,
}

const invalidateInvitations = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: invitationKeys.mine })

/** 'Your invitations' (the realtime `invitation.changed` event refetches it). */
export function useMyInvitationsQuery() {
  return useQuery({
    queryKey: invitationKeys.mine,
    queryFn: async ({ signal }) => (await apiGet('/api/invitations', invitationListSchema, { signal })).invitations,
    staleTime: STALE.default,
  })
}

/** The transcript's next poll: 1 s doubling to 8 s, until there is one or it failed (docs/product/invitations.md). */
export function nextTranscriptPoll(preview: InvitationPreview | undefined, polls: number): number | false {
  if (!preview?.personal_message_signed_url) return false
  if (preview.transcript !== null || preview.transcription_status === 'failed' || preview.transcription_status === 'completed') return false
  return Math.min(INVITE_TRANSCRIPT_POLL_MS.first * 2 ** polls, INVITE_TRANSCRIPT_POLL_MS.max)
}

/** fetch-invitation (anonymous). Not retried: a refusal is a card, not a glitch. */
const previewQuery = (token: string | null) => ({
  queryKey: invitationKeys.preview(token ?? ''),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiSend('POST', '/api/invitations/preview', { token }, invitationPreviewSchema, { signal }),
  enabled: Boolean(token),
  retry: false,
})

/** fetch-invitation for the landing page, polling the transcript. */
export function useInvitationPreviewQuery(token: string | null) {
  return useQuery({
    ...previewQuery(token),
    refetchInterval: (query) => nextTranscriptPoll(query.state.data, Math.max(0, query.state.dataUpdateCount - 1)),
  })
}

/**
 * The same invitation for the sign-up card (the address it was sent to): read once, no transcript polling. The
 * landing page has usually just loaded it.
 */
export function useInvitationForSignUpQuery(token: string | null) {
  return useQuery({
    ...previewQuery(token),
    staleTime: STALE.default,
  })
}

export function useSendEmailInvitationMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SendEmailInvitation) => apiSend('POST', '/api/invitations/email', input, emailInvitationSentSchema),
    retry: false,
    onSettled: () => invalidateInvitations(queryClient),
  })
}

export function useCreateShareLinkMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateShareLink) => apiSend('POST', '/api/invitations/link', input, invitationCreatedSchema),
    retry: false,
    onSettled: () => invalidateInvitations(queryClient),
  })
}

export function useCancelInvitationMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiSend('DELETE', `/api/invitations/${id}`, undefined, z.unknown()),
    onSettled: () => invalidateInvitations(queryClient),
  })
}

export function useResendInvitationMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiSend('POST', `/api/invitations/${id}/resend`, undefined, resendResultSchema),
    retry: false,
    onSettled: () => invalidateInvitations(queryClient),
  })
}

/** accept-invitation; both circles change, so contacts are refetched. */
export function useAcceptInvitationMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (token: string) => apiSend('POST', '/api/invitations/accept', { token }, acceptInvitationResultSchema),
    retry: false,
    onSettled: () => Promise.all([invalidateContacts(queryClient), invalidateInvitations(queryClient)]),
  })
}
