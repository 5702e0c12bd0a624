import { NotebookPen, Plus } from 'lucide-react'
import { useEffect } from 'react'
import { useIntl, type MessageDescriptor } from 'react-intl'
import { toast } from '#web/lib/toast.ts'
import { MAX_SESSIONS_PER_PERSON } from '#shared/limits.ts'
import { SESSIONS_LEFT_NOTICE } from '#shared/voice-sessions.ts'
import { Empty, EmptyDescription, EmptyTitle } from '#web/components/empty.tsx'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { PageHeader, PageLayout } from '#web/components/page-layout.tsx'
import { QueryError } from '#web/components/query-error.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { useErrorMessage } from '#web/lib/errors.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { SessionCard } from './components/session-card.tsx'
import { useCreateVoiceSessionMutation, useVoiceSessionsQuery } from './queries.ts'

const SESSIONS_MESSAGES = {
  pageTitle: { id: 'sessions.pageTitle', defaultMessage: 'Sessions - Hearth' },
  title: { id: 'sessions.title', defaultMessage: 'Sessions' },
  intro: {
    id: 'sessions.intro',
    defaultMessage: 'A private space to talk something through before you send it. Only you can see your sessions.',
  },
  newSession: { id: 'sessions.new', defaultMessage: 'New session' },
  emptyTitle: { id: 'sessions.empty.title', defaultMessage: 'No sessions yet' },
  emptyDescription: {
    id: 'sessions.empty.description',
    defaultMessage: 'Start a session, record a note to yourself, read it back, and send a take when it feels right.',
  },
  loading: { id: 'sessions.loading', defaultMessage: 'Loading sessions' },
  loadFailed: { id: 'sessions.loadFailed', defaultMessage: 'Error: Failed to load sessions' },
  created: { id: 'sessions.created', defaultMessage: 'Session Created' },
  createFailed: { id: 'sessions.createFailed', defaultMessage: 'Failed to create session' },
  // the server's refusal past the limit, said before the button is pressed
  sessionLimit: { id: 'error.sessions.sessionLimit', defaultMessage: 'You can keep up to 200 sessions.' },
  sessionsLeft: {
    id: 'sessions.left',
    defaultMessage: '{left, plural, one {You can start # more session.} other {You can start # more sessions.}}',
  },
} satisfies Record<string, MessageDescriptor>

function SessionsSkeleton() {
  const intl = useIntl()
  return (
    <div role="status" aria-label={intl.formatMessage(SESSIONS_MESSAGES.loading)} className="flex flex-col gap-4">
      {[0, 1].map((i) => (
        <div key={i} className="flex flex-col gap-4 rounded-2xl border bg-card p-6">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
    </div>
  )
}

/**
 * /sessions: the person's ten newest sessions, each a place to record notes to themselves, read their
 * transcripts and send a take to someone in their circle when ready.
 */
export function VoiceSessionsPage() {
  const intl = useIntl()
  const errorMessage = useErrorMessage()
  usePageMeta({ title: intl.formatMessage(SESSIONS_MESSAGES.pageTitle) })
  const sessions = useVoiceSessionsQuery()
  const create = useCreateVoiceSessionMutation()

  // the spec's toast for a failed load, besides the inline error with Retry
  useEffect(() => {
    if (sessions.isError) toast.error(intl.formatMessage(SESSIONS_MESSAGES.loadFailed), { id: 'sessions-load-failed' })
  }, [sessions.isError, intl])

  const newSession = () =>
    create.mutate(undefined, {
      onSuccess: () => toast.success(intl.formatMessage(SESSIONS_MESSAGES.created)),
      onError: (error) => toast.error(intl.formatMessage(SESSIONS_MESSAGES.createFailed), { description: errorMessage(error) }),
    })

  // the server refuses a session past the limit; the screen says so before the button is pressed
  const left = sessions.isSuccess ? MAX_SESSIONS_PER_PERSON - sessions.data.total : MAX_SESSIONS_PER_PERSON
  const newButton = (
    <Button onClick={newSession} disabled={create.isPending || left <= 0}>
      <Plus aria-hidden />
      {intl.formatMessage(SESSIONS_MESSAGES.newSession)}
    </Button>
  )

  return (
    <PageLayout
      header={
        <PageHeader
          back="/"
          title={intl.formatMessage(SESSIONS_MESSAGES.title)}
          actions={sessions.isSuccess && sessions.data.sessions.length > 0 ? newButton : undefined}
        />
      }
    >
      <p className="mb-6 text-muted-foreground">{intl.formatMessage(SESSIONS_MESSAGES.intro)}</p>
      {left <= SESSIONS_LEFT_NOTICE && (
        <p className="mb-6 rounded-xl border bg-muted px-4 py-3 text-sm">
          {left <= 0 ? intl.formatMessage(SESSIONS_MESSAGES.sessionLimit) : intl.formatMessage(SESSIONS_MESSAGES.sessionsLeft, { left })}
        </p>
      )}
      {sessions.isPending ? (
        <SessionsSkeleton />
      ) : sessions.isError ? (
        <QueryError
          message={intl.formatMessage(SESSIONS_MESSAGES.loadFailed)}
          detail={errorMessage(sessions.error)}
          retrying={sessions.isFetching}
          onRetry={() => void sessions.refetch()}
        />
      ) : sessions.data.sessions.length === 0 ? (
        <Empty>
          <IconBadge>
            <NotebookPen aria-hidden />
          </IconBadge>
          <EmptyTitle asChild>
            <h2>{intl.formatMessage(SESSIONS_MESSAGES.emptyTitle)}</h2>
          </EmptyTitle>
          <EmptyDescription>{intl.formatMessage(SESSIONS_MESSAGES.emptyDescription)}</EmptyDescription>
          {newButton}
        </Empty>
      ) : (
        <div className="flex flex-col gap-4">
          {sessions.data.sessions.map((session) => (
            <SessionCard key={session.id} session={session} />
          ))}
        </div>
      )}
    </PageLayout>
  )
}
