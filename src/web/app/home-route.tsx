import { SESSION_RETRYING } from '#shared/auth-session-texts.ts'
import { FullPageSpinner } from '#web/components/full-page-spinner.tsx'
import { HomePage } from '#web/screens/home/home-page.tsx'
import { useAuth } from '#web/lib/use-auth.ts'
import { AppShell } from './app-shell.tsx'
import { Landing, startedOnPrerenderedLanding } from './landing-handoff.tsx'

/**
 * `/`: the landing page for visitors, the signed-in shell with the circle for everyone else. The home is the app's
 * first screen, so its page comes with the app's own code rather than as a chunk of its own (decision 170); what it
 * shows only after a tap or an answer of the browser loads later.
 */
export function HomeRoute() {
  const { user, loading, retrying } = useAuth()
  // a visitor who got the prerendered landing keeps seeing it while the session is looked up (decision 100)
  if (loading) return startedOnPrerenderedLanding() ? <Landing /> : <FullPageSpinner label={retrying ? SESSION_RETRYING : undefined} />
  if (!user) return <Landing />
  return (
    <AppShell>
      <HomePage />
    </AppShell>
  )
}
