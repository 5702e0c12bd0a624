import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { STALE } from '#shared/limits.ts'
import { profileSchema, type Profile, type ProfileUpdate } from '#shared/profile.ts'
import { publicConfigSchema } from '#shared/public-config.ts'
import { apiGet, apiSend } from '#web/lib/api-client.ts'

const root = ['profile'] as const
export const profileKeys = { all: root, own: () => [...root, 'own'] as const }
export const configKeys = { all: ['config'] as const }

export function useProfileQuery(enabled = true) {
  return useQuery({ queryKey: profileKeys.own(), queryFn: ({ signal }) => apiGet('/api/profile', profileSchema, { signal }), enabled, staleTime: STALE.default })
}

export function useUpdateProfileMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (update: ProfileUpdate) => apiSend('PATCH', '/api/profile', update, profileSchema),
    onSuccess: (profile) => queryClient.setQueryData<Profile>(profileKeys.own(), profile),
    onSettled: () => invalidateProfile(queryClient),
  })
}

export function invalidateProfile(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: profileKeys.all })
}

/** What the server lets the browser know (Google sign-in on, local mailbox on). */
export function usePublicConfigQuery() {
  return useQuery({ queryKey: configKeys.all, queryFn: () => apiGet('/api/config', publicConfigSchema), staleTime: Infinity })
}
