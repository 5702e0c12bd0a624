import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { STALE } from '#shared/limits.ts'
import { photoListSchema, photoSchema, type Photo } from '#shared/photos.ts'
import { useAuth } from '#web/lib/use-auth.ts'
import { invalidateProfile } from '#web/resources/profiles/queries.ts'
import { apiGet, apiSend, apiUpload } from '#web/lib/api-client.ts'

const root = ['photos'] as const

/** Query keys of the signed-in person's photos, per user. */
export const photoKeys = {
  all: root,
  own: (userId: string | undefined) => [...root, 'own', userId ?? 'anonymous'] as const,
}

/** GET /api/photos: the person's own photos in their order. */
export function usePhotosQuery() {
  const { user } = useAuth()
  return useQuery({
    queryKey: photoKeys.own(user?.id),
    queryFn: ({ signal }) => apiGet('/api/photos', photoListSchema, { signal }),
    enabled: Boolean(user),
    staleTime: STALE.default,
  })
}

/**
 * The photo changes: each answers the new list, which replaces the cached one; the profile (its picture) is
 * refetched after each, since the primary may have changed.
 */
export function usePhotoMutations() {
  const queryClient = useQueryClient()
  const { user } = useAuth()
  const key = photoKeys.own(user?.id)
  const settled = () => Promise.all([queryClient.invalidateQueries({ queryKey: root }), invalidateProfile(queryClient)])
  const replace = (photos: Photo[]) => queryClient.setQueryData<Photo[]>(key, photos)
  return {
    upload: useMutation({
      mutationFn: (file: File) => apiUpload('/api/photos', file, photoSchema),
      onSettled: settled,
    }),
    reorder: useMutation({
      mutationFn: (ids: string[]) => apiSend('PUT', '/api/photos/order', { ids }, photoListSchema),
      onSuccess: replace,
      onSettled: settled,
    }),
    setPrimary: useMutation({
      mutationFn: (id: string) => apiSend('POST', `/api/photos/${id}/primary`, undefined, photoListSchema),
      onSuccess: replace,
      onSettled: settled,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiSend('DELETE', `/api/photos/${id}`, undefined, photoListSchema),
      onSuccess: replace,
      onSettled: settled,
    }),
  }
}
