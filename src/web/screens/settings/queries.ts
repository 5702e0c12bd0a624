import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { deviceSessionListSchema, revokedSessionsSchema } from '#shared/account.ts'
import { STALE } from '#shared/limits.ts'
import { apiGet, apiSend } from '#web/lib/api-client.ts'
import { authClient } from '#web/lib/auth-client.ts'
import { useAuth } from '#web/lib/use-auth.ts'

const root = ['account-sessions'] as const

/** Query keys of the signed-in person's devices, per user. */
export const accountSessionKeys = {
  all: root,
  list: (userId: string | undefined) => [...root, userId ?? 'anonymous'] as const,
}

export function invalidateAccountSessions(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: accountSessionKeys.all })
}

/** GET /api/account/sessions: my signed-in devices, this one marked. */
export function useAccountSessionsQuery() {
  const { user } = useAuth()
  return useQuery({
    queryKey: accountSessionKeys.list(user?.id),
    queryFn: ({ signal }) => apiGet('/api/account/sessions', deviceSessionListSchema, { signal }),
    enabled: Boolean(user),
    staleTime: STALE.default,
  })
}

/** DELETE /api/account/sessions/{id}: signs one other device out. */
export function useRevokeSessionMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiSend('DELETE', `/api/account/sessions/${encodeURIComponent(id)}`, undefined, z.undefined()),
    onSettled: () => invalidateAccountSessions(queryClient),
  })
}

/** POST /api/account/sessions/revoke-others: "Sign out everywhere else". */
export function useRevokeOtherSessionsMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiSend('POST', '/api/account/sessions/revoke-others', undefined, revokedSessionsSchema),
    onSettled: () => invalidateAccountSessions(queryClient),
  })
}

/** The refusal of a password change, with Better Auth's code so the screen can say which field is wrong. */
export class PasswordChangeError extends Error {
  readonly code: string | undefined
  constructor(code: string | undefined, message: string) {
    super(message)
    this.code = code
  }
}

/**
 * Better Auth's /change-password with revokeOtherSessions: the other devices end, this one gets a new cookie.
 * Better Auth's client answers `{ error }` rather than throwing; it becomes a PasswordChangeError here.
 */
export function useChangePasswordMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ current, password }: { current: string; password: string }) => {
      const { error } = await authClient.changePassword({ currentPassword: current, newPassword: password, revokeOtherSessions: true })
      if (error) throw new PasswordChangeError(error.code, error.message ?? '')
    },
    onSettled: () => invalidateAccountSessions(queryClient),
  })
}
