import { Navigate, Outlet } from 'react-router'
import { SESSION_RETRYING } from '#shared/auth-session-texts.ts'
import { FullPageSpinner } from '#web/components/full-page-spinner.tsx'
import { ACCOUNT_DELETED_PATH, accountDeletion } from '#web/lib/account-deletion.ts'
import { useAuth } from '#web/lib/use-auth.ts'

/** The sign-in guard of the route table: without a user, back to / (or, right after deleting the account, to the page that says so). */
export function RequireAuth() {
  const { user, loading, retrying } = useAuth()
  if (loading) return <FullPageSpinner label={retrying ? SESSION_RETRYING : undefined} />
  if (!user) return <Navigate to={accountDeletion.inProgress() ? ACCOUNT_DELETED_PATH : '/'} replace />
  return <Outlet />
}
