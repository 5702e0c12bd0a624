import { useQuery } from '@tanstack/react-query'
import { STALE } from '#shared/limits.ts'
import { publicProfileSchema } from '#shared/public-profile.ts'
import { apiGet } from '#web/lib/api-client.ts'

const root = ['public-profile'] as const

/** Query keys of public profiles: the same for everyone, signed in or not. */
export const publicProfileKeys = {
  all: root,
  detail: (id: string) => [...root, id] as const,
}

/**
 * GET /api/public-profiles/{id}: open to anonymous visitors; 404 'Profile not found.' for an unknown id (the app's
 * query client does not retry a 4xx).
 */
export function usePublicProfileQuery(id: string | undefined) {
  return useQuery({
    queryKey: publicProfileKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiGet(`/api/public-profiles/${encodeURIComponent(id ?? '')}`, publicProfileSchema, { signal }),
    enabled: Boolean(id),
    staleTime: STALE.default,
  })
}
