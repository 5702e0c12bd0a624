import { ArrowLeft, MessageCircleReply } from 'lucide-react'
import { useEffect, useRef } from 'react'
import type * as React from 'react'
import { Link, Navigate, useParams } from 'react-router'
import type { Contact } from '#shared/contacts.ts'
import type { Message } from '#shared/messages.ts'
import { relativeTime } from '#shared/relative-time.ts'
import { useAuth } from '#web/app/auth-provider.tsx'
import { Avatar } from '#web/components/avatar.tsx'
import { QueryError } from '#web/components/query-error.tsx'
import { Button, buttonVariants } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { useContactsQuery } from '#web/features/contacts/queries.ts'
import { LikeButton } from '#web/features/messages/components/like-button.tsx'
import { MessageTags } from '#web/features/messages/components/message-tags.tsx'
import { VoicePlayer } from '#web/features/messages/components/voice-player.tsx'
import { messageText, PLAYBACK_TEXTS } from '#web/features/messages/message-text.ts'
import { useMarkReadMutation, useMessageQuery } from '#web/features/messages/queries.ts'
import { isApiRequestError } from '#web/lib/api-client.ts'
import { formatDuration } from '#web/lib/recorder/recorder-helpers.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { cn } from '#web/lib/utils.ts'

/** The contact on the other side of the message, looked up in every list (active, inactive, archived). */
function useOtherContact(message: Message | undefined, ownUserId: string | undefined): { contact: Contact | undefined; pending: boolean } {
  const active = useContactsQuery('active', { enabled: Boolean(message) })
  const inactive = useContactsQuery('inactive', { enabled: Boolean(message) })
  const archived = useContactsQuery('archived', { enabled: Boolean(message) })
  if (!message) return { contact: undefined, pending: true }
  const otherId = message.sender_id === ownUserId ? message.receiver_id : message.sender_id
  const all = [active, inactive, archived].flatMap((query) => query.data?.contacts ?? [])
  const contact = all.find((c) => c.contact_user_id === otherId)
  return { contact, pending: !contact && [active, inactive, archived].some((query) => query.isPending) }
}

function BackLink({ to }: { to: string }) {
  return (
    <Button asChild variant="ghost" size="icon" className="-ml-2 shrink-0">
      <Link to={to} aria-label="Back" title="Back">
        <ArrowLeft aria-hidden className="size-5" />
      </Link>
    </Button>
  )
}

function PlaybackSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col items-center gap-5">
      <span role="status" className="sr-only">
        Loading message
      </span>
      <Skeleton className="size-32 rounded-full sm:size-40" />
      <Skeleton className="h-6 w-40" />
      <Skeleton className="h-4 w-28" />
      <Skeleton className="h-36 w-full rounded-2xl" />
      <Skeleton className="h-28 w-full rounded-2xl" />
    </div>
  )
}

/**
 * /playback/{messageId}, minimal (spec 001 section 2; the full player with transcript highlighting, skip and speed
 * comes later): who, when, the player, like, the transcription or its status, chips and 'Record Thoughtful Reply'.
 * Opening a received unread message marks it read, once. A message that is not yours goes home.
 */
export function PlaybackPage() {
  const { messageId } = useParams()
  const { user } = useAuth()
  const message = useMessageQuery(messageId)
  const markRead = useMarkReadMutation()
  const marked = useRef<string | null>(null)
  const data = message.data
  const { contact } = useOtherContact(data, user?.id)
  const own = Boolean(data && user && data.sender_id === user.id)
  const name = contact?.name ?? (own ? 'your contact' : 'Your contact')
  usePageMeta({ title: contact ? `Message with ${contact.name} - Hearth` : 'Message - Hearth' })

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
        message="Failed to load the message"
        detail={message.error.message}
        retrying={message.isFetching}
        onRetry={() => void message.refetch()}
      />
    )
  } else {
    const m = message.data
    const { text, isStatus } = messageText(m)
    const when = relativeTime(m.created_at)
    body = (
      <div className="flex flex-col gap-5">
        <section aria-label="Message" className="flex flex-col items-center gap-3 text-center">
          <Avatar
            name={contact?.name ?? '?'}
            src={contact?.avatar_url}
            alt=""
            size={null}
            className="size-32 shadow-md ring-4 ring-card sm:size-40"
          />
          <div className="flex flex-col items-center gap-1">
            <p className="text-2xl font-semibold tracking-tight break-words">{own ? `You to ${name}` : `From ${name}`}</p>
            <p className="text-sm text-muted-foreground">
              <time dateTime={m.created_at}>{when}</time> · {formatDuration(m.duration_seconds)}
            </p>
          </div>
        </section>
        <section aria-label="Player" className="flex flex-col gap-4 rounded-2xl border bg-card p-5 shadow-sm">
          {m.audio_url ? (
            <VoicePlayer src={m.audio_url} durationSeconds={m.duration_seconds} peaks={m.waveform} speaker={own ? 'you' : name} size="lg" />
          ) : (
            <p role="alert" className="py-4 text-center text-sm text-muted-foreground">
              {PLAYBACK_TEXTS.unavailable}
            </p>
          )}
          <div className="flex items-center justify-between gap-2 border-t pt-3">
            <span className="text-sm text-muted-foreground">{m.liked ? 'Liked' : 'Like this message'}</span>
            <LikeButton messageId={m.id} liked={m.liked} />
          </div>
        </section>
        <section aria-labelledby="transcript-heading" className="flex flex-col gap-3 rounded-2xl border bg-card p-5 shadow-sm">
          <h2 id="transcript-heading" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            Transcript
          </h2>
          <p className={cn('leading-relaxed', isStatus ? 'text-muted-foreground italic' : 'text-foreground')}>{text}</p>
          <MessageTags message={m} maxEmotions={3} maxTopics={3} />
        </section>
        {!own && contact && (
          <Link
            to={`/record/${encodeURIComponent(contact.id)}?replyTo=${encodeURIComponent(m.id)}`}
            className={buttonVariants({ size: 'lg', className: 'w-full' })}
          >
            <MessageCircleReply aria-hidden />
            Record Thoughtful Reply
          </Link>
        )}
      </div>
    )
  }

  return (
    <div className="flex min-h-dvh flex-col bg-hearth-glow">
      <header className="mx-auto flex w-full max-w-xl items-center gap-2 px-4 py-3 sm:px-6">
        <BackLink to={back} />
        <h1 className="min-w-0 flex-1 truncate text-xl font-semibold tracking-tight">{contact ? contact.name : 'Voice message'}</h1>
      </header>
      <main className="mx-auto flex w-full max-w-xl flex-1 flex-col px-4 pt-2 pb-16 sm:px-6">{body}</main>
    </div>
  )
}
