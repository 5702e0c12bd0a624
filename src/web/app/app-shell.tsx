import { useIntl } from 'react-intl'
import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { Outlet } from 'react-router'
import { FullPageSpinner } from '#web/components/full-page-spinner.tsx'
import { QueryError } from '#web/components/query-error.tsx'
import { useProfileQuery } from '#web/resources/profiles/queries.ts'
import { useUnreadTitle } from '#web/resources/contacts/use-unread-title.ts'
import { isApiRequestError } from '#web/lib/api-client.ts'
import { useErrorMessage } from '#web/lib/errors.ts'
import { useAfterFirstPaint } from '#web/lib/lazy-after-paint.ts'
import { useAuth } from '#web/lib/use-auth.ts'

// Messages waiting on this device go out from here, whichever screen is open. The outbox's code loads after the first
// paint (decision 170): what it sends was kept on this device and waits there until it runs.
const OutboxRunner = lazy(async () => ({ default: (await import('#web/resources/recording/components/outbox-runner.tsx')).OutboxRunner }))

// The floating mini player and the shared player behind it: nothing plays before a tap, so their code loads after the
// first paint too (decision 170).
const MiniPlayer = lazy(async () => ({ default: (await import('#web/screens/playback/components/mini-player.tsx')).MiniPlayer }))

const OnboardingWizard = lazy(async () => ({ default: (await import('#web/screens/onboarding/onboarding-wizard.tsx')).OnboardingWizard }))

/**
 * The signed-in shell (docs/product/accounts.md): the onboarding wizard until `onboarding_completed` is true, then the
 * page with the floating mini player of the shared audio player below it.
 */
export function AppShell({ children }: { children?: ReactNode }) {
  const painted = useAfterFirstPaint()
  return (
    <>
      {painted && (
        <Suspense fallback={null}>
          <OutboxRunner />
        </Suspense>
      )}
      <ShellContent>{children}</ShellContent>
    </>
  )
}

function LazyMiniPlayer() {
  const painted = useAfterFirstPaint()
  if (!painted) return null
  return (
    <Suspense fallback={null}>
      <MiniPlayer />
    </Suspense>
  )
}

function ShellContent({ children }: { children?: ReactNode }) {
  const { refresh } = useAuth()
  const profile = useProfileQuery()
  const intl = useIntl()
  const errorMessage = useErrorMessage()
  useUnreadTitle()
  const sessionEnded = isApiRequestError(profile.error, 401)

  useEffect(() => {
    // The session ended on the server (expired, or signed out in another tab): let the guard send us to /.
    if (sessionEnded) void refresh()
  }, [sessionEnded, refresh])

  if (profile.isPending || sessionEnded) return <FullPageSpinner />
  if (profile.isError) {
    return (
      <main className="grid min-h-dvh place-items-center bg-hearth-glow px-4">
        <h1 className="sr-only">Hearth</h1>
        <QueryError
          className="w-full max-w-sm"
          message={intl.formatMessage({ id: 'shell.profileError', defaultMessage: 'Failed to load profile' })}
          detail={errorMessage(profile.error)}
          retrying={profile.isFetching}
          onRetry={() => void profile.refetch()}
        />
      </main>
    )
  }
  if (!profile.data.onboarding_completed) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <OnboardingWizard profile={profile.data} />
      </Suspense>
    )
  }
  return (
    <>
      {children ?? <Outlet />}
      <LazyMiniPlayer />
    </>
  )
}
