import { lazy, Suspense } from 'react'
import { SESSION_RETRYING } from '#shared/auth-session.ts'
import { FullPageSpinner } from '#web/components/full-page-spinner.tsx'
import { useAuth } from '#web/lib/use-auth.ts'
import { AppShell } from './app-shell.tsx'
import { Landing, startedOnPrerenderedLanding } from './landing-handoff.tsx'

const HomePage = lazy(async () => ({ default: (await import('#web/features/home/home-page.tsx')).HomePage }))

/** `/`: the landing page for visitors, the signed-in shell with the circle for everyone else. */
export function HomeRoute() {
  const { user, loading, retrying } = useAuth()
  // a visitor who got the prerendered landing keeps seeing it while the session is looked up (decision 100)
  if (loading) return startedOnPrerenderedLanding() ? <Landing /> : <FullPageSpinner label={retrying ? SESSION_RETRYING : undefined} />
  if (!user) return <Landing />
  return (
    <AppShell>
      <Suspense fallback={<FullPageSpinner />}>
        <HomePage />
      </Suspense>
    </AppShell>
  )
}
