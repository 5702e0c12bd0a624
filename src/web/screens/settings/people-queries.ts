import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { adminOverviewSchema, hearthRoleSchema, type SignUpMode } from '#shared/admin.ts'
import { STALE } from '#shared/limits.ts'
import { configKeys } from '#web/resources/config/queries.ts'
import { apiGet, apiSend } from '#web/lib/api-client.ts'
import { useAuth } from '#web/lib/use-auth.ts'

const root = ['hearth-admin'] as const

/** Query keys of the owner's screen and of the signed-in person's role, per user. */
const adminKeys = {
  role: (userId: string | undefined) => [...root, 'role', userId ?? 'anonymous'] as const,
  overview: (userId: string | undefined) => [...root, 'overview', userId ?? 'anonymous'] as const,
}

function invalidateAdmin(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: root })
}

/** GET /api/me/role: whether I run this Hearth (settings offers the owner's screen to the owner only). */
export function useHearthRoleQuery() {
  const { user } = useAuth()
  return useQuery({
    queryKey: adminKeys.role(user?.id),
    queryFn: ({ signal }) => apiGet('/api/me/role', hearthRoleSchema, { signal }),
    enabled: Boolean(user),
    staleTime: STALE.default,
  })
}

/** GET /api/admin: every account, the sign-up mode and the recent log (the owner only). */
export function useAdminOverviewQuery() {
  const { user } = useAuth()
  return useQuery({
    queryKey: adminKeys.overview(user?.id),
    queryFn: ({ signal }) => apiGet('/api/admin', adminOverviewSchema, { signal }),
    enabled: Boolean(user),
    staleTime: STALE.default,
  })
}

/** PUT /api/admin/sign-up-mode; the landing's public configuration follows. */
export function useSetSignUpModeMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (mode: SignUpMode) => apiSend('PUT', '/api/admin/sign-up-mode', { mode }, z.undefined()),
    onSettled: () => Promise.all([invalidateAdmin(queryClient), queryClient.invalidateQueries({ queryKey: configKeys.all })]),
  })
}

export type AccountAction = 'disable' | 'enable' | 'delete' | 'resend'

/** One of the owner's actions on an account. */
export function useAccountActionMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ action, id }: { action: AccountAction; id: string }) => {
      const path = `/api/admin/accounts/${encodeURIComponent(id)}`
      if (action === 'delete') return apiSend('DELETE', path, undefined, z.undefined())
      return apiSend('POST', `${path}/${action === 'resend' ? 'resend-confirmation' : action}`, undefined, z.undefined())
    },
    onSettled: () => invalidateAdmin(queryClient),
  })
}
