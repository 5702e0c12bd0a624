import { ChevronRight } from 'lucide-react'
import type * as React from 'react'
import { useIntl } from 'react-intl'
import { Link } from 'react-router'
import type { Message } from '#shared/messages.ts'
import { formatTimeAgo } from '#web/i18n/relative-time.ts'
import { useTrackStatus } from '#web/lib/audio-player/use-audio-player.ts'
import { formatDuration } from '#shared/duration.ts'
import { cn } from '#web/lib/utils.ts'
import { messageText } from '../message-text.ts'
import { BUBBLE_TEXTS, ReadTicks } from './message-list.tsx'
import { MessagePlayButton } from './voice-player.tsx'

type MessageRowProps = {
  message: Message
  own: boolean
  contactName: string
  onPlayUnread?: (message: Message) => void
}

/** One compact row: Play on the shared player, then who, when, m:ss (or the elapsed time while it plays) and a line of text. */
function MessageRow({ message, own, contactName, onPlayUnread }: MessageRowProps) {
  const intl = useIntl()
  const { text, isStatus } = messageText(message, intl)
  const unread = !own && !message.is_read
  const when = formatTimeAgo(intl, message.created_at)
  const { current, playing, time } = useTrackStatus(message.id)
  const showElapsed = current && (playing || time > 0)
  return (
    <div
      data-slot="message-row"
      className={cn(
        'group relative flex items-center gap-3 rounded-xl border bg-card px-3 py-2.5 shadow-xs transition-colors has-[[data-slot=message-open]:focus-visible]:ring-[3px] has-[[data-slot=message-open]:focus-visible]:ring-ring has-[[data-slot=message-open]:hover]:bg-muted/50',
        own ? 'sm:ms-8' : 'sm:me-8',
        unread && 'border-primary/60',
        current && 'border-primary/50 bg-accent/40',
      )}
    >
      <MessagePlayButton
        message={message}
        speaker={contactName}
        own={own}
        title={own ? intl.formatMessage(BUBBLE_TEXTS.youTo, { name: contactName }) : contactName}
        onPlay={() => {
          if (unread) onPlayUnread?.(message)
        }}
        variant={current ? 'default' : 'secondary'}
        className="size-9"
        iconClassName="size-4"
      />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-center gap-2 text-sm">
          <Link
            data-slot="message-open"
            to={`/playback/${encodeURIComponent(message.id)}`}
            aria-label={intl.formatMessage(BUBBLE_TEXTS.open, { own: own ? 'true' : 'false', name: contactName, when })}
            className="truncate font-semibold outline-none after:absolute after:inset-0 after:rounded-xl"
          >
            {own ? intl.formatMessage(BUBBLE_TEXTS.you) : contactName}
          </Link>
          {unread && (
            <span className="rounded-full bg-primary px-1.5 py-px text-[0.7rem] font-medium text-primary-foreground">
              {intl.formatMessage(BUBBLE_TEXTS.newBadge)}
            </span>
          )}
          <span className="ms-auto flex shrink-0 items-center gap-1.5 text-xs text-muted-foreground tabular-nums">
            <time dateTime={message.created_at}>{when}</time>
            <span aria-hidden>·</span>
            <span>
              <span className="sr-only">
                {showElapsed
                  ? intl.formatMessage({ id: 'player.elapsed', defaultMessage: 'Elapsed' })
                  : intl.formatMessage({ id: 'player.duration', defaultMessage: 'Duration' })}{' '}
              </span>
              {formatDuration(showElapsed ? time : message.duration_seconds)}
            </span>
            {own && <ReadTicks read={message.is_read} className="[&_svg]:size-3.5" />}
          </span>
        </span>
        <span
          dir={isStatus ? undefined : 'auto'}
          className={cn('truncate text-sm', isStatus ? 'text-muted-foreground italic' : 'text-foreground/85')}
        >
          {text}
        </span>
      </span>
      <ChevronRight
        aria-hidden
        className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 rtl:-scale-x-100 rtl:group-hover:-translate-x-0.5"
      />
    </div>
  )
}

type MessageRowsProps = React.ComponentProps<'ol'> & {
  /** in the order to show */
  messages: Message[]
  ownUserId: string
  contactName: string
  /** called when the receiver starts playing a message they had not read */
  onPlayUnread?: (message: Message) => void
}

/** Compact rows of messages, each with Play on the shared player and opening /playback/{id}. */
export function MessageRows({ messages, ownUserId, contactName, onPlayUnread, className, ...props }: MessageRowsProps) {
  return (
    <ol data-slot="message-rows" className={cn('flex flex-col gap-2', className)} {...props}>
      {messages.map((message) => (
        <li key={message.id}>
          <MessageRow message={message} own={message.sender_id === ownUserId} contactName={contactName} onPlayUnread={onPlayUnread} />
        </li>
      ))}
    </ol>
  )
}
