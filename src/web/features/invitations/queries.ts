import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { STALE } from '#shared/limits.ts'
import { apiGet } from '#web/lib/api-client.ts'

const root = ['invitations'] as const
export const invitationKeys = {
  all: root,
  acceptPreview: (token: string | null) => [...root, 'accept-preview', token ?? ''] as const,
}

/**
 * The answer's fields are defined with the invitations API; until then any answer is accepted as it comes and
 * only the failure states are shown.
 */
const acceptPreviewSchema = z.unknown()

/** GET /api/invitations/accept-preview?token=: what accepting this invitation would do. */
export function useInvitationAcceptPreviewQuery(token: string | null) {
  return useQuery({
    queryKey: invitationKeys.acceptPreview(token),
    queryFn: ({ signal }) =>
      apiGet(`/api/invitations/accept-preview?token=${encodeURIComponent(token ?? '')}`, acceptPreviewSchema, { signal }),
    enabled: Boolean(token),
    staleTime: STALE.default,
  })
}
