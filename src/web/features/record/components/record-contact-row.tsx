import { ChevronRight } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'react-router'
import type { Contact } from '#shared/contacts.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { cn } from '#web/lib/utils.ts'
import { contactSendState } from './contact-send-state.ts'

type RecordContactRowProps = React.ComponentProps<'li'> & {
  contact: Pick<Contact, 'id' | 'name' | 'avatar_url' | 'consecutive_messages_sent'>
}

const rowClass = 'flex min-h-18 items-center gap-3 px-4 py-3 sm:px-5'

/**
 * One contact on /record/select: a link to record for them, or a greyed-out row while they owe a reply. The row's name
 * is all of its visible text (name, note, badge), so that a voice command saying what is shown finds it; the note is
 * also its description.
 */
export function RecordContactRow({ contact, className, ...props }: RecordContactRowProps) {
  const state = contactSendState(contact)
  const noteId = `record-contact-note-${contact.id}`
  const body = (
    <>
      <Avatar name={contact.name} src={contact.avatar_url} alt="" className={cn(state.atLimit && 'grayscale')} />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-medium">{contact.name}</span>
        <span id={noteId} className="text-sm text-muted-foreground">
          {state.note}
        </span>
      </span>
      {state.badge ? (
        <span className="shrink-0 rounded-full border bg-muted px-2.5 py-1 text-xs font-medium text-muted-foreground tabular-nums">
          {state.badge}
        </span>
      ) : (
        <ChevronRight aria-hidden className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5" />
      )}
    </>
  )
  return (
    <li data-slot="record-contact-row" className={className} {...props}>
      {state.atLimit ? (
        <div role="link" aria-disabled="true" aria-describedby={noteId} className={cn(rowClass, 'cursor-not-allowed opacity-60')}>
          {body}
        </div>
      ) : (
        <Link
          to={`/record/${encodeURIComponent(contact.id)}`}
          aria-describedby={noteId}
          className={cn(
            rowClass,
            'group transition-colors outline-none hover:bg-muted/60 focus-visible:bg-muted/60 focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-inset',
          )}
        >
          {body}
        </Link>
      )}
    </li>
  )
}

/** The list while contacts load: rows shaped like the real ones. */
export function RecordContactListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div aria-busy="true" className="overflow-hidden rounded-2xl border bg-card shadow-sm">
      <span role="status" className="sr-only">
        Loading contacts
      </span>
      <ul className="divide-y">
        {Array.from({ length: rows }, (_, index) => (
          <li key={index} className={rowClass}>
            <Skeleton className="size-10 rounded-full" />
            <span className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-3 w-48 max-w-full" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}
