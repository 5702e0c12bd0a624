import { FormattedMessage, useIntl } from 'react-intl'
import { useKnownText } from '#web/i18n/known-texts.ts'
import { ArrowLeft, UserX } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link, Navigate, useLocation, useSearchParams } from 'react-router'
import { toast } from '#web/lib/toast.ts'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { FullPageSpinner } from '#web/components/full-page-spinner.tsx'
import { ThemeMenu } from '#web/components/theme-menu.tsx'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { afterSignInPath, readAuthRedirectNotice } from '#web/resources/sign-in/auth-errors.ts'
import { AuthCard, type AuthMode } from '#web/resources/sign-in/components/auth-card.tsx'
import { useInvitationForSignUpQuery } from '#web/resources/invitations/queries.ts'
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
  const intl = useIntl()
  const known = useKnownText()
  usePageMeta({
    title: intl.formatMessage({ id: 'auth.pageTitle', defaultMessage: 'Sign in - Hearth' }),
    description: intl.formatMessage({
      id: 'auth.pageDescription',
      defaultMessage: 'Sign in to Hearth, or create your account: voice messages for the people closest to you.',
    }),
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
    if (notice?.kind === 'google-error')
      toast.error(intl.formatMessage({ id: 'auth.google.failed', defaultMessage: 'Google sign-in failed' }), {
        description: known(notice.description),
      })
    if (notice?.kind === 'confirmation-error')
      toast.error(intl.formatMessage({ id: 'auth.error.title', defaultMessage: 'Authentication Error' }), {
        description: known(notice.description),
      })
  }, [params, intl, known])

  if (loading || invitation.isLoading) return <FullPageSpinner />
  if (user) return <Navigate to={afterSignInPath(inviteToken, next)} replace />

  return (
    <div className="flex min-h-dvh flex-col bg-hearth-glow">
      <header className={cn(pageColumnClass, 'flex items-center justify-between py-3')}>
        <Link to="/" className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ms-2 text-muted-foreground' })}>
          <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
          <FormattedMessage id="auth.home" defaultMessage="Home" />
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
                <FormattedMessage id="auth.deletedAccountLink.title" defaultMessage="This account no longer exists" />
              </h2>
              <p className="text-sm text-muted-foreground">
                <FormattedMessage
                  id="auth.deletedAccountLink.body"
                  defaultMessage="The account this link confirms was deleted, so there is nothing left to confirm. You can create a new account here."
                />
              </p>
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
