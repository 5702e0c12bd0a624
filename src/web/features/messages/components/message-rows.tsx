import { ChevronRight } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'react-router'
import type { Message } from '#shared/messages.ts'
import { relativeTime } from '#shared/relative-time.ts'
import { formatDuration } from '#web/lib/recorder/recorder-helpers.ts'
import { cn } from '#web/lib/utils.ts'
import { messageText } from '../message-text.ts'
import { ReadTicks } from './message-list.tsx'

type MessageRowsProps = React.ComponentProps<'ol'> & {
  /** in the order to show */
  messages: Message[]
  ownUserId: string
  contactName: string
}

/** Compact rows (who, when, m:ss, a line of the transcription or its status), each opening /playback/{id}. */
export function MessageRows({ messages, ownUserId, contactName, className, ...props }: MessageRowsProps) {
  return (
    <ol data-slot="message-rows" className={cn('flex flex-col gap-2', className)} {...props}>
      {messages.map((message) => {
        const own = message.sender_id === ownUserId
        const { text, isStatus } = messageText(message)
        const unread = !own && !message.is_read
        return (
          <li key={message.id}>
            <Link
              to={`/playback/${encodeURIComponent(message.id)}`}
              className={cn(
                'group flex items-center gap-3 rounded-xl border bg-card px-3 py-2.5 shadow-xs transition-colors outline-none hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/60',
                own ? 'sm:ml-8' : 'sm:mr-8',
                unread && 'border-primary/60',
              )}
            >
              <span
                aria-hidden
                className={cn('w-1 self-stretch rounded-full', own ? 'bg-muted-foreground/25' : 'bg-primary/70')}
              />
              <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="flex items-center gap-2 text-sm">
                  <span className="truncate font-semibold">{own ? 'You' : contactName}</span>
                  {unread && <span className="rounded-full bg-primary px-1.5 py-px text-[0.7rem] font-medium text-primary-foreground">New</span>}
                  <span className="ml-auto flex shrink-0 items-center gap-1.5 text-xs text-muted-foreground tabular-nums">
                    <time dateTime={message.created_at}>{relativeTime(message.created_at)}</time>
                    <span aria-hidden>·</span>
                    <span>{formatDuration(message.duration_seconds)}</span>
                    {own && <ReadTicks read={message.is_read} className="[&_svg]:size-3.5" />}
                  </span>
                </span>
                <span className={cn('truncate text-sm', isStatus ? 'text-muted-foreground italic' : 'text-foreground/85')}>{text}</span>
              </span>
              <ChevronRight aria-hidden className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5" />
            </Link>
          </li>
        )
      })}
    </ol>
  )
}
