import { ArrowLeft } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link, Navigate, useLocation, useSearchParams } from 'react-router'
import { toast } from '#web/lib/toast.ts'
import { FullPageSpinner } from '#web/components/full-page-spinner.tsx'
import { ThemeMenu } from '#web/components/theme-menu.tsx'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { afterSignInPath, readAuthRedirectNotice } from '#web/features/session/auth-errors.ts'
import { AuthCard, type AuthMode } from '#web/features/session/components/auth-card.tsx'
import { useInvitationForSignUpQuery } from '#web/features/invitations/queries.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { useAuth } from '#web/lib/use-auth.ts'
import { pageColumnClass } from '#web/components/page-layout.tsx'
import { cn } from '#web/lib/utils.ts'

const MODES: readonly AuthMode[] = ['sign-in', 'sign-up', 'reset-password']

/** Another screen may open the card in a given mode through the navigation state `{ authMode }`. */
function readRequestedMode(state: unknown): AuthMode | undefined {
  const mode = (state as { authMode?: unknown } | null)?.authMode
  return MODES.find((m) => m === mode)
}

/**
 * /auth: the full auth card. A signed-in visitor goes on to the invitation (invite_token) or home. Someone who comes
 * with a usable invitation is most likely new: the card opens on sign-up, with the address an e-mail invitation was
 * sent to filled in (decision 118); 'Already have an account? Sign in' keeps the token.
 */
export function AuthPage() {
  usePageMeta({
    title: 'Sign in - Hearth',
    description: 'Sign in to Hearth, or create your account: voice messages for the people closest to you.',
    canonical: '/auth',
  })
  const { user, loading } = useAuth()
  const [params] = useSearchParams()
  const inviteToken = params.get('invite_token') || null
  const next = params.get('next')
  const reported = useRef(false)
  const requestedMode = readRequestedMode(useLocation().state)
  const invitation = useInvitationForSignUpQuery(!loading && !user ? inviteToken : null)

  useEffect(() => {
    if (reported.current) return
    reported.current = true
    const notice = readAuthRedirectNotice(params)
    if (notice?.kind === 'google-error') toast.error('Google sign-in failed', { description: notice.description })
    if (notice?.kind === 'confirmation-error') toast.error('Authentication Error', { description: notice.description })
  }, [params])

  if (loading || invitation.isLoading) return <FullPageSpinner />
  if (user) return <Navigate to={afterSignInPath(inviteToken, next)} replace />

  return (
    <div className="flex min-h-dvh flex-col bg-hearth-glow">
      <header className={cn(pageColumnClass, 'flex items-center justify-between py-3')}>
        <Link to="/" className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-2 text-muted-foreground' })}>
          <ArrowLeft aria-hidden />
          Home
        </Link>
        <ThemeMenu />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:items-center sm:pt-0">
        <AuthCard
          variant="full"
          initialMode={requestedMode ?? (invitation.isSuccess ? 'sign-up' : undefined)}
          invitedEmail={invitation.data?.invited_email ?? undefined}
        />
      </main>
    </div>
  )
}
