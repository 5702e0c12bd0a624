import { CircleAlert, PartyPopper } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { INVITATION_TEXTS, INVITE_ACCEPTED_REDIRECT_MS } from '#shared/invitations.ts'
import { useAuth } from '#web/lib/use-auth.ts'
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { isApiRequestError } from '#web/lib/api-client.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { InviteFrame, InviteMessageCard } from './components/invite-frame.tsx'
import { InviteUnusableCard } from './components/invite-unusable-card.tsx'
import { useAcceptInvitationMutation } from './queries.ts'

/**
 * /auth/invite?token=: accepting an invitation (docs/product/invitations.md). Accepting needs a session, so a visitor
 * without one signs up (with the invited address, signed in at once: decision 118), in, or with Google first and
 * comes back here with the token.
 * A spinner, then 'Connection Added!' and home after 3 s, or the error card.
 */
export function InviteAcceptPage() {
  usePageMeta({ title: 'Your invitation - Hearth' })
  const [params] = useSearchParams()
  const token = params.get('token') || null
  const { user, loading } = useAuth()
  const navigate = useNavigate()
  const accept = useAcceptInvitationMutation()
  // one accept per token, even when React runs effects twice
  const started = useRef<string | null>(null)

  useEffect(() => {
    if (!user || !token || started.current === token) return
    started.current = token
    accept.mutate(token)
  }, [user, token, accept])

  useEffect(() => {
    if (!accept.isSuccess) return
    const timer = setTimeout(() => void navigate('/', { replace: true }), INVITE_ACCEPTED_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [accept.isSuccess, navigate])

  if (!token) {
    return (
      <InviteFrame>
        <InviteMessageCard
          icon={<CircleAlert aria-hidden className="size-5" />}
          title={INVITATION_TEXTS.invalidLink}
          description={INVITATION_TEXTS.invalidToken}
        />
      </InviteFrame>
    )
  }
  if (!loading && !user) return <Navigate to={`/auth?invite_token=${encodeURIComponent(token)}`} replace />
  if (accept.isSuccess) {
    return (
      <InviteFrame>
        <Card className="w-full max-w-md text-center">
          <CardHeader className="items-center">
            <span className="mb-2 grid size-12 place-items-center rounded-full bg-accent text-accent-foreground">
              <PartyPopper aria-hidden className="size-5" />
            </span>
            <CardTitle asChild>
              <h1>{INVITATION_TEXTS.connectionAdded}</h1>
            </CardTitle>
            <CardDescription role="status">
              You and {accept.data.inviter_name} are now in each other's circle. Taking you home...
            </CardDescription>
          </CardHeader>
        </Card>
      </InviteFrame>
    )
  }
  if (accept.isError) {
    const { error } = accept
    const unusable = isApiRequestError(error, 404) || isApiRequestError(error, 410) || isApiRequestError(error, 400)
    return (
      <InviteFrame>
        {unusable ? (
          <InviteUnusableCard message={error.message} />
        ) : (
          <InviteMessageCard
            icon={<CircleAlert aria-hidden className="size-5" />}
            title={INVITATION_TEXTS.acceptFailed}
            description={error.message}
          />
        )}
      </InviteFrame>
    )
  }
  return (
    <InviteFrame>
      <Card className="w-full max-w-md text-center" aria-busy>
        <CardHeader className="items-center">
          <Spinner label="Accepting your invitation" className="mb-2 text-3xl text-primary" />
          <CardTitle asChild>
            <h1>Accepting your invitation...</h1>
          </CardTitle>
          <CardDescription>This takes a moment.</CardDescription>
        </CardHeader>
      </Card>
    </InviteFrame>
  )
}
