import { CalendarX, CircleAlert, CircleCheck, Hourglass, MailQuestion, PartyPopper, UserPlus, UserX } from 'lucide-react'
import { useEffect, useRef, type ReactNode } from 'react'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router'
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl'
import { INVITATION_TEXTS, INVITE_ACCEPTED_REDIRECT_MS, inviteCardFor } from '#shared/invitations.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { pageColumnClass } from '#web/components/page-layout.tsx'
import { QueryError } from '#web/components/query-error.tsx'
import { Button, buttonVariants } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { Wordmark } from '#web/components/wordmark.tsx'
import { TrackPlayer } from '#web/resources/messages/components/voice-player.tsx'
import { isApiRequestError } from '#web/lib/api-client.ts'
import { useErrorMessage } from '#web/lib/errors.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { useAuth } from '#web/lib/use-auth.ts'
import { cn } from '#web/lib/utils.ts'
import { useAcceptInvitationMutation, useInvitationPreviewQuery } from '#web/resources/invitations/queries.ts'

// Accepting an invitation, the two screens of it: /invite (the landing page the mail's link opens, open to anyone)
// and /auth/invite (the acceptance itself, once signed in), with the frame and the cards they share.

const TEXTS = defineMessages({
  invited: { id: 'invitation.landing.invited', defaultMessage: "You're invited" },
  invalidLink: { id: 'invitation.invalidLink', defaultMessage: 'Invalid invitation link' },
  invalidToken: { id: 'invitation.invalidToken', defaultMessage: 'Invalid or missing invite token.' },
  unavailable: { id: 'invitation.card.unavailable.title', defaultMessage: 'Invite unavailable' },
})

/**
 * The transcript under the player: waiting (the query polls 1 s doubling to 8 s), failed, or the words. A finished
 * message without words leaves the player alone: the server sends a transcript only when the speech engine was sure
 * of it (decision 219), and a stranger is not told of a rough guess.
 */
function Transcript({ text, status }: { text: string | null; status: string | null }) {
  if (text) return <p className="rounded-xl bg-muted/60 p-4 text-start leading-relaxed">{text}</p>
  if (status === 'failed')
    return (
      <p className="text-sm text-muted-foreground">
        <FormattedMessage id="invitation.landing.noTranscript" defaultMessage="No transcript is available for this message." />
      </p>
    )
  if (status === 'completed') return null
  return (
    <p role="status" className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
      <Hourglass aria-hidden className="size-4" />
      <FormattedMessage id="invitation.landing.transcribing" defaultMessage="Transcribing the message..." />
    </p>
  )
}

/**
 * /invite?token=: the invite landing page, open to anonymous visitors (docs/product/invitations.md). Accepting needs a
 * session: a signed-in visitor goes to /auth/invite, anyone else to /auth with the token kept, where the card opens on
 * sign-up with the invited address filled in (decision 118).
 */
export function InviteLandingPage() {
  const intl = useIntl()
  const errorMessage = useErrorMessage()
  usePageMeta({ title: intl.formatMessage({ id: 'invitation.landing.pageTitle', defaultMessage: "You're invited - Hearth" }) })
  const [params] = useSearchParams()
  const token = params.get('token') || null
  const { user } = useAuth()
  const navigate = useNavigate()
  const preview = useInvitationPreviewQuery(token)

  if (!token) {
    return (
      <InviteFrame>
        <InviteUnusableCard message={INVITATION_TEXTS.invalidToken} />
      </InviteFrame>
    )
  }
  if (preview.isPending) {
    return (
      <InviteFrame>
        <Card className="w-full max-w-md items-center py-10" aria-busy>
          <Spinner
            label={intl.formatMessage({ id: 'invitation.landing.opening', defaultMessage: 'Opening your invitation' })}
            className="text-3xl text-primary"
          />
          <h1 className="sr-only">{intl.formatMessage(TEXTS.invited)}</h1>
        </Card>
      </InviteFrame>
    )
  }
  if (preview.isError) {
    const refused = isRefusal(preview.error)
    return (
      <InviteFrame>
        {refused ? (
          <InviteUnusableCard message={preview.error.message} />
        ) : isApiRequestError(preview.error, 429) ? (
          <InviteMessageCard
            icon={<Hourglass aria-hidden className="size-5" />}
            title={intl.formatMessage(TEXTS.unavailable)}
            description={errorMessage(preview.error, preview.error.message)}
          />
        ) : (
          <div className="w-full max-w-md">
            <h1 className="sr-only">{intl.formatMessage(TEXTS.invited)}</h1>
            <QueryError
              message={intl.formatMessage({ id: 'invitation.landing.loadFailed', defaultMessage: 'Failed to load invitation' })}
              detail={errorMessage(preview.error)}
              retrying={preview.isFetching}
              onRetry={() => void preview.refetch()}
            />
          </div>
        )}
      </InviteFrame>
    )
  }

  const { inviter, transcript, transcription_status, personal_message_signed_url } = preview.data
  const accept = () =>
    void navigate(user ? `/auth/invite?token=${encodeURIComponent(token)}` : `/auth?invite_token=${encodeURIComponent(token)}`)
  return (
    <InviteFrame>
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center gap-3">
          <p className="text-sm font-medium tracking-wide text-primary uppercase">{intl.formatMessage(TEXTS.invited)}</p>
          <Avatar name={inviter.name} src={inviter.avatar_url} alt="" size="xl" />
          <CardTitle asChild>
            <h1 className="text-2xl">
              <FormattedMessage id="invitation.landing.title" defaultMessage="{name} invited you" values={{ name: inviter.name }} />
            </h1>
          </CardTitle>
          <CardDescription>
            <FormattedMessage
              id="invitation.landing.intro"
              defaultMessage="A few close people, sending each other voice messages. Here's a personal message for you."
            />
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {personal_message_signed_url ? (
            <>
              <TrackPlayer
                trackId={`invitation:${token}`}
                track={() => ({
                  id: `invitation:${token}`,
                  url: personal_message_signed_url,
                  title: intl.formatMessage(
                    { id: 'invitation.landing.track', defaultMessage: 'Message from {name}' },
                    { name: inviter.name },
                  ),
                  speaker: { name: inviter.name, pictureUrl: inviter.avatar_url },
                })}
                subject={intl.formatMessage(
                  { id: 'invitation.landing.subject', defaultMessage: 'message from {name}' },
                  { name: inviter.name },
                )}
                url={personal_message_signed_url}
                className="rounded-2xl border bg-background/60 px-3 py-2"
              />
              <Transcript text={transcript} status={transcription_status} />
            </>
          ) : null}
          {preview.data.invitation.note ? (
            <blockquote className="border-s-2 border-primary ps-3 text-start text-muted-foreground italic">
              {preview.data.invitation.note}
            </blockquote>
          ) : null}
        </CardContent>
        <CardFooter className="flex flex-col gap-3">
          <Button size="lg" className="w-full" onClick={accept}>
            <UserPlus aria-hidden />
            <FormattedMessage id="invitation.landing.accept" defaultMessage="Accept & Join" />
          </Button>
          <p className="text-sm text-muted-foreground">
            <FormattedMessage id="invitation.landing.expiry" defaultMessage="This invite expires in 7 days from when it was created." />
          </p>
        </CardFooter>
      </Card>
    </InviteFrame>
  )
}

/**
 * /auth/invite?token=: accepting an invitation (docs/product/invitations.md). Accepting needs a session, so a visitor
 * without one signs up (with the invited address, signed in at once: decision 118), in, or with Google first and
 * comes back here with the token.
 * A spinner, then 'Connection Added!' and home after 3 s, or the error card.
 */
export function InviteAcceptPage() {
  const intl = useIntl()
  const errorMessage = useErrorMessage()
  usePageMeta({ title: intl.formatMessage({ id: 'invitation.accept.pageTitle', defaultMessage: 'Your invitation - Hearth' }) })
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
          title={intl.formatMessage(TEXTS.invalidLink)}
          description={intl.formatMessage(TEXTS.invalidToken)}
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
              <h1>
                <FormattedMessage id="invitation.accept.added" defaultMessage="Connection Added!" />
              </h1>
            </CardTitle>
            <CardDescription role="status">
              <FormattedMessage
                id="invitation.accept.added.body"
                defaultMessage="You and {name} are now in each other's circle. Taking you home..."
                values={{ name: accept.data.inviter_name }}
              />
            </CardDescription>
          </CardHeader>
        </Card>
      </InviteFrame>
    )
  }
  if (accept.isError) {
    const { error } = accept
    const unusable = isRefusal(error)
    return (
      <InviteFrame>
        {unusable ? (
          <InviteUnusableCard message={error.message} />
        ) : (
          <InviteMessageCard
            icon={<CircleAlert aria-hidden className="size-5" />}
            title={intl.formatMessage({ id: 'invitation.accept.failed', defaultMessage: 'Failed to accept invitation' })}
            description={errorMessage(error, error.message)}
          />
        )}
      </InviteFrame>
    )
  }
  return (
    <InviteFrame>
      <Card className="w-full max-w-md text-center" aria-busy>
        <CardHeader className="items-center">
          <Spinner
            label={intl.formatMessage({ id: 'invitation.accept.spinner', defaultMessage: 'Accepting your invitation' })}
            className="mb-2 text-3xl text-primary"
          />
          <CardTitle asChild>
            <h1>
              <FormattedMessage id="invitation.accept.accepting" defaultMessage="Accepting your invitation..." />
            </h1>
          </CardTitle>
          <CardDescription>
            <FormattedMessage id="invitation.accept.moment" defaultMessage="This takes a moment." />
          </CardDescription>
        </CardHeader>
      </Card>
    </InviteFrame>
  )
}

/** The signed-out frame of the invitation screens: the wordmark and one centred card. */
function InviteFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-hearth-glow">
      <header className={cn(pageColumnClass, 'flex items-center py-3')}>
        <Wordmark />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-6 pb-12 sm:items-center sm:pt-0">{children}</main>
    </div>
  )
}

/** A card with one way out, 'Go to Home' (the expired, used and unavailable invitations, and the refusals). */
function InviteMessageCard({ icon, title, description }: { icon: ReactNode; title: string; description: string }) {
  return (
    <Card className="w-full max-w-md text-center">
      <CardHeader className="items-center">
        <IconBadge className="mb-2">{icon}</IconBadge>
        <CardTitle asChild>
          <h1>{title}</h1>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Link to="/" className={buttonVariants({ size: 'lg', className: 'w-full' })}>
          <FormattedMessage id="invitation.card.home" defaultMessage="Go to Home" />
        </Link>
      </CardContent>
    </Card>
  )
}

const UNUSABLE_CARDS: Record<
  ReturnType<typeof inviteCardFor>,
  { icon: typeof CalendarX; title: MessageDescriptor; description: MessageDescriptor }
> = {
  expired: {
    icon: CalendarX,
    ...defineMessages({
      title: { id: 'invitation.card.expired.title', defaultMessage: 'Invite expired' },
      description: {
        id: 'invitation.card.expired.description',
        defaultMessage: 'Invitations last 7 days. Ask the person who invited you to send it again.',
      },
    }),
  },
  used: {
    icon: CircleCheck,
    ...defineMessages({
      title: { id: 'invitation.card.used.title', defaultMessage: 'Invite already used' },
      description: { id: 'invitation.card.used.description', defaultMessage: 'This invitation has already been accepted.' },
    }),
  },
  // decision 120: the inviter deleted their account, and the invitation went with it
  'inviter-deleted': {
    icon: UserX,
    ...defineMessages({
      title: { id: 'invitation.card.inviterDeleted.title', defaultMessage: 'Invite no longer available' },
      description: {
        id: 'invitation.card.inviterDeleted.description',
        defaultMessage: 'This invitation is no longer available: the person who sent it deleted their account.',
      },
    }),
  },
  unavailable: {
    icon: MailQuestion,
    title: TEXTS.unavailable,
    ...defineMessages({
      description: {
        id: 'invitation.card.unavailable.description',
        defaultMessage:
          'This invitation may have been cancelled or replaced by a newer link. Ask the person who invited you for a new one.',
      },
    }),
  },
}

/**
 * The card for a refusal, from the server's English text (which names what went wrong: expired, used, the inviter's
 * account deleted, or anything else); the card says it in the reader's language.
 */
function InviteUnusableCard({ message }: { message: string }) {
  const intl = useIntl()
  const card = UNUSABLE_CARDS[inviteCardFor(message)]
  const Icon = card.icon
  return (
    <InviteMessageCard
      icon={<Icon aria-hidden className="size-5" />}
      title={intl.formatMessage(card.title)}
      description={intl.formatMessage(card.description)}
    />
  )
}

/** An answer that says this invitation cannot be used (unknown, expired, used, withdrawn): a card, not a retry. */
function isRefusal(error: unknown): boolean {
  return isApiRequestError(error, 404) || isApiRequestError(error, 410) || isApiRequestError(error, 400)
}
