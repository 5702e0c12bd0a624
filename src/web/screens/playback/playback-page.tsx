import { ChevronLeft, ChevronRight, MessageCircleReply } from 'lucide-react'
import { useCallback, useEffect, useRef } from 'react'
import type * as React from 'react'
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl'
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router'
import type { Contact } from '#shared/contacts.ts'
import type { Message } from '#shared/messages.ts'
import { conversationPosition, PLAYBACK_SKIP_SECONDS } from '#shared/playback.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { PageHeader, PageLayout } from '#web/components/page-layout.tsx'
import { QueryError } from '#web/components/query-error.tsx'
import { Button, buttonVariants } from '#web/components/ui/button.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { Switch } from '#web/components/ui/switch.tsx'
import { useContactsQuery } from '#web/resources/contacts/queries.ts'
import { AccountDeletedNotice } from '#web/resources/contacts/components/account-deleted-notice.tsx'
import { LikeButton } from '#web/resources/messages/components/like-button.tsx'
import { ReplyQuoteLink } from '#web/resources/messages/components/reply-quote.tsx'
import { useMessageTrack } from '#web/resources/messages/message-track.ts'
import { useContactMessagesQuery, useMarkReadMutation, useMessageQuery } from '#web/resources/messages/queries.ts'
import { isApiRequestError } from '#web/lib/api-client.ts'
import { audioPlayer, useAudioPlayer } from '#web/lib/audio-player/use-audio-player.ts'
import { formatDuration } from '#shared/duration.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { useAuth } from '#web/lib/use-auth.ts'
import { InsightsCard } from './components/insights-card.tsx'
import { PlaybackControls } from './components/playback-controls.tsx'
import { PlaybackTranscript } from './components/playback-transcript.tsx'
import { keyContextOf, playbackKeyAction } from './playback-keys.ts'
import { usePlayNextSetting } from '#web/lib/audio-player/play-next-setting.ts'

const TEXTS: Record<'previous' | 'next' | 'yourContact' | 'youTo', MessageDescriptor> = defineMessages({
  previous: { id: 'playback.nav.previous', defaultMessage: 'Previous message' },
  next: { id: 'playback.nav.next', defaultMessage: 'Next message' },
  yourContact: { id: 'playback.yourContact', defaultMessage: 'Your contact' },
  youTo: { id: 'messages.youTo', defaultMessage: 'You to {name}' },
})

/** Navigation state asking the screen to start playing at once (play-next, or arrows pressed while playing). */
type PlaybackLocationState = { autoplay?: boolean } | null

/** The contact on the other side of the message, looked up in every list (active, inactive, archived). */
function useOtherContact(message: Message | undefined, ownUserId: string | undefined): { contact: Contact | undefined; pending: boolean } {
  const active = useContactsQuery('active', { enabled: Boolean(message) })
  const inactive = useContactsQuery('inactive', { enabled: Boolean(message) })
  const archived = useContactsQuery('archived', { enabled: Boolean(message) })
  if (!message) return { contact: undefined, pending: true }
  const all = [active, inactive, archived].flatMap((query) => query.data?.contacts ?? [])
  const own = message.sender_id === ownUserId
  // someone who deleted their account has no id any more: the message names the reader's row for them (decisions 120, 202)
  const contact =
    message.left_contact_id !== null
      ? all.find((c) => c.id === message.left_contact_id)
      : all.find((c) => c.contact_user_id === (own ? message.receiver_id : message.sender_id))
  return { contact, pending: !contact && [active, inactive, archived].some((query) => query.isPending) }
}

function PlaybackSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-5 md:grid-cols-2">
      <span role="status" className="sr-only">
        <FormattedMessage id="playback.loading" defaultMessage="Loading message" />
      </span>
      <div className="flex flex-col items-center gap-5">
        <Skeleton className="size-28 rounded-full sm:size-36" />
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-72 w-full rounded-2xl" />
      </div>
      <div className="flex flex-col gap-5">
        <Skeleton className="h-40 w-full rounded-2xl" />
        <Skeleton className="h-56 w-full rounded-2xl" />
      </div>
    </div>
  )
}

/** 'n of total' with the previous and next message of the conversation (oldest → newest); navigation replaces history. */
function ConversationNav({ contactId, messageId }: { contactId: string | undefined; messageId: string }) {
  const navigate = useNavigate()
  const messages = useContactMessagesQuery(contactId)
  const playing = useAudioPlayer((s) => s.currentTrack?.id === messageId && s.isPlaying)
  const intl = useIntl()
  const position = messages.data ? conversationPosition(messages.data.messages, messages.data.total, messageId) : null
  if (!position) return null
  const go = (id: string | null) => {
    if (!id) return
    const state: PlaybackLocationState = { autoplay: playing }
    navigate(`/playback/${encodeURIComponent(id)}`, { replace: true, state })
  }
  return (
    <nav
      aria-label={intl.formatMessage({ id: 'playback.nav', defaultMessage: 'Conversation' })}
      className="flex shrink-0 items-center gap-1"
    >
      <Button
        variant="ghost"
        size="icon"
        aria-label={intl.formatMessage(TEXTS.previous)}
        title={intl.formatMessage(TEXTS.previous)}
        disabled={!position.previousId}
        onClick={() => go(position.previousId)}
      >
        <ChevronLeft aria-hidden className="size-5 rtl:-scale-x-100" />
      </Button>
      <span className="min-w-14 text-center text-sm text-muted-foreground tabular-nums" aria-live="polite">
        <FormattedMessage
          id="playback.nav.position"
          defaultMessage="{index} of {total}"
          values={{ index: position.index, total: position.total }}
        />
      </span>
      <Button
        variant="ghost"
        size="icon"
        aria-label={intl.formatMessage(TEXTS.next)}
        title={intl.formatMessage(TEXTS.next)}
        disabled={!position.nextId}
        onClick={() => go(position.nextId)}
      >
        <ChevronRight aria-hidden className="size-5 rtl:-scale-x-100" />
      </Button>
    </nav>
  )
}

type ListeningProps = { message: Message; contact: Contact | undefined; contactPending: boolean; own: boolean }

/** The screen once the message is here: loads it into the shared player and wires the keyboard and play-next. */
function Listening({ message, contact, contactPending, own }: ListeningProps) {
  const navigate = useNavigate()
  const location = useLocation()
  const toTrack = useMessageTrack()
  const [playNext, setPlayNext] = usePlayNextSetting()
  const intl = useIntl()
  const name = contact?.name ?? intl.formatMessage(TEXTS.yourContact)
  const title = own ? intl.formatMessage(TEXTS.youTo, { name }) : name
  const otherName = contact?.name
  const otherPicture = contact?.avatar_url
  const track = useCallback(
    () => toTrack(message, title, otherName === undefined ? undefined : { name: otherName, pictureUrl: otherPicture }),
    [toTrack, message, title, otherName, otherPicture],
  )
  const autoplay = Boolean((location.state as PlaybackLocationState)?.autoplay)
  const hasAudio = message.audio_url.trim() !== ''

  // Opening the screen makes this message the player's track (whatever played before stops; its place is
  // remembered), starting it at once when asked to. Once the contact is known, so the mini player names them.
  // A message without audio only pauses what played: the mini player is hidden here, so nothing plays unseen.
  const loadedFor = useRef<string | null>(null)
  useEffect(() => {
    if (contactPending || loadedFor.current === message.id) return
    loadedFor.current = message.id
    const player = audioPlayer()
    if (!hasAudio) {
      player.pause()
      return
    }
    const state = player.getState()
    if (state.currentTrack?.id === message.id && !state.error) {
      if (autoplay && !state.isPlaying) void player.play()
    } else {
      void player.load(track(), { autoplay })
    }
    // the request to start is used once: a reload of this page must not start playing by itself
    if (autoplay) navigate(`${location.pathname}${location.search}`, { replace: true, state: null })
  }, [contactPending, hasAudio, message.id, autoplay, track, navigate, location.pathname, location.search])

  // Space plays or pauses, the arrows skip 15 s (not while typing, and not where the key already does something).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return
      const action = playbackKeyAction(keyContextOf(event))
      if (!action) return
      const player = audioPlayer()
      const isCurrent = player.getState().currentTrack?.id === message.id
      if (action === 'toggle') {
        if (!hasAudio) return
        event.preventDefault()
        void player.toggle(track())
      } else if (isCurrent) {
        // as the ±15 s buttons: a length not known yet does not stop a skip
        event.preventDefault()
        player.skip(action === 'back' ? -PLAYBACK_SKIP_SECONDS : PLAYBACK_SKIP_SECONDS)
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [message.id, hasAudio, track])

  // When the player moves on from this message by itself ('Play next automatically' or a queue, both in the player
  // store), the screen follows to the message now playing.
  useEffect(() => {
    const player = audioPlayer()
    let previous = player.getState().currentTrack
    return player.subscribe(() => {
      const current = player.getState().currentTrack
      if (current !== previous && previous?.id === message.id && current && current.id !== message.id && current.href) {
        navigate(current.href, { replace: true })
      }
      previous = current
    })
  }, [message.id, navigate])

  const duration = useAudioPlayer((s) => (s.currentTrack?.id === message.id ? s.duration : 0))
  const isCurrent = useAudioPlayer((s) => s.currentTrack?.id === message.id)

  // Document order is what a phone shows: who, the transcript, the player (sticky at the bottom, so its controls
  // stay in reach while the highlighted transcript scrolls), like and play-next, the reply. From 768 px the grid
  // puts the player back under the avatar, with the transcript beside it.
  return (
    <div className="grid grid-cols-1 gap-5 md:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] md:grid-rows-[auto_auto_auto_1fr] md:gap-x-8">
      <section
        aria-label={intl.formatMessage({ id: 'playback.from.label', defaultMessage: 'From' })}
        className="flex flex-col items-center gap-3 pt-2 text-center md:col-start-1 md:row-start-1"
      >
        <Avatar
          name={contact?.name ?? '?'}
          src={contact?.avatar_url}
          alt=""
          size={null}
          className="size-24 shadow-md ring-4 ring-card sm:size-36 md:size-40"
        />
        <div className="flex flex-col items-center gap-1">
          <p className="text-2xl font-semibold tracking-tight break-words">
            {own ? title : intl.formatMessage({ id: 'playback.from', defaultMessage: 'From {name}' }, { name })}
          </p>
          <p className="text-sm text-muted-foreground">
            <FormattedMessage
              id="playback.voiceMessageLength"
              defaultMessage="Voice message · {duration}"
              values={{ duration: formatDuration(message.duration_seconds) }}
            />
          </p>
        </div>
        {message.reply_to && (
          <ReplyQuoteLink
            quote={message.reply_to}
            // the reader is the sender of their own message, the receiver of the other's
            ownUserId={(own ? message.sender_id : message.receiver_id) ?? ''}
            contactName={name}
            className="w-full max-w-sm text-start text-sm leading-5"
          />
        )}
      </section>

      <div className="flex flex-col gap-5 md:col-start-2 md:row-span-4 md:row-start-1">
        <PlaybackTranscript message={message} isCurrent={isCurrent} duration={duration} />
        <InsightsCard message={message} received={!own} tips={!contact?.account_deleted} />
      </div>

      <section
        aria-label={intl.formatMessage({ id: 'playback.player', defaultMessage: 'Player' })}
        data-slot="playback-dock"
        className="sticky bottom-0 z-20 -mx-4 border-t bg-card/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-8px_24px_-12px_rgb(0_0_0/0.25)] backdrop-blur supports-[backdrop-filter]:bg-card/85 sm:-mx-6 sm:px-6 md:static md:col-start-1 md:row-start-2 md:mx-0 md:rounded-2xl md:border md:bg-card md:p-5 md:shadow-sm md:backdrop-blur-none"
      >
        <PlaybackControls message={message} track={track} speaker={name} own={own} className="gap-3 md:gap-4" />
      </section>

      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 rounded-2xl border bg-card px-5 py-3 shadow-sm md:col-start-1 md:row-start-3">
        <div className="flex items-center gap-1">
          <LikeButton messageId={message.id} liked={message.liked} className="-ms-2" />
          <span className="text-sm text-muted-foreground">
            {message.liked ? (
              <FormattedMessage id="playback.liked" defaultMessage="Liked" />
            ) : (
              <FormattedMessage id="messages.like" defaultMessage="Like" />
            )}
          </span>
        </div>
        {!own && (
          <div className="flex items-center gap-2.5">
            <Label htmlFor="play-next" className="cursor-pointer text-sm font-normal text-muted-foreground">
              <FormattedMessage id="playback.playNext" defaultMessage="Play next automatically" />
            </Label>
            <Switch id="play-next" checked={playNext} onCheckedChange={setPlayNext} />
          </div>
        )}
      </div>

      {contact?.account_deleted ? (
        // no reply can reach someone who left (decision 202): said calmly where the reply button would be
        <AccountDeletedNotice name={contact.name} className="md:col-start-1 md:row-start-4 md:self-start" />
      ) : (
        !own &&
        contact && (
          <Link
            to={`/record/${encodeURIComponent(contact.id)}?replyTo=${encodeURIComponent(message.id)}`}
            className={buttonVariants({ size: 'lg', className: 'w-full md:col-start-1 md:row-start-4 md:self-start' })}
          >
            <MessageCircleReply aria-hidden />
            <FormattedMessage id="playback.reply" defaultMessage="Record Thoughtful Reply" />
          </Link>
        )
      )}
    </div>
  )
}

/**
 * /playback/{messageId} (docs/product/playback.md): the big avatar, the player (waveform, seek, ±15 s, play/pause, speed,
 * like), the transcript highlighted as it is spoken, AI Insights with tips, 'Record Thoughtful Reply', and the
 * previous/next arrows through the conversation. Opening a received unread message marks it read, once. A message
 * that is not yours goes home; Back goes to the contact.
 */
export function PlaybackPage() {
  const { messageId } = useParams()
  const { user } = useAuth()
  const message = useMessageQuery(messageId)
  const markRead = useMarkReadMutation()
  const marked = useRef<string | null>(null)
  const data = message.data
  const { contact, pending: contactPending } = useOtherContact(data, user?.id)
  const own = Boolean(data && user && data.sender_id === user.id)
  const intl = useIntl()
  usePageMeta({
    title: contact
      ? intl.formatMessage({ id: 'playback.pageTitle', defaultMessage: 'Message with {name} - Hearth' }, { name: contact.name })
      : intl.formatMessage({ id: 'playback.pageTitle.loading', defaultMessage: 'Message - Hearth' }),
  })

  useEffect(() => {
    if (!data || !user || data.receiver_id !== user.id || data.is_read || marked.current === data.id) return
    marked.current = data.id
    markRead.mutate(data.id)
  }, [data, user, markRead])

  if (isApiRequestError(message.error, 404)) return <Navigate to="/" replace />

  const back = contact ? `/contacts/profile/${encodeURIComponent(contact.id)}` : '/'

  let body: React.ReactNode
  if (message.isPending) {
    body = <PlaybackSkeleton />
  } else if (message.isError) {
    body = (
      <QueryError
        message={intl.formatMessage({ id: 'playback.loadFailed', defaultMessage: 'Failed to load the message' })}
        detail={message.error.message}
        retrying={message.isFetching}
        onRetry={() => void message.refetch()}
      />
    )
  } else {
    body = <Listening message={message.data} contact={contact} contactPending={contactPending} own={own} />
  }

  return (
    <PageLayout
      header={
        <PageHeader
          back={back}
          title={contact ? contact.name : intl.formatMessage({ id: 'playback.title.loading', defaultMessage: 'Voice message' })}
          actions={data && <ConversationNav contactId={contact?.id} messageId={data.id} />}
        />
      }
    >
      {body}
    </PageLayout>
  )
}
