import { useAuth } from '#web/app/auth-provider.tsx'
import { AppShell } from '#web/app/app-shell.tsx'
import { FullPageSpinner } from '#web/components/ui/spinner.tsx'
import { LandingPage } from '#web/features/landing/landing-page.tsx'
import { HomePage } from './home-page.tsx'

/** `/`: the landing page for visitors, the circle for signed-in people. */
export function HomeRoute() {
  const { user, loading } = useAuth()
  if (loading) return <FullPageSpinner />
  if (!user) return <LandingPage />
  return (
    <AppShell>
      <HomePage />
    </AppShell>
  )
}
