import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { STALE } from '#shared/limits.ts'
import type { CreateMeeting, NudgeSettings, OpenNudges } from '#shared/relationship-health.ts'
import { apiGet, apiSend, lazySchemas } from '#web/lib/api-client.ts'
import { useAuth } from '#web/lib/use-auth.ts'

// answers are validated with schemas that load with zod beside the first screen, not in it (decision 170)
const schema = lazySchemas(() => import('#shared/relationship-health.ts'))

const root = ['relationship-health'] as const

/** Query keys of the signed-in person's relationship-health views, per user. */
export const healthKeys = {
  all: root,
  detail: (userId: string | undefined, contactId: string) => [...root, userId ?? 'anonymous', contactId] as const,
}

export const invalidateHealth = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: root })

/** GET /api/contacts/{id}/health: the caller's own view of one relationship. */
export function useRelationshipHealthQuery(contactId: string | undefined) {
  const { user } = useAuth()
  return useQuery({
    queryKey: healthKeys.detail(user?.id, contactId ?? ''),
    queryFn: ({ signal }) =>
      apiGet(`/api/contacts/${encodeURIComponent(contactId ?? '')}/health`, schema('relationshipHealthSchema'), { signal }),
    enabled: Boolean(contactId),
    staleTime: STALE.default,
  })
}

/** POST /api/contacts/{id}/meetings ("We met"); the health view is refetched once it settles. */
export function useCreateMeetingMutation(contactId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateMeeting) =>
      apiSend('POST', `/api/contacts/${encodeURIComponent(contactId)}/meetings`, input, schema('meetingSchema')),
    onSettled: () => invalidateHealth(queryClient),
  })
}

const nudgeKeys = {
  settings: (userId: string | undefined) => [...root, userId ?? 'anonymous', 'nudge-settings'] as const,
  open: (userId: string | undefined) => [...root, userId ?? 'anonymous', 'open-nudges'] as const,
}

/**
 * A message between the person and this contact was sent: the contact is no longer quiet, so its nudge hint goes
 * (GET /api/nudges lists nudges with no message since).
 */
export function closeOpenNudge(queryClient: QueryClient, userId: string, contactId: string) {
  const key = nudgeKeys.open(userId)
  const open = queryClient.getQueryData<OpenNudges>(key)
  if (!open?.nudges.some((n) => n.contact_id === contactId)) return
  queryClient.setQueryData<OpenNudges>(key, { ...open, nudges: open.nudges.filter((n) => n.contact_id !== contactId) })
}

/** GET /api/nudges: the contacts nudged lately and still quiet (a soft hint on their home tiles). */
export function useOpenNudgesQuery() {
  const { user } = useAuth()
  return useQuery({
    queryKey: nudgeKeys.open(user?.id),
    queryFn: ({ signal }) => apiGet('/api/nudges', schema('openNudgesSchema'), { signal }),
    enabled: Boolean(user),
    staleTime: STALE.default,
    select: (data) => new Set(data.nudges.map((n) => n.contact_id)),
  })
}

/** GET /api/nudges/settings: whether the person gets gentle nudges. */
export function useNudgeSettingsQuery() {
  const { user } = useAuth()
  return useQuery({
    queryKey: nudgeKeys.settings(user?.id),
    queryFn: ({ signal }) => apiGet('/api/nudges/settings', schema('nudgeSettingsSchema'), { signal }),
    staleTime: STALE.default,
  })
}

/** PUT /api/nudges/settings, shown at once and rolled back on failure. */
export function useUpdateNudgeSettingsMutation() {
  const { user } = useAuth()
  const queryClient = useQueryClient()
  const key = nudgeKeys.settings(user?.id)
  return useMutation({
    mutationFn: (settings: NudgeSettings) => apiSend('PUT', '/api/nudges/settings', settings, schema('nudgeSettingsSchema')),
    onMutate: async (settings) => {
      await queryClient.cancelQueries({ queryKey: key })
      const previous = queryClient.getQueryData<NudgeSettings>(key)
      queryClient.setQueryData(key, settings)
      return { previous }
    },
    onError: (_error, _settings, context) => queryClient.setQueryData(key, context?.previous),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  })
}
