import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useIntl } from 'react-intl'
import type { Message, UnheardMessages } from '#shared/messages.ts'
import { nextUnplayed } from '#shared/playback.ts'
import type { AudioTrack } from '#web/lib/audio-player/audio-player.ts'
import type { Profile } from '#shared/profile.ts'
import { profileKeys } from '#web/resources/profiles/queries.ts'
import { useAuth } from '#web/lib/use-auth.ts'
import { fetchFreshAudioUrl, fetchUnheardMessages, markMessageRead, messageKeys } from './queries.ts'

/** Who speaks in a message, for the mini player's avatar. */
export type TrackSpeaker = { name: string; pictureUrl?: string | null }

/**
 * Turns a message into a track of the shared player: its signed URL (renewed through GET /api/messages/{id} when it
 * is about to expire or fails), the server's duration, the mini player's title ('Ada', or 'You to Ada' for an own
 * message) and who speaks (`other`, the person on the other side, for a received message; the signed-in person, with
 * their own picture, for their own), and its playback screen. A received message is marked heard when it starts playing, and
 * knows what plays next ('Play next automatically'): the same person's next message not yet heard, as
 * GET /api/messages/unheard answers when it ends (and whether there is one, as the cached list says, for the mini
 * player's Next).
 */
export function useMessageTrack(): (message: Message, title: string, other?: TrackSpeaker) => AudioTrack {
  const queryClient = useQueryClient()
  const { user } = useAuth()
  const userId = user?.id
  const userName = user?.name
  const you = useIntl().formatMessage({ id: 'messages.you', defaultMessage: 'You' })
  return useCallback(
    (message: Message, title: string, other?: TrackSpeaker): AudioTrack => {
      // the own picture as the profile has it when it is loaded (settings, overview); initials otherwise
      const ownSpeaker = (): TrackSpeaker => {
        const profile = queryClient.getQueryData<Profile>(profileKeys.own(userId))
        return { name: profile?.name ?? userName ?? you, pictureUrl: profile?.profile_picture_url ?? null }
      }
      /** the same sender's next message in `unheard` that play-next would play after `m` */
      const followingIn = (unheard: Message[], m: Message) => {
        if (userId === undefined) return undefined
        const same = unheard.filter((other) => other.sender_id === m.sender_id && other.id !== m.id)
        const nextId = nextUnplayed([...same, m], m.id, userId)
        return same.find((other) => other.id === nextId)
      }
      const toTrack = (m: Message): AudioTrack => {
        const received = userId !== undefined && m.receiver_id === userId
        const speaker = m.sender_id === userId ? ownSpeaker() : other
        return {
          id: m.id,
          url: m.audio_url,
          title,
          speaker,
          href: `/playback/${encodeURIComponent(m.id)}`,
          durationHint: m.duration_seconds,
          refreshUrl: () => fetchFreshAudioUrl(queryClient, userId, m.id),
          onStart: received && !m.is_read ? () => void markMessageRead(queryClient, m.id) : undefined,
          next: received
            ? async () => {
                const following = followingIn((await fetchUnheardMessages(queryClient, userId)).messages, m)
                return following ? toTrack(following) : null
              }
            : undefined,
          hasNext: received
            ? () => {
                // not loaded yet: there may be one
                const cached = queryClient.getQueryData<UnheardMessages>(messageKeys.unheard(userId))
                return !cached || followingIn(cached.messages, m) !== undefined
              }
            : undefined,
        }
      }
      return toTrack(message)
    },
    [queryClient, userId, userName, you],
  )
}
