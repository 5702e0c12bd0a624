import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { STALE } from '#shared/limits.ts'
import { profileSchema, type Profile, type ProfileUpdate } from '#shared/profile.ts'
import { useAuth } from '#web/app/auth-provider.tsx'
import { apiGet, apiSend } from '#web/lib/api-client.ts'

const root = ['profile'] as const

/** Query keys of the signed-in person's profile, per user so that another account never sees a cached one. */
export const profileKeys = {
  all: root,
  own: (userId: string | undefined) => [...root, 'own', userId ?? 'anonymous'] as const,
}

/** GET /api/profile: the server creates the profile when it is missing. */
export function useProfileQuery() {
  const { user } = useAuth()
  return useQuery({
    queryKey: profileKeys.own(user?.id),
    queryFn: ({ signal }) => apiGet('/api/profile', profileSchema, { signal }),
    enabled: Boolean(user),
    staleTime: STALE.default,
  })
}

/**
 * PATCH /api/profile with only the provided fields. Not optimistic: the screens that save (onboarding) move on
 * only once the server has stored the change, and then show the server's answer.
 */
export function useUpdateProfileMutation() {
  const queryClient = useQueryClient()
  const { user } = useAuth()
  return useMutation({
    mutationFn: async (update: ProfileUpdate) => {
      if (!user) throw new Error('No user logged in')
      return apiSend('PATCH', '/api/profile', update, profileSchema)
    },
    onSuccess: (profile) => {
      queryClient.setQueryData<Profile>(profileKeys.own(user?.id), profile)
    },
    onSettled: () => invalidateProfile(queryClient),
  })
}

export function invalidateProfile(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: profileKeys.all })
}

/** PUT /api/profile/welcome-message with an upload from POST /api/audio. */
export function useSaveWelcomeMessageMutation() {
  const queryClient = useQueryClient()
  const { user } = useAuth()
  return useMutation({
    mutationFn: (uploadId: string) => apiSend('PUT', '/api/profile/welcome-message', { upload_id: uploadId }, profileSchema),
    onSuccess: (profile) => {
      queryClient.setQueryData<Profile>(profileKeys.own(user?.id), profile)
    },
    onSettled: () => invalidateProfile(queryClient),
  })
}
