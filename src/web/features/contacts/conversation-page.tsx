import { Navigate, useParams, useSearchParams } from 'react-router'
import { CONTACT_TEXTS } from '#shared/contacts.ts'
import { QueryError } from '#web/components/query-error.tsx'
import { isApiRequestError } from '#web/lib/api-client.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { useAuth } from '#web/lib/use-auth.ts'
import { ContactHeader, ContactHeaderSkeleton } from './components/contact-header.tsx'
import { MessageList } from '#web/features/messages/components/message-list.tsx'
import { useContactMessagesQuery, useMarkReadMutation } from '#web/features/messages/queries.ts'
import { ConversationComposer } from '#web/features/recorder/components/conversation-composer.tsx'
import { ConversationEmpty } from './components/conversation-empty.tsx'
import { MessageCardSkeleton } from './components/contact-loading.tsx'
import { useContactQuery } from './queries.ts'

/**
 * /contacts/{id}: the conversation with a contact (spec 001 section 2), newest first. Playing a received message
 * marks it read. An unknown or foreign contact goes home.
 */
export function ConversationPage() {
  const { id } = useParams()
  const { user } = useAuth()
  // ?record=1: a one-tap mic (home tile, contact detail) starts a take on arrival
  const [searchParams] = useSearchParams()
  const contact = useContactQuery(id)
  const messages = useContactMessagesQuery(contact.data ? id : undefined)
  const markRead = useMarkReadMutation()
  usePageMeta({ title: contact.data ? `${contact.data.name} - Hearth` : 'Conversation - Hearth' })

  if (isApiRequestError(contact.error, 404)) return <Navigate to="/" replace />

  return (
    <div className="flex min-h-dvh flex-col bg-hearth-glow">
      {contact.data ? <ContactHeader contact={contact.data} messageCount={messages.data?.total ?? 0} /> : <ContactHeaderSkeleton />}
      <div aria-hidden className="mx-auto h-px w-full max-w-3xl bg-border" />
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-4 px-4 pt-6 sm:px-6">
        {contact.isPending && (
          <div aria-busy="true" className="flex flex-col gap-3">
            <span role="status" className="sr-only">
              Loading conversation
            </span>
            <MessageCardSkeleton />
            <MessageCardSkeleton />
          </div>
        )}
        {contact.isError && (
          <>
            <h1 className="sr-only">Conversation</h1>
            <QueryError
              message={CONTACT_TEXTS.loadFailed}
              detail={contact.error.message}
              retrying={contact.isFetching}
              onRetry={() => void contact.refetch()}
            />
          </>
        )}
        {contact.data && (
          <section aria-label="Messages">
            {messages.isPending && (
              <div aria-busy="true" className="flex flex-col gap-3">
                <span role="status" className="sr-only">
                  Loading messages
                </span>
                <MessageCardSkeleton />
                <MessageCardSkeleton />
              </div>
            )}
            {messages.isError && (
              <QueryError
                message="Failed to load messages"
                detail={messages.error.message}
                retrying={messages.isFetching}
                onRetry={() => void messages.refetch()}
              />
            )}
            {messages.data &&
              (messages.data.messages.length === 0 ? (
                <ConversationEmpty name={contact.data.name} />
              ) : (
                <MessageList
                  messages={messages.data.messages}
                  ownUserId={user?.id ?? ''}
                  contactId={contact.data.id}
                  contactName={contact.data.name}
                  onPlayUnread={(message) => markRead.mutate(message.id)}
                />
              ))}
          </section>
        )}
        {contact.data && (
          <ConversationComposer key={contact.data.id} contact={contact.data} autoStart={searchParams.get('record') === '1'} />
        )}
      </main>
    </div>
  )
}
