import { AudioLines } from 'lucide-react'
import type * as React from 'react'
import { cn } from '#web/lib/utils.ts'

type ConversationEmptyProps = React.ComponentProps<'div'> & { name: string }

/** A conversation without messages: what will appear here. */
export function ConversationEmpty({ name, className, children, ...props }: ConversationEmptyProps) {
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
      {children}
    </div>
  )
}
