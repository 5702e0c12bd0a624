import { Check, CheckCheck } from 'lucide-react'
import type * as React from 'react'
import type { Message } from '#shared/messages.ts'
import { relativeTime } from '#shared/relative-time.ts'
import { formatDuration } from '#web/lib/recorder/recorder-helpers.ts'
import { cn } from '#web/lib/utils.ts'

const STATUS_TEXT: Record<Message['processing_status'], string> = {
  pending: 'Transcription pending...',
  processing: 'Processing transcription...',
  completed: '',
  failed: "Transcription failed - message received but couldn't be processed",
}

type MessageListProps = React.ComponentProps<'ol'> & {
  messages: Message[]
  ownUserId: string
  contactName: string
  /** called when the receiver starts playing a message they had not read */
  onPlayUnread?: (message: Message) => void
}

/**
 * The conversation's messages, newest first (spec 001 section 2): who, when, m:ss, the transcription or its
 * status, read ticks on your own messages, and the audio. The full player and playback screen come later.
 */
export function MessageList({ messages, ownUserId, contactName, onPlayUnread, className, ...props }: MessageListProps) {
  return (
    <ol data-slot="message-list" className={cn('flex flex-col gap-3', className)} {...props}>
      {messages.map((message) => {
        const own = message.sender_id === ownUserId
        const text = message.transcription ?? STATUS_TEXT[message.processing_status]
        return (
          <li
            key={message.id}
            aria-label={`${own ? 'You' : contactName}, ${relativeTime(message.created_at)}`}
            className={cn('flex flex-col gap-2 rounded-2xl border bg-card p-4 shadow-sm', own ? 'sm:ml-12' : 'sm:mr-12 border-primary/30')}
          >
            <div className="flex items-center justify-between gap-2 text-sm">
              <span className="font-semibold">{own ? 'You' : contactName}</span>
              <span className="flex items-center gap-2 text-muted-foreground">
                <time dateTime={message.created_at}>{relativeTime(message.created_at)}</time>
                <span aria-label={`Duration ${formatDuration(message.duration_seconds)}`}>{formatDuration(message.duration_seconds)}</span>
                {own &&
                  (message.is_read ? (
                    <CheckCheck aria-label="Read" className="size-4 text-primary" />
                  ) : (
                    <Check aria-label="Sent" className="size-4" />
                  ))}
                {!own && !message.is_read && <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">New</span>}
              </span>
            </div>
            <audio
              controls
              preload="none"
              src={message.audio_url}
              aria-label={`Voice message from ${own ? 'you' : contactName}`}
              className="w-full"
              onPlay={() => {
                if (!own && !message.is_read) onPlayUnread?.(message)
              }}
            />
            {text && <p className={cn('text-sm', message.transcription ? '' : 'text-muted-foreground italic')}>{text}</p>}
          </li>
        )
      })}
    </ol>
  )
}
