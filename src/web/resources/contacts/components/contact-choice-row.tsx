import { useIntl } from 'react-intl'
import { CONTACT_MESSAGES } from '#web/resources/contacts/contact-messages.ts'
import { ChevronRight } from 'lucide-react'
import { useId } from 'react'
import type * as React from 'react'
import { Link } from 'react-router'
import type { Contact } from '#shared/contacts.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { cn } from '#web/lib/utils.ts'

const rowClass = 'flex min-h-18 w-full items-center gap-3 px-4 py-3 text-start sm:px-5'
const choosableClass =
  'group transition-colors outline-none hover:bg-muted/60 focus-visible:bg-muted/60 focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-inset'

type ContactChoiceRowProps = React.ComponentProps<'li'> & {
  contact: Pick<Contact, 'name' | 'avatar_url'>
  /** the line under the name; it also describes the row */
  note: string
  /** said at the end of the row in place of the arrow ('3/3 sent') */
  badge?: string | null
  /** the contact cannot be chosen now: the row is greyed out and its note says why */
  unavailable?: boolean
  /** choosing goes to a path (a link), or runs a function (a button, which `busy` disables for a moment) */
  choose: { to: string } | { onClick: () => void; busy?: boolean }
}

/**
 * One person of the circle to choose (whom to record for, whom to give a shared recording): avatar, name, a note and
 * an arrow, greyed out while the limits stop them. The row's name is all of its visible text (name, note, badge), so
 * that a voice command saying what is shown finds it; the note is also its description.
 */
export function ContactChoiceRow({ contact, note, badge = null, unavailable = false, choose, className, ...props }: ContactChoiceRowProps) {
  const noteId = useId()
  const body = (
    <>
      <Avatar name={contact.name} src={contact.avatar_url} alt="" className={cn(unavailable && 'grayscale')} />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-medium">{contact.name}</span>
        <span id={noteId} className="text-sm text-muted-foreground">
          {note}
        </span>
      </span>
      {badge ? (
        <span className="shrink-0 rounded-full border bg-muted px-2.5 py-1 text-xs font-medium text-muted-foreground tabular-nums">
          {badge}
        </span>
      ) : (
        !unavailable && (
          <ChevronRight
            aria-hidden
            className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 rtl:-scale-x-100 rtl:group-hover:-translate-x-0.5"
          />
        )
      )}
    </>
  )
  let control: React.ReactNode
  if ('onClick' in choose) {
    control = (
      <button
        type="button"
        disabled={unavailable || choose.busy}
        aria-describedby={noteId}
        onClick={choose.onClick}
        className={cn(rowClass, choosableClass, 'disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:bg-transparent')}
      >
        {body}
      </button>
    )
  } else if (unavailable) {
    control = (
      <div role="link" aria-disabled="true" aria-describedby={noteId} className={cn(rowClass, 'cursor-not-allowed opacity-60')}>
        {body}
      </div>
    )
  } else {
    control = (
      <Link to={choose.to} aria-describedby={noteId} className={cn(rowClass, choosableClass)}>
        {body}
      </Link>
    )
  }
  return (
    <li data-slot="contact-choice-row" className={className} {...props}>
      {control}
    </li>
  )
}

/** A list of such rows while the circle loads: rows shaped like the real ones. */
export function ContactChoiceListSkeleton({ rows = 3, label }: { rows?: number; label?: string }) {
  const intl = useIntl()
  return (
    <div aria-busy="true" className="overflow-hidden rounded-2xl border bg-card shadow-sm">
      <span role="status" className="sr-only">
        {label ?? intl.formatMessage(CONTACT_MESSAGES.loading)}
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
