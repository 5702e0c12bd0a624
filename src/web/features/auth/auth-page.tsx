import { ArrowLeft, UserX } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link, Navigate, useLocation, useSearchParams } from 'react-router'
import { ACCOUNT_TEXTS } from '#shared/account.ts'
import { toast } from '#web/lib/toast.ts'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { FullPageSpinner } from '#web/components/full-page-spinner.tsx'
import { ThemeMenu } from '#web/components/theme-menu.tsx'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { afterSignInPath, readAuthRedirectNotice } from '#web/features/sign-in/auth-errors.ts'
import { AuthCard, type AuthMode } from '#web/features/sign-in/components/auth-card.tsx'
import { useInvitationForSignUpQuery } from '#web/features/invitations/queries.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { signedOutReason } from '#web/lib/signed-out-reason.ts'
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
 * /auth: the full auth card. A signed-in visitor goes on to the invitation (invite_token), `next` or home; so does
 * one whose confirmation link just signed them in (decision 212). Someone who comes with a usable invitation is most
 * likely new: the card opens on sign-up, with the address an e-mail invitation was sent to filled in (decision 118);
 * 'Already have an account? Sign in' keeps the token. A confirmation link's landing opens on sign-in.
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
  const redirectNotice = readAuthRedirectNotice(params)
  // a confirmation link of a deleted account gets a card of its own, not an error toast (decision 120)
  const deletedAccountLink = redirectNotice?.kind === 'confirmation-of-deleted-account'
  // a confirmation link signs in and goes on (below); one that lands here signed out was used already or expired:
  // its person has an account, so the card opens on sign-in with their address, invitation or not (decision 212)
  const confirmationLanding = redirectNotice?.kind === 'email-confirmed' || redirectNotice?.kind === 'confirmation-error'

  useEffect(() => {
    if (reported.current) return
    reported.current = true
    // the card says why this tab was signed out; a later sign-out is an ordinary one
    signedOutReason.told()
    const notice = readAuthRedirectNotice(params)
    if (notice?.kind === 'google-error') toast.error('Google sign-in failed', { description: notice.description })
    if (notice?.kind === 'confirmation-error') toast.error('Authentication Error', { description: notice.description })
  }, [params])

  if (loading || invitation.isLoading) return <FullPageSpinner />
  if (user) return <Navigate to={afterSignInPath(inviteToken, next)} replace />

  return (
    <div className="flex min-h-dvh flex-col bg-hearth-glow">
      <header className={cn(pageColumnClass, 'flex items-center justify-between py-3')}>
        <Link to="/" className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ms-2 text-muted-foreground' })}>
          <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
          Home
        </Link>
        <ThemeMenu />
      </header>
      <main className="flex flex-1 flex-col items-center justify-start gap-4 px-4 pt-4 pb-12 sm:justify-center sm:pt-0">
        {deletedAccountLink && (
          <section
            aria-labelledby="deleted-account-link-title"
            className="flex w-full max-w-md items-start gap-3 rounded-2xl border bg-card px-4 py-3 shadow-sm"
          >
            <IconBadge tone="muted" size="sm" className="shrink-0">
              <UserX aria-hidden />
            </IconBadge>
            <div className="flex min-w-0 flex-col gap-0.5">
              <h2 id="deleted-account-link-title" className="font-medium">
                {ACCOUNT_TEXTS.confirmationOfDeletedTitle}
              </h2>
              <p className="text-sm text-muted-foreground">{ACCOUNT_TEXTS.confirmationOfDeletedBody}</p>
            </div>
          </section>
        )}
        <AuthCard
          variant="full"
          initialMode={
            requestedMode ?? (confirmationLanding ? 'sign-in' : deletedAccountLink || invitation.isSuccess ? 'sign-up' : undefined)
          }
          invitedEmail={confirmationLanding ? undefined : (invitation.data?.invited_email ?? undefined)}
          knownEmail={confirmationLanding ? (params.get('email') ?? undefined) : undefined}
        />
      </main>
    </div>
  )
}
