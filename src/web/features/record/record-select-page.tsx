import { ArrowLeft, UserPlus, UsersRound } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'react-router'
import { CONTACT_TEXTS } from '#shared/contacts.ts'
import { QueryError } from '#web/components/query-error.tsx'
import { Button, buttonVariants } from '#web/components/ui/button.tsx'
import { useContactsQuery } from '#web/features/contacts/queries.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { RecordContactListSkeleton, RecordContactRow } from './components/record-contact-row.tsx'

export const NO_ACTIVE_CONTACTS = 'No active contacts available to share with'

/** /record/select (also /record): pick an active contact to record a voice message for (spec 001 section 2). */
export function RecordSelectPage() {
  usePageMeta({ title: 'Record a message - Hearth' })
  const contacts = useContactsQuery('active')

  let body: React.ReactNode
  if (contacts.isPending) {
    body = <RecordContactListSkeleton />
  } else if (contacts.isError) {
    body = (
      <QueryError
        message={CONTACT_TEXTS.loadFailed}
        detail={contacts.error.message}
        retrying={contacts.isFetching}
        onRetry={() => void contacts.refetch()}
      />
    )
  } else if (contacts.data.contacts.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-2xl border bg-card px-6 py-12 text-center shadow-sm">
        <span className="grid size-14 place-items-center rounded-full bg-accent text-accent-foreground">
          <UsersRound aria-hidden className="size-6" />
        </span>
        <p className="max-w-xs font-medium text-balance">{NO_ACTIVE_CONTACTS}</p>
        <Link to="/contacts/add" className={buttonVariants({ variant: 'outline', className: 'mt-1' })}>
          <UserPlus aria-hidden />
          Add a friend
        </Link>
      </div>
    )
  } else {
    body = (
      <ul aria-label="Active contacts" className="divide-y overflow-hidden rounded-2xl border bg-card shadow-sm">
        {contacts.data.contacts.map((contact) => (
          <RecordContactRow key={contact.id} contact={contact} />
        ))}
      </ul>
    )
  }

  return (
    <div className="flex min-h-dvh flex-col bg-hearth-glow">
      <header className="mx-auto flex w-full max-w-xl items-center gap-2 px-4 py-3 sm:px-6">
        <Button asChild variant="ghost" size="icon" className="-ml-2 shrink-0">
          <Link to="/" aria-label="Back" title="Back">
            <ArrowLeft aria-hidden className="size-5" />
          </Link>
        </Button>
        <h1 className="min-w-0 flex-1 truncate text-xl font-semibold tracking-tight">Record a message</h1>
      </header>
      <main className="mx-auto flex w-full max-w-xl flex-1 flex-col gap-4 px-4 pt-2 pb-16 sm:px-6">
        <p className="text-muted-foreground">Who would you like to send a voice message to?</p>
        {body}
      </main>
    </div>
  )
}
