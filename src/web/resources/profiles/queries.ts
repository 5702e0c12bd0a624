import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { STALE } from '#shared/limits.ts'
import { WELCOME_TRANSCRIPT_POLL_MAX_MS, WELCOME_TRANSCRIPT_POLL_MS, WELCOME_TRANSCRIPT_REFRESH_MS } from '#shared/speech.ts'
import type { Profile, ProfileUpdate } from '#shared/profile.ts'
import { apiGet, apiSend, lazySchemas } from '#web/lib/api-client.ts'
import { useAuth } from '#web/lib/use-auth.ts'

// answers are validated with schemas that load with zod beside the first screen, not in it (decision 170)
const schema = lazySchemas(() => import('#shared/profile.ts'))

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
    queryFn: ({ signal }) => apiGet('/api/profile', schema('profileSchema'), { signal }),
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
      return apiSend('PATCH', '/api/profile', update, schema('profileSchema'))
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
    mutationFn: (uploadId: string) => apiSend('PUT', '/api/profile/welcome-message', { upload_id: uploadId }, schema('profileSchema')),
    onSuccess: (profile) => {
      queryClient.setQueryData<Profile>(profileKeys.own(user?.id), profile)
    },
    onSettled: () => invalidateProfile(queryClient),
  })
}

/** Whether the welcome transcript is still on its way (the server has not finished or given up). */
export function welcomeTranscriptInFlight(profile: Pick<Profile, 'welcome_audio_url' | 'welcome_transcript_status'> | undefined): boolean {
  if (!profile?.welcome_audio_url) return false
  return profile.welcome_transcript_status === 'pending' || profile.welcome_transcript_status === 'processing'
}

/**
 * When to fetch the own profile again while waiting for the welcome transcript (docs/product/settings.md): every 3 s
 * while it is on its way, for at most 120 s from `waitingSince`, then once more 1 s after it completed.
 * `state.refreshed` remembers that last fetch was made.
 */
export function welcomeTranscriptRefetchInterval(
  profile: Profile | undefined,
  waitingSince: number,
  now: number,
  state: { sawInFlight: boolean; refreshed: boolean },
): number | false {
  if (welcomeTranscriptInFlight(profile)) {
    state.sawInFlight = true
    return now - waitingSince < WELCOME_TRANSCRIPT_POLL_MAX_MS ? WELCOME_TRANSCRIPT_POLL_MS : false
  }
  if (state.sawInFlight && !state.refreshed && profile?.welcome_transcript_status === 'completed') {
    state.refreshed = true
    return WELCOME_TRANSCRIPT_REFRESH_MS
  }
  return false
}

/**
 * The own profile, polled as `welcomeTranscriptRefetchInterval` says from when the screen started waiting;
 * realtime `profile.updated` usually comes first.
 */
export function useWelcomeTranscriptQuery() {
  const { user } = useAuth()
  const [waitingSince] = useState(() => Date.now())
  const polling = useRef({ sawInFlight: false, refreshed: false })
  return useQuery({
    queryKey: profileKeys.own(user?.id),
    queryFn: ({ signal }) => apiGet('/api/profile', schema('profileSchema'), { signal }),
    enabled: Boolean(user),
    staleTime: STALE.default,
    refetchInterval: (query) => welcomeTranscriptRefetchInterval(query.state.data, waitingSince, Date.now(), polling.current),
  })
}
