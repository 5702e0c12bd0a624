import { CircleAlert } from 'lucide-react'
import type * as React from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link, Navigate, useNavigate, useParams } from 'react-router'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { PageHeader, PageLayout } from '#web/components/page-layout.tsx'
import { Button, buttonVariants } from '#web/components/ui/button.tsx'
import { QueryErrorFor } from '#web/components/query-error.tsx'
import { MessageRows } from '#web/resources/messages/components/message-rows.tsx'
import { useContactMessagesQuery, useMarkReadMutation } from '#web/resources/messages/queries.ts'
import { HealthCard } from '#web/resources/relationship-health/components/health-card.tsx'
import { isApiRequestError } from '#web/lib/api-client.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { useAuth } from '#web/lib/use-auth.ts'
import { ConversationEmpty } from './components/conversation-empty.tsx'
import { ContactLoading, ConversationRowsSkeleton } from '#web/resources/contacts/components/contact-loading.tsx'
import { ContactProfileCard } from './components/contact-profile-card.tsx'
import { useContactQuery } from '#web/resources/contacts/queries.ts'

function Centered({ children }: { children: React.ReactNode }) {
  return <div className="flex flex-1 flex-col items-center justify-center gap-3 px-4 py-16 text-center">{children}</div>
}

/** The conversation view shows the last 8 messages, and 'View All' once there are more than 5 (docs/product/conversation.md). */
export const RECENT_MESSAGES = 8
export const VIEW_ALL_AFTER = 5

/** Right column: 'Conversation (N)' with the last messages, oldest to newest, each with Play (shared player) and opening its playback. */
function RecentConversation({ contactId, contactName }: { contactId: string; contactName: string }) {
  const { user } = useAuth()
  const messages = useContactMessagesQuery(contactId)
  const markRead = useMarkReadMutation()
  const intl = useIntl()
  const total = messages.data?.total ?? 0
  // the server answers newest first; show the last few oldest to newest
  const recent = (messages.data?.messages ?? []).slice(0, RECENT_MESSAGES).reverse()
  return (
    <section aria-labelledby="conversation-heading" className="flex min-w-0 flex-col gap-3">
      <div className="flex min-h-9 items-center justify-between gap-2">
        <h2 id="conversation-heading" className="text-lg font-semibold tracking-tight">
          <FormattedMessage id="contactDetail.conversation" defaultMessage="Conversation ({total})" values={{ total }} />
        </h2>
        {total > VIEW_ALL_AFTER && (
          <Link to={`/contacts/${encodeURIComponent(contactId)}`} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
            <FormattedMessage id="contactDetail.viewAll" defaultMessage="View All" />
          </Link>
        )}
      </div>
      {messages.isPending && <ConversationRowsSkeleton />}
      {messages.isError && (
        <QueryErrorFor
          query={messages}
          message={intl.formatMessage({ id: 'conversation.messagesLoadFailed', defaultMessage: 'Failed to load messages' })}
        />
      )}
      {messages.data &&
        (recent.length === 0 ? (
          <ConversationEmpty name={contactName} />
        ) : (
          <MessageRows
            messages={recent}
            ownUserId={user?.id ?? ''}
            contactName={contactName}
            onPlayUnread={(message) => markRead.mutate(message.id)}
            aria-label={intl.formatMessage({ id: 'contactDetail.recent', defaultMessage: 'Recent messages' })}
          />
        ))}
    </section>
  )
}

/**
 * /contacts/profile/{contactId}: the contact detail (docs/product/conversation.md): who the contact is, where to go next and
 * the last messages, with the relationship's health computed from the pair's own messages.
 */
export function ContactDetailPage() {
  const { contactId } = useParams()
  const contact = useContactQuery(contactId)
  const navigate = useNavigate()
  const intl = useIntl()
  const title = contact.data
    ? intl.formatMessage({ id: 'contactDetail.title', defaultMessage: 'You & {name}' }, { name: contact.data.name })
    : intl.formatMessage({ id: 'contactDetail.title.loading', defaultMessage: 'Contact' })
  usePageMeta({ title: intl.formatMessage({ id: 'contactDetail.pageTitle', defaultMessage: '{title} - Hearth' }, { title }) })

  if (isApiRequestError(contact.error, 404)) return <Navigate to="/" replace />

  const goBack = () => {
    const index = (window.history.state as { idx?: unknown } | null)?.idx
    if (typeof index === 'number' && index > 0) navigate(-1)
    else navigate('/')
  }

  let body: React.ReactNode
  if (contact.isPending) {
    body = <ContactLoading failureCount={contact.failureCount} onRetry={() => void contact.refetch()} onBack={goBack} />
  } else if (contact.isError) {
    body = (
      <Centered>
        <div role="alert" className="flex flex-col items-center gap-3">
          <IconBadge>
            <CircleAlert aria-hidden />
          </IconBadge>
          <p className="font-medium">
            <FormattedMessage id="conversation.contactLoadFailed" defaultMessage="Failed to load contacts" />
          </p>
          <p className="max-w-sm text-sm text-muted-foreground">{contact.error.message}</p>
        </div>
        <div className="mt-2 flex gap-2">
          <Button onClick={() => void contact.refetch()} disabled={contact.isFetching}>
            <FormattedMessage id="contactDetail.tryAgain" defaultMessage="Try Again" />
          </Button>
          <Button variant="outline" onClick={goBack}>
            <FormattedMessage id="contactDetail.goBack" defaultMessage="Go Back" />
          </Button>
        </div>
      </Centered>
    )
  } else {
    const c = contact.data
    body = (
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          <ContactProfileCard contact={c} />
          {c.contact_user_id && <HealthCard contactId={c.id} name={c.name} />}
        </div>
        <RecentConversation contactId={c.id} contactName={c.name} />
      </div>
    )
  }

  return <PageLayout header={<PageHeader back="/" title={title} />}>{body}</PageLayout>
}
