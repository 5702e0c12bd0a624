import type * as React from 'react'
import { Link } from 'react-router'
import type { ReplyQuote } from '#shared/messages.ts'
import { replyQuoteLabel } from '#shared/reply-quote.ts'
import { cn } from '#web/lib/utils.ts'

type ReplyQuoteLinkProps = Omit<React.ComponentProps<typeof Link>, 'to' | 'children'> & {
  quote: ReplyQuote
  /** the person reading: the quote names them "You" */
  ownUserId: string
  /** the other person, as the reader's contact names them */
  contactName: string
}

/**
 * A reply's quote of the message it answers (decision 205), as every chat app shows one: a bar, who said it and their
 * first words (or the message's length while it has none), in one line. It opens the answered message.
 */
export function ReplyQuoteLink({ quote, ownUserId, contactName, className, ...props }: ReplyQuoteLinkProps) {
  const { who, text } = replyQuoteLabel(quote, { ownUserId, contactName })
  return (
    <Link
      data-slot="reply-quote"
      to={`/playback/${encodeURIComponent(quote.id)}`}
      className={cn(
        'flex min-w-0 flex-col rounded-md border-s-4 border-primary bg-muted/70 py-1 ps-2 pe-2 text-xs leading-4 outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring',
        className,
      )}
      {...props}
    >
      {/* its name is what it shows, after a hidden "In reply to" (a name that differs from the text fails speech input) */}
      <span className="truncate font-semibold text-primary">
        <span className="sr-only">In reply to </span>
        {who}
        <span className="sr-only">:</span>
      </span>{' '}
      <span className="truncate text-muted-foreground">{text}</span>
    </Link>
  )
}
