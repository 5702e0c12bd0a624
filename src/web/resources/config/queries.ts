import { useQuery } from '@tanstack/react-query'
import { STALE } from '#shared/limits.ts'
import { publicConfigSchema } from '#shared/public-config.ts'
import { apiGet } from '#web/lib/api-client.ts'

const root = ['config'] as const
export const configKeys = { all: root, public: () => [...root, 'public'] as const }

/** GET /api/config: what the server lets the browser know (Google sign-in on, local mailbox on). */
export function usePublicConfigQuery() {
  return useQuery({
    queryKey: configKeys.public(),
    queryFn: ({ signal }) => apiGet('/api/config', publicConfigSchema, { signal }),
    staleTime: STALE.default,
  })
}
