import { Navigate, Outlet } from 'react-router'
import { SESSION_RETRYING } from '#shared/auth-session.ts'
import { FullPageSpinner } from '#web/components/full-page-spinner.tsx'
import { useAuth } from '#web/lib/use-auth.ts'

/** The sign-in guard of the route table: without a user, back to /. */
export function RequireAuth() {
  const { user, loading, retrying } = useAuth()
  if (loading) return <FullPageSpinner label={retrying ? SESSION_RETRYING : undefined} />
  if (!user) return <Navigate to="/" replace />
  return <Outlet />
}
