import { UserPlus, UsersRound } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'react-router'
import { CONTACT_TEXTS } from '#shared/contacts-texts.ts'
import { Empty, EmptyTitle } from '#web/components/empty.tsx'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { PageHeader, PageLayout } from '#web/components/page-layout.tsx'
import { QueryError } from '#web/components/query-error.tsx'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { ContactChoiceListSkeleton, ContactChoiceRow } from '#web/resources/contacts/components/contact-choice-row.tsx'
import { useContactsQuery } from '#web/resources/contacts/queries.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { contactSendState } from './components/contact-send-state.ts'

export const NO_ACTIVE_CONTACTS = 'No active contacts available to share with'

/** /record/select (also /record): pick an active contact to record a voice message for. */
export function RecordSelectPage() {
  usePageMeta({ title: 'Record a message - Hearth' })
  const contacts = useContactsQuery('active')

  let body: React.ReactNode
  if (contacts.isPending) {
    body = <ContactChoiceListSkeleton />
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
      <Empty>
        <IconBadge size="lg">
          <UsersRound aria-hidden />
        </IconBadge>
        <EmptyTitle className="max-w-xs text-base font-medium text-balance">{NO_ACTIVE_CONTACTS}</EmptyTitle>
        <Link to="/contacts/add" className={buttonVariants({ variant: 'outline', className: 'mt-1' })}>
          <UserPlus aria-hidden />
          Add a friend
        </Link>
      </Empty>
    )
  } else {
    body = (
      <ul aria-label="Active contacts" className="divide-y overflow-hidden rounded-2xl border bg-card shadow-sm">
        {contacts.data.contacts.map((contact) => {
          // someone who owes a reply is shown greyed out with '3/3 sent', not as a way to record
          const state = contactSendState(contact)
          return (
            <ContactChoiceRow
              key={contact.id}
              contact={contact}
              note={state.note}
              badge={state.badge}
              unavailable={state.atLimit}
              choose={{ to: `/record/${encodeURIComponent(contact.id)}` }}
            />
          )
        })}
      </ul>
    )
  }

  return (
    <PageLayout className="gap-4" header={<PageHeader back="/" title="Record a message" />}>
      <p className="text-muted-foreground">Who would you like to send a voice message to?</p>
      {body}
    </PageLayout>
  )
}
