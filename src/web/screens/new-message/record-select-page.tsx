import { UserPlus, UsersRound } from 'lucide-react'
import type * as React from 'react'
import { useIntl, type MessageDescriptor } from 'react-intl'
import { Link } from 'react-router'
import { Empty, EmptyTitle } from '#web/components/empty.tsx'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { PageHeader, PageLayout } from '#web/components/page-layout.tsx'
import { QueryError } from '#web/components/query-error.tsx'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { ContactChoiceListSkeleton, ContactChoiceRow } from '#web/resources/contacts/components/contact-choice-row.tsx'
import { useContactsQuery } from '#web/resources/contacts/queries.ts'
import { useErrorMessage } from '#web/lib/errors.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { contactSendState } from './components/contact-send-state.ts'

const SELECT_MESSAGES = {
  pageTitle: { id: 'record.select.pageTitle', defaultMessage: 'Record a message - Hearth' },
  title: { id: 'record.select.title', defaultMessage: 'Record a message' },
  who: { id: 'record.select.who', defaultMessage: 'Who would you like to send a voice message to?' },
  loadFailed: { id: 'record.loadFailed', defaultMessage: 'Failed to load contacts' },
  empty: { id: 'record.select.empty', defaultMessage: 'No active contacts available to share with' },
  addFriend: { id: 'record.select.addFriend', defaultMessage: 'Add a friend' },
  list: { id: 'record.select.list', defaultMessage: 'Active contacts' },
} satisfies Record<string, MessageDescriptor>

/** /record/select (also /record): pick an active contact to record a voice message for. */
export function RecordSelectPage() {
  const intl = useIntl()
  const errorMessage = useErrorMessage()
  usePageMeta({ title: intl.formatMessage(SELECT_MESSAGES.pageTitle) })
  const contacts = useContactsQuery('active')

  let body: React.ReactNode
  if (contacts.isPending) {
    body = <ContactChoiceListSkeleton />
  } else if (contacts.isError) {
    body = (
      <QueryError
        message={intl.formatMessage(SELECT_MESSAGES.loadFailed)}
        detail={errorMessage(contacts.error)}
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
        <EmptyTitle className="max-w-xs text-base font-medium text-balance">{intl.formatMessage(SELECT_MESSAGES.empty)}</EmptyTitle>
        <Link to="/contacts/add" className={buttonVariants({ variant: 'outline', className: 'mt-1' })}>
          <UserPlus aria-hidden />
          {intl.formatMessage(SELECT_MESSAGES.addFriend)}
        </Link>
      </Empty>
    )
  } else {
    body = (
      <ul aria-label={intl.formatMessage(SELECT_MESSAGES.list)} className="divide-y overflow-hidden rounded-2xl border bg-card shadow-sm">
        {contacts.data.contacts.map((contact) => {
          // someone who owes a reply is shown greyed out with '3/3 sent', not as a way to record
          const state = contactSendState(intl, contact)
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
    <PageLayout className="gap-4" header={<PageHeader back="/" title={intl.formatMessage(SELECT_MESSAGES.title)} />}>
      <p className="text-muted-foreground">{intl.formatMessage(SELECT_MESSAGES.who)}</p>
      {body}
    </PageLayout>
  )
}
