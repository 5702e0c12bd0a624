import { NotebookPen, Plus } from 'lucide-react'
import { useEffect } from 'react'
import { toast } from '#web/lib/toast.ts'
import { MAX_SESSIONS_PER_PERSON } from '#shared/limits.ts'
import { SESSION_TEXTS, SESSIONS_LEFT_NOTICE } from '#shared/voice-sessions.ts'
import { Empty, EmptyDescription, EmptyTitle } from '#web/components/empty.tsx'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { PageHeader, PageLayout } from '#web/components/page-layout.tsx'
import { QueryError } from '#web/components/query-error.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { errorMessage } from '#web/lib/errors.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { SessionCard } from './components/session-card.tsx'
import { useCreateVoiceSessionMutation, useVoiceSessionsQuery } from './queries.ts'

export const SESSIONS_PAGE_TEXTS = {
  title: 'Sessions',
  intro: 'A private space to talk something through before you send it. Only you can see your sessions.',
  newSession: 'New session',
  emptyTitle: 'No sessions yet',
  emptyDescription: 'Start a session, record a note to yourself, read it back, and send a take when it feels right.',
} as const

function SessionsSkeleton() {
  return (
    <div role="status" aria-label="Loading sessions" className="flex flex-col gap-4">
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
  usePageMeta({ title: 'Sessions - Hearth' })
  const sessions = useVoiceSessionsQuery()
  const create = useCreateVoiceSessionMutation()

  // the spec's toast for a failed load, besides the inline error with Retry
  useEffect(() => {
    if (sessions.isError) toast.error(SESSION_TEXTS.loadFailed, { id: 'sessions-load-failed' })
  }, [sessions.isError])

  const newSession = () =>
    create.mutate(undefined, {
      onSuccess: () => toast.success(SESSION_TEXTS.created),
      onError: (error) => toast.error(SESSION_TEXTS.createFailed, { description: errorMessage(error) }),
    })

  // the server refuses a session past the limit; the screen says so before the button is pressed
  const left = sessions.isSuccess ? MAX_SESSIONS_PER_PERSON - sessions.data.total : MAX_SESSIONS_PER_PERSON
  const newButton = (
    <Button onClick={newSession} disabled={create.isPending || left <= 0}>
      <Plus aria-hidden />
      {SESSIONS_PAGE_TEXTS.newSession}
    </Button>
  )

  return (
    <PageLayout
      header={
        <PageHeader
          back="/"
          title={SESSIONS_PAGE_TEXTS.title}
          actions={sessions.isSuccess && sessions.data.sessions.length > 0 ? newButton : undefined}
        />
      }
    >
      <p className="mb-6 text-muted-foreground">{SESSIONS_PAGE_TEXTS.intro}</p>
      {left <= SESSIONS_LEFT_NOTICE && (
        <p className="mb-6 rounded-xl border bg-muted px-4 py-3 text-sm">
          {left <= 0 ? SESSION_TEXTS.sessionLimit : SESSION_TEXTS.sessionsLeft(left)}
        </p>
      )}
      {sessions.isPending ? (
        <SessionsSkeleton />
      ) : sessions.isError ? (
        <QueryError
          message={SESSION_TEXTS.loadFailed}
          detail={sessions.error.message}
          retrying={sessions.isFetching}
          onRetry={() => void sessions.refetch()}
        />
      ) : sessions.data.sessions.length === 0 ? (
        <Empty>
          <IconBadge>
            <NotebookPen aria-hidden />
          </IconBadge>
          <EmptyTitle asChild>
            <h2>{SESSIONS_PAGE_TEXTS.emptyTitle}</h2>
          </EmptyTitle>
          <EmptyDescription>{SESSIONS_PAGE_TEXTS.emptyDescription}</EmptyDescription>
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
