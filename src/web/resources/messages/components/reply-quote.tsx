import type * as React from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router'
import type { ReplyQuote } from '#shared/messages.ts'
import { formatDuration } from '#shared/duration.ts'
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
  const intl = useIntl()
  // as `replyQuoteLabel` of #shared/reply-quote.ts says it, in the reader's language
  const who = quote.sender_id === ownUserId ? intl.formatMessage({ id: 'messages.you', defaultMessage: 'You' }) : contactName
  const text =
    quote.excerpt ??
    intl.formatMessage(
      { id: 'messages.replyQuote.length', defaultMessage: 'Voice message {duration}' },
      { duration: formatDuration(quote.duration_seconds) },
    )
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
        <span className="sr-only">
          <FormattedMessage id="messages.replyQuote.inReplyTo" defaultMessage="In reply to" />{' '}
        </span>
        {who}
        <span className="sr-only">:</span>
      </span>{' '}
      <span dir={quote.excerpt ? 'auto' : undefined} className="truncate text-muted-foreground">
        {text}
      </span>
    </Link>
  )
}
