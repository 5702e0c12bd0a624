import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { Outlet } from 'react-router'
import { FullPageSpinner } from '#web/components/full-page-spinner.tsx'
import { QueryError } from '#web/components/query-error.tsx'
import { MiniPlayer } from '#web/features/playback/components/mini-player.tsx'
import { useProfileQuery } from '#web/features/profile/queries.ts'
import { useUnreadTitle } from '#web/features/contacts/use-unread-title.ts'
import { useOutboxRunner } from '#web/features/recording/queries.ts'
import { isApiRequestError } from '#web/lib/api-client.ts'
import { useAuth } from '#web/lib/use-auth.ts'

const OnboardingWizard = lazy(async () => ({ default: (await import('#web/features/onboarding/onboarding-wizard.tsx')).OnboardingWizard }))

/**
 * The signed-in shell (docs/product/accounts.md): the onboarding wizard until `onboarding_completed` is true, then the
 * page with the floating mini player of the shared audio player below it.
 */
export function AppShell({ children }: { children?: ReactNode }) {
  const { refresh } = useAuth()
  const profile = useProfileQuery()
  // messages waiting on this device go out from here, whichever screen is open
  useOutboxRunner()
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
          message="Failed to load profile"
          detail={profile.error.message}
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
      <MiniPlayer />
    </>
  )
}
