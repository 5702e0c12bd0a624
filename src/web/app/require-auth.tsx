import { Navigate, Outlet } from 'react-router'
import { SESSION_RETRYING } from '#shared/auth-session-texts.ts'
import { FullPageSpinner } from '#web/components/full-page-spinner.tsx'
import { ACCOUNT_DELETED_PATH, accountDeletion } from '#web/lib/account-deletion.ts'
import { ACCOUNT_DISABLED_PATH, signedOutReason } from '#web/lib/signed-out-reason.ts'
import { useAuth } from '#web/lib/use-auth.ts'

/**
 * The sign-in guard of the route table: without a user, back to / (or, right after deleting the account, to the page
 * that says so; when the owner disabled the account, to the sign-in card that says so).
 */
export function RequireAuth() {
  const { user, loading, retrying } = useAuth()
  if (loading) return <FullPageSpinner label={retrying ? SESSION_RETRYING : undefined} />
  if (!user) {
    const to = accountDeletion.inProgress() ? ACCOUNT_DELETED_PATH : signedOutReason.wasDisabled() ? ACCOUNT_DISABLED_PATH : '/'
    return <Navigate to={to} replace />
  }
  return <Outlet />
}
