import type { ReactNode } from 'react'
import { Outlet } from 'react-router'
import { QueryError } from '#web/components/query-error.tsx'
import { FullPageSpinner } from '#web/components/ui/spinner.tsx'
import { OnboardingWizard } from '#web/features/onboarding/onboarding-wizard.tsx'
import { useProfileQuery } from '#web/features/profile/queries.ts'

/** Signed-in shell: the onboarding wizard until it is completed, then the page. */
export function AppShell({ children }: { children?: ReactNode }) {
  const profile = useProfileQuery()
  if (profile.isPending) return <FullPageSpinner />
  if (profile.isError) {
    return (
      <main className="mx-auto max-w-md p-6 pt-24">
        <QueryError message="Profile Error — Failed to load profile data" onRetry={() => void profile.refetch()} />
      </main>
    )
  }
  if (!profile.data.onboarding_completed) return <OnboardingWizard profile={profile.data} />
  return children ?? <Outlet />
}
