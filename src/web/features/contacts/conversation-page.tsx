import { Navigate, useParams } from 'react-router'
import { CONTACT_TEXTS } from '#shared/contacts.ts'
import { QueryError } from '#web/components/query-error.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { isApiRequestError } from '#web/lib/api-client.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { ContactHeader, ContactHeaderSkeleton } from './components/contact-header.tsx'
import { ConversationEmpty } from './components/conversation-empty.tsx'
import { useContactQuery } from './queries.ts'

/**
 * /contacts/{id}: the conversation with a contact (spec 001 section 2). Messages and recording arrive with the
 * messaging work; until then the frame shows the contact and an honest empty conversation. An unknown or foreign
 * contact goes home.
 */
export function ConversationPage() {
  const { id } = useParams()
  const contact = useContactQuery(id)
  usePageMeta({ title: contact.data ? `${contact.data.name} - Hearth` : 'Conversation - Hearth' })

  if (isApiRequestError(contact.error, 404)) return <Navigate to="/" replace />

  return (
    <div className="flex min-h-dvh flex-col bg-hearth-glow">
      {contact.data ? <ContactHeader contact={contact.data} messageCount={0} /> : <ContactHeaderSkeleton />}
      <div aria-hidden className="mx-auto h-px w-full max-w-3xl bg-border" />
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-4 px-4 pt-6 pb-16 sm:px-6">
        {contact.isPending && (
          <div aria-busy="true" className="flex flex-col gap-3">
            <span role="status" className="sr-only">
              Loading conversation
            </span>
            <Skeleton className="h-24 w-full rounded-2xl" />
            <Skeleton className="h-24 w-full rounded-2xl" />
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
            <ConversationEmpty name={contact.data.name} />
          </section>
        )}
      </main>
    </div>
  )
}
