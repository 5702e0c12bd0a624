import { AudioLines, Mic } from 'lucide-react'
import type * as React from 'react'
import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router'
import { Empty, EmptyDescription, EmptyTitle } from '#web/components/empty.tsx'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { buttonVariants } from '#web/components/ui/button.tsx'

type ConversationEmptyProps = React.ComponentProps<'div'> & {
  name: string
  /** when given, the next action: record the first message */
  contactId?: string
}

/** A conversation without messages: what will appear here, and the next step. */
export function ConversationEmpty({ name, contactId, className, children, ...props }: ConversationEmptyProps) {
  return (
    <Empty data-slot="conversation-empty" className={className} {...props}>
      <IconBadge size="lg">
        <AudioLines aria-hidden />
      </IconBadge>
      <EmptyTitle>
        <FormattedMessage id="conversation.empty.title" defaultMessage="No messages yet" />
      </EmptyTitle>
      <EmptyDescription>
        <FormattedMessage
          id="conversation.empty.description"
          defaultMessage="Voice messages between you and {name} will appear here. Record the first one."
          values={{ name }}
        />
      </EmptyDescription>
      {contactId && (
        <Link to={`/record/${encodeURIComponent(contactId)}`} className={buttonVariants({ variant: 'outline', className: 'mt-1' })}>
          <Mic aria-hidden />
          <FormattedMessage id="conversation.empty.record" defaultMessage="Record a message" />
        </Link>
      )}
      {children}
    </Empty>
  )
}
