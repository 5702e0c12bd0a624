import { useQuery } from '@tanstack/react-query'
import { STALE } from '#shared/limits.ts'
import { publicProfileSchema } from '#shared/public-profile.ts'
import { apiGet } from '#web/lib/api-client.ts'
import { useAuth } from '#web/lib/use-auth.ts'

const root = ['public-profile'] as const

/** Query keys of public profiles, per viewer: the person and the people they chose see their whole gallery (decision 124). */
export const publicProfileKeys = {
  all: root,
  detail: (id: string, viewerId: string | undefined) => [...root, id, viewerId ?? 'anonymous'] as const,
}

/**
 * GET /api/public-profiles/{id}: open to anonymous visitors; 404 'Profile not found.' for an unknown id (the app's
 * query client does not retry a 4xx).
 */
export function usePublicProfileQuery(id: string | undefined) {
  const { user } = useAuth()
  return useQuery({
    queryKey: publicProfileKeys.detail(id ?? '', user?.id),
    queryFn: ({ signal }) => apiGet(`/api/public-profiles/${encodeURIComponent(id ?? '')}`, publicProfileSchema, { signal }),
    enabled: Boolean(id),
    staleTime: STALE.default,
  })
}
