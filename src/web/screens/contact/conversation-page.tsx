import * as React from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Navigate, useParams, useSearchParams } from 'react-router'
import { QueryErrorFor } from '#web/components/query-error.tsx'
import { isApiRequestError } from '#web/lib/api-client.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { useAuth } from '#web/lib/use-auth.ts'
import { ContactHeader, ContactHeaderSkeleton } from '#web/resources/contacts/components/contact-header.tsx'
import { MessageList } from '#web/resources/messages/components/message-list.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { chatOrder, useConversationQuery } from '#web/resources/messages/queries.ts'
import { ConversationComposer } from '#web/resources/recording/components/conversation-composer.tsx'
import { AccountDeletedNotice } from '#web/resources/contacts/components/account-deleted-notice.tsx'
import { ConversationEmpty } from './components/conversation-empty.tsx'
import { MessageCardsSkeleton } from '#web/resources/contacts/components/contact-loading.tsx'
import { useContactQuery } from '#web/resources/contacts/queries.ts'
import { useSeenWhileOpen } from './use-seen-while-open.ts'
import { pageColumnClass } from '#web/components/page-layout.tsx'
import { cn } from '#web/lib/utils.ts'

/**
 * /contacts/{id}: the conversation with a contact, read like a chat (decision 72): the newest 50 messages
 * oldest to newest, the view anchored at the newest, older pages loading above as the person scrolls up. Playing a
 * received message marks it read (the player does, as it starts); while the screen is in view, what arrives is seen
 * (decision 206). An unknown or foreign contact goes home. The screen is the list, then a footer
 * slot (the composer's place).
 */
export function ConversationPage() {
  const { id } = useParams()
  const { user } = useAuth()
  // ?record=1: a one-tap mic (home tile, contact detail) starts a take on arrival
  const [searchParams] = useSearchParams()
  const contact = useContactQuery(id)
  const messages = useConversationQuery(contact.data ? id : undefined)
  const ordered = chatOrder(messages.data)
  const total = messages.data?.pages[0]?.total ?? 0
  const { topRef } = useChatScroll({
    newestId: ordered.at(-1)?.id,
    oldestId: ordered[0]?.id,
    loadOlder: messages.hasNextPage && !messages.isFetchingNextPage ? () => void messages.fetchNextPage() : null,
  })
  const intl = useIntl()
  usePageMeta({
    title: contact.data
      ? intl.formatMessage({ id: 'conversation.pageTitle', defaultMessage: '{name} - Hearth' }, { name: contact.data.name })
      : intl.formatMessage({ id: 'conversation.pageTitle.loading', defaultMessage: 'Conversation - Hearth' }),
  })
  // what arrives here in view is seen: it leaves the title's count and the home badge, and stays new until played
  useSeenWhileOpen(contact.data)

  if (isApiRequestError(contact.error, 404)) return <Navigate to="/" replace />

  return (
    <div className="flex min-h-dvh flex-col bg-hearth-glow">
      {/* the header stays in view while the conversation scrolls under it, as in every chat app (decision 138) */}
      <div data-slot="conversation-header" className="sticky top-0 z-20 border-b bg-background/95 backdrop-blur">
        {contact.data ? <ContactHeader contact={contact.data} messageCount={total} /> : <ContactHeaderSkeleton />}
      </div>
      <main className={cn(pageColumnClass, 'flex flex-1 flex-col gap-4 pt-3')}>
        {contact.isPending && (
          <MessageCardsSkeleton label={intl.formatMessage({ id: 'conversation.loading', defaultMessage: 'Loading conversation' })} />
        )}
        {contact.isError && (
          <>
            <h1 className="sr-only">
              <FormattedMessage id="conversation.heading" defaultMessage="Conversation" />
            </h1>
            <QueryErrorFor
              query={contact}
              message={intl.formatMessage({ id: 'conversation.contactLoadFailed', defaultMessage: 'Failed to load contacts' })}
            />
          </>
        )}
        {contact.data && (
          <section aria-label={intl.formatMessage({ id: 'conversation.messages', defaultMessage: 'Messages' })}>
            {messages.isPending && (
              <MessageCardsSkeleton
                label={intl.formatMessage({ id: 'conversation.loadingMessages', defaultMessage: 'Loading messages' })}
              />
            )}
            {messages.isError && (
              <QueryErrorFor
                query={messages}
                message={intl.formatMessage({ id: 'conversation.messagesLoadFailed', defaultMessage: 'Failed to load messages' })}
              />
            )}
            {messages.data &&
              (ordered.length === 0 ? (
                <ConversationEmpty name={contact.data.name} />
              ) : (
                <>
                  <div ref={topRef} className="flex min-h-10 justify-center pb-3">
                    {messages.hasNextPage && (
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={messages.isFetchingNextPage}
                        onClick={() => void messages.fetchNextPage()}
                      >
                        {messages.isFetchingNextPage ? (
                          <FormattedMessage id="conversation.earlier.loading" defaultMessage="Loading earlier messages…" />
                        ) : (
                          <FormattedMessage id="conversation.earlier.show" defaultMessage="Show earlier messages" />
                        )}
                      </Button>
                    )}
                    {messages.isFetchNextPageError && (
                      <span role="alert" className="sr-only">
                        <FormattedMessage id="conversation.earlier.failed" defaultMessage="Could not load earlier messages" />
                      </span>
                    )}
                  </div>
                  <MessageList
                    messages={ordered}
                    ownUserId={user?.id ?? ''}
                    contactId={contact.data.id}
                    contactName={contact.data.name}
                    contactPictureUrl={contact.data.avatar_url}
                    canReply={!contact.data.account_deleted}
                  />
                </>
              ))}
          </section>
        )}
        {contact.data &&
          (contact.data.account_deleted ? (
            // read-only: the conversation stays, nothing new can be recorded for them (decision 120)
            <AccountDeletedNotice name={contact.data.name} className="sticky bottom-[max(0.75rem,env(safe-area-inset-bottom))] mt-auto" />
          ) : (
            <ConversationComposer key={contact.data.id} contact={contact.data} autoStart={searchParams.get('record') === '1'} />
          ))}
      </main>
    </div>
  )
}

/** How near the bottom (px) still counts as reading the newest: a new message then scrolls into view. */
const NEAR_BOTTOM_PX = 160

/**
 * Keeps the conversation anchored at its newest message: at the bottom on opening, and again when a message arrives
 * while the person is near the bottom; when older messages are added above, what was on screen stays where it was.
 * Scrolling the top marker into view loads the next older page.
 */
function useChatScroll({ newestId, oldestId, loadOlder }: { newestId?: string; oldestId?: string; loadOlder: (() => void) | null }) {
  const topRef = React.useRef<HTMLDivElement>(null)
  const seen = React.useRef<{ newest?: string; oldest?: string; height: number; nearBottom: boolean }>({ height: 0, nearBottom: true })

  React.useEffect(() => {
    const onScroll = () => {
      const root = document.documentElement
      seen.current.nearBottom = root.scrollHeight - (window.scrollY + window.innerHeight) < NEAR_BOTTOM_PX
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])

  React.useLayoutEffect(() => {
    const root = document.documentElement
    const before = seen.current
    if (newestId && (before.newest === undefined || (newestId !== before.newest && before.nearBottom))) {
      window.scrollTo({ top: root.scrollHeight })
    } else if (oldestId && before.oldest && oldestId !== before.oldest && newestId === before.newest) {
      // older messages came in above: keep what was on screen in place
      window.scrollTo({ top: window.scrollY + (root.scrollHeight - before.height) })
    }
    seen.current = { newest: newestId, oldest: oldestId, height: root.scrollHeight, nearBottom: before.nearBottom }
  }, [newestId, oldestId])

  React.useEffect(() => {
    const marker = topRef.current
    if (!marker || !loadOlder || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      // only once the person has scrolled: on opening, the view jumps to the bottom first
      if (entries.some((entry) => entry.isIntersecting) && window.scrollY > 0) loadOlder()
    })
    observer.observe(marker)
    return () => observer.disconnect()
  }, [loadOlder])

  return { topRef }
}
