import { AudioLines, Mic } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'react-router'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/utils.ts'

type ConversationEmptyProps = React.ComponentProps<'div'> & {
  name: string
  /** when given, the next action: record the first message */
  contactId?: string
}

/** A conversation without messages: what will appear here, and the next step. */
export function ConversationEmpty({ name, contactId, className, children, ...props }: ConversationEmptyProps) {
  return (
    <div
      data-slot="conversation-empty"
      className={cn('flex flex-col items-center gap-3 rounded-2xl border bg-card px-6 py-12 text-center shadow-sm', className)}
      {...props}
    >
      <span className="grid size-14 place-items-center rounded-full bg-accent text-accent-foreground">
        <AudioLines aria-hidden className="size-6" />
      </span>
      <p className="text-lg font-semibold">No messages yet</p>
      <p className="max-w-sm text-sm text-balance text-muted-foreground">
        Voice messages between you and {name} will appear here. Record the first one.
      </p>
      {contactId && (
        <Link to={`/record/${encodeURIComponent(contactId)}`} className={buttonVariants({ variant: 'outline', className: 'mt-1' })}>
          <Mic aria-hidden />
          Record a message
        </Link>
      )}
      {children}
    </div>
  )
}
