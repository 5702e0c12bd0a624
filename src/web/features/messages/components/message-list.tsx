import { Check, CheckCheck, Reply } from 'lucide-react'
import type * as React from 'react'
import { useState } from 'react'
import { Link } from 'react-router'
import type { Message } from '#shared/messages.ts'
import { relativeTime } from '#shared/relative-time.ts'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/utils.ts'
import { insightsHeldBack, messageText } from '#web/features/messages/message-text.ts'
import { LikeButton } from './like-button.tsx'
import { MessageTags } from './message-tags.tsx'
import { RetryTranscriptionButton } from './retry-transcription-button.tsx'
import { VoicePlayer } from './voice-player.tsx'

/** Read ticks on your own messages: one for sent, two for read. */
export function ReadTicks({ read, className }: { read: boolean; className?: string }) {
  return (
    <span role="img" aria-label={read ? 'Read' : 'Sent'} title={read ? 'Read' : 'Sent'} className={cn('inline-flex', className)}>
      {read ? <CheckCheck aria-hidden className="size-4 text-primary" /> : <Check aria-hidden className="size-4" />}
    </span>
  )
}

type MessageCardProps = React.ComponentProps<'article'> & {
  message: Message
  own: boolean
  contactId: string
  contactName: string
  /** the contact's picture, for the mini player while one of their messages plays */
  contactPictureUrl?: string | null
  onPlayUnread?: (message: Message) => void
}

/**
 * One message of the conversation: who, when, the waveform with Play, the transcription or its status, ticks or the
 * unread marker, chips, like and Reply. The card itself opens /playback/{id}; the controls sit above that link.
 */
export function MessageCard({
  message,
  own,
  contactId,
  contactName,
  contactPictureUrl,
  onPlayUnread,
  className,
  ...props
}: MessageCardProps) {
  const who = own ? 'You' : contactName
  const when = relativeTime(message.created_at)
  const { text, isStatus } = messageText(message)
  const unread = !own && !message.is_read
  return (
    <article
      data-slot="message-card"
      // too unsure a transcript carries no tags; the playback screen says why, the bubble stays quiet
      data-insights={insightsHeldBack(message) ? 'held-back' : undefined}
      className={cn(
        // a chat bubble: compact, at most ~30 rem wide, yours on the right with its tail corner there
        'relative flex w-full max-w-[min(30rem,88%)] flex-col gap-2 rounded-2xl border p-3 shadow-sm transition-colors has-[[data-slot=message-open]:focus-visible]:ring-[3px] has-[[data-slot=message-open]:focus-visible]:ring-ring has-[[data-slot=message-open]:hover]:bg-muted/40',
        own ? 'ml-auto rounded-br-md bg-secondary' : 'mr-auto rounded-bl-md border-primary/25 bg-card',
        unread && 'border-primary/60',
        className,
      )}
      {...props}
    >
      <div className="flex items-center justify-between gap-2 text-sm">
        <h2 className="flex min-w-0 items-center gap-2 font-semibold">
          <Link
            data-slot="message-open"
            to={`/playback/${encodeURIComponent(message.id)}`}
            aria-label={`Open message from ${own ? 'you' : contactName}, ${when}`}
            className="truncate outline-none after:absolute after:inset-0 after:rounded-2xl"
          >
            {who}
          </Link>
          {unread && <span className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">New</span>}
        </h2>
        <span className="flex shrink-0 items-center gap-1.5 text-muted-foreground">
          <time dateTime={message.created_at}>{when}</time>
          {own && <ReadTicks read={message.is_read} />}
        </span>
      </div>
      <VoicePlayer
        message={message}
        speaker={own ? 'you' : contactName}
        title={own ? `You to ${contactName}` : contactName}
        other={{ name: contactName, pictureUrl: contactPictureUrl }}
        onPlay={() => {
          if (unread) onPlayUnread?.(message)
        }}
      />
      <p data-slot="message-text" className={cn('text-sm leading-relaxed', isStatus ? 'text-muted-foreground italic' : 'text-foreground')}>
        {text}
      </p>
      {message.processing_status === 'failed' && <RetryTranscriptionButton message={message} className="relative z-10 self-start" />}
      <MessageTags message={message} />
      <div className="-mb-1 flex items-center justify-end gap-1">
        <LikeButton messageId={message.id} liked={message.liked} className="relative z-10" />
        {!own && (
          <Link
            to={`/record/${encodeURIComponent(contactId)}?replyTo=${encodeURIComponent(message.id)}`}
            className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'relative z-10' })}
          >
            <Reply aria-hidden />
            Reply
          </Link>
        )}
      </div>
    </article>
  )
}

type MessageListProps = React.ComponentProps<'ol'> & {
  messages: Message[]
  ownUserId: string
  contactId: string
  contactName: string
  contactPictureUrl?: string | null
  /** called when the receiver starts playing a message they had not read */
  onPlayUnread?: (message: Message) => void
}

/**
 * The conversation's messages as a chat reads them: oldest at the top, newest at the bottom (as every chat app
 * reads them, decision 72). A message arriving while it is open rises in (not under
 * reduced motion).
 */
export function MessageList({
  messages,
  ownUserId,
  contactId,
  contactName,
  contactPictureUrl,
  onPlayUnread,
  className,
  ...props
}: MessageListProps) {
  const sorted = [...messages].sort((a, b) => a.created_at.localeCompare(b.created_at))
  // what was there when the conversation opened; a message newer than that arrived live and rises into place
  const [openedAt] = useState(() => sorted.at(-1)?.created_at ?? new Date().toISOString())
  return (
    <ol data-slot="message-list" className={cn('flex flex-col gap-3', className)} {...props}>
      {sorted.map((message) => (
        <li
          key={message.id}
          data-arrived={message.created_at > openedAt || undefined}
          className={cn(message.created_at > openedAt && 'motion-safe:animate-in-rise')}
        >
          <MessageCard
            message={message}
            own={message.sender_id === ownUserId}
            contactId={contactId}
            contactName={contactName}
            contactPictureUrl={contactPictureUrl}
            onPlayUnread={onPlayUnread}
          />
        </li>
      ))}
    </ol>
  )
}
