import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { Message } from '#shared/messages.ts'
import type { AudioTrack } from '#web/lib/audio-player/audio-player.ts'
import { useAuth } from '#web/lib/use-auth.ts'
import { fetchFreshAudioUrl } from './queries.ts'

/**
 * Turns a message into a track of the shared player: its signed URL (renewed through GET /api/messages/{id} when it
 * is about to expire or fails), the server's duration, the mini player's title ('Ada', or 'You to Ada' for an own
 * message) and its playback screen.
 */
export function useMessageTrack(): (message: Message, title: string) => AudioTrack {
  const queryClient = useQueryClient()
  const { user } = useAuth()
  const userId = user?.id
  return useCallback(
    (message: Message, title: string): AudioTrack => ({
      id: message.id,
      url: message.audio_url,
      title,
      href: `/playback/${encodeURIComponent(message.id)}`,
      durationHint: message.duration_seconds,
      refreshUrl: () => fetchFreshAudioUrl(queryClient, userId, message.id),
    }),
    [queryClient, userId],
  )
}
