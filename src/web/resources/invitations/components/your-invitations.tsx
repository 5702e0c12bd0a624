import { useIntl, type IntlShape, type MessageDescriptor } from 'react-intl'
import { Link2, Mail, MailOpen, RotateCw, Search, X } from 'lucide-react'
import { Link } from 'react-router'
import { toast } from '#web/lib/toast.ts'
import type { Invitation } from '#shared/invitations.ts'
import { Empty, EmptyDescription, EmptyTitle } from '#web/components/empty.tsx'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { QueryError } from '#web/components/query-error.tsx'
import { Button, buttonVariants } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { isApiRequestError } from '#web/lib/api-client.ts'
import { useCancelInvitationMutation, useMyInvitationsQuery, useResendInvitationMutation } from '../queries.ts'

const INVITES = {
  pending: { id: 'invitations.status.pending', defaultMessage: 'Pending' },
  expired: { id: 'invitations.status.expired', defaultMessage: 'Expired' },
  accepted: { id: 'invitations.status.used', defaultMessage: 'Used' },
  joined: { id: 'invitations.status.joined', defaultMessage: 'Joined' },
  daysLeft: { id: 'invitations.daysLeft', defaultMessage: '{count, plural, one {# day left} other {# days left}}' },
  hoursLeft: { id: 'invitations.hoursLeft', defaultMessage: '{count, plural, one {# hour left} other {# hours left}}' },
  lessThanAnHour: { id: 'invitations.lessThanAnHour', defaultMessage: 'Less than an hour left' },
  someone: { id: 'invitations.someone', defaultMessage: 'Someone' },
  extended: { id: 'invitations.extended', defaultMessage: 'Invitation Extended' },
  newLinkCopied: { id: 'invitations.newLinkCopied', defaultMessage: 'A new link was copied; the old one no longer works.' },
  resent: { id: 'invitations.resent', defaultMessage: 'Invitation Resent' },
  resendFailed: { id: 'invitations.resendFailed', defaultMessage: 'Failed to resend invitation' },
  notFound: { id: 'invitations.notFoundToast', defaultMessage: 'Invitation not found' },
  canceled: { id: 'invitations.canceled', defaultMessage: 'Invitation Canceled' },
  cancelFailed: { id: 'invitations.cancelFailed', defaultMessage: 'Failed to cancel invitation' },
  resend: { id: 'invitations.resend', defaultMessage: 'Resend' },
  resendName: { id: 'invitations.resend.name', defaultMessage: 'Resend the invitation to {who}' },
  cancel: { id: 'common.cancel', defaultMessage: 'Cancel' },
  cancelName: { id: 'invitations.cancel.name', defaultMessage: 'Cancel the invitation to {who}' },
  loadFailed: { id: 'invitations.loadFailed', defaultMessage: 'Failed to load invitations' },
  noPending: { id: 'invitations.noPending', defaultMessage: 'No pending invitations' },
  noPendingBody: {
    id: 'invitations.noPending.body',
    defaultMessage: "Invitations you send by email or link will appear here until they're accepted.",
  },
  findSomeone: { id: 'invitations.findSomeone', defaultMessage: 'Find someone on Hearth' },
} satisfies Record<string, MessageDescriptor>
/** Closed invitations: nothing is left to resend or cancel. */
const CLOSED: ReadonlySet<Invitation['status']> = new Set(['accepted', 'joined'])

/** '3 days left', '5 hours left', or nothing once it is over. */
export function timeLeft(intl: IntlShape, expiresAt: string, now = Date.now()): string | null {
  const ms = Date.parse(expiresAt) - now
  if (ms <= 0) return null
  const hours = Math.floor(ms / 3_600_000)
  if (hours >= 24) {
    // a new invitation says 7 days, as its mail does
    const days = Math.ceil(ms / 86_400_000)
    return intl.formatMessage(INVITES.daysLeft, { count: days })
  }
  if (hours >= 1) return intl.formatMessage(INVITES.hoursLeft, { count: hours })
  return intl.formatMessage(INVITES.lessThanAnHour)
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const intl = useIntl()
  const resend = useResendInvitationMutation()
  const cancel = useCancelInvitationMutation()
  const who = invitation.email ?? invitation.recipient_name ?? intl.formatMessage(INVITES.someone)
  const Icon = invitation.kind === 'email' ? Mail : Link2
  const left = invitation.status === 'pending' ? timeLeft(intl, invitation.expires_at) : null

  const onResend = () =>
    resend.mutate(invitation.id, {
      onSuccess: async (result) => {
        if (result.share_url) {
          // a link invitation's new link replaces the old one (decision 50): it goes to the clipboard
          await navigator.clipboard?.writeText(result.share_url).catch(() => undefined)
          toast.success(intl.formatMessage(INVITES.extended), { description: intl.formatMessage(INVITES.newLinkCopied) })
        } else if (result.mail_sent) toast.success(intl.formatMessage(INVITES.resent))
        else toast.success(intl.formatMessage(INVITES.extended))
      },
      onError: (error) =>
        isApiRequestError(error, 409)
          ? toast.error(error.message)
          : toast.error(intl.formatMessage(isApiRequestError(error, 404) ? INVITES.notFound : INVITES.resendFailed), {
              description: error.message,
            }),
    })
  const onCancel = () =>
    cancel.mutate(invitation.id, {
      onSuccess: () => toast.success(intl.formatMessage(INVITES.canceled)),
      onError: (error) =>
        toast.error(intl.formatMessage(isApiRequestError(error, 404) ? INVITES.notFound : INVITES.cancelFailed), {
          description: error.message,
        }),
    })

  return (
    <li className="flex flex-wrap items-center gap-3 rounded-2xl border bg-card p-4 shadow-sm">
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-accent text-accent-foreground">
        <Icon aria-hidden className="size-4" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-medium">{who}</span>
        <span className="text-sm text-muted-foreground">
          {intl.formatMessage(INVITES[invitation.status])}
          {left ? ` · ${left}` : ''}
        </span>
      </div>
      {!CLOSED.has(invitation.status) && (
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={onResend}
            disabled={resend.isPending}
            aria-label={intl.formatMessage(INVITES.resendName, { who })}
          >
            <RotateCw aria-hidden />
            {intl.formatMessage(INVITES.resend)}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={onCancel}
            disabled={cancel.isPending}
            aria-label={intl.formatMessage(INVITES.cancelName, { who })}
          >
            <X aria-hidden />
            {intl.formatMessage(INVITES.cancel)}
          </Button>
        </div>
      )}
    </li>
  )
}

/** 'Your invitations' on the add-contact hub: newest first, live through `invitation.changed`. */
export function YourInvitations() {
  const intl = useIntl()
  const invitations = useMyInvitationsQuery()
  if (invitations.isPending) {
    return (
      <div className="flex flex-col gap-2" aria-busy>
        <Skeleton className="h-16 rounded-2xl" />
        <Skeleton className="h-16 rounded-2xl" />
      </div>
    )
  }
  if (invitations.isError) {
    return (
      <QueryError
        message={intl.formatMessage(INVITES.loadFailed)}
        detail={invitations.error.message}
        retrying={invitations.isFetching}
        onRetry={() => void invitations.refetch()}
      />
    )
  }
  if (invitations.data.length === 0) {
    return (
      <Empty variant="notice">
        <IconBadge tone="muted">
          <MailOpen aria-hidden />
        </IconBadge>
        <EmptyTitle className="text-base font-medium">{intl.formatMessage(INVITES.noPending)}</EmptyTitle>
        <EmptyDescription className="text-wrap">{intl.formatMessage(INVITES.noPendingBody)}</EmptyDescription>
        <Link to="/contacts/add/directory" className={buttonVariants({ variant: 'outline', size: 'sm', className: 'mt-1' })}>
          <Search aria-hidden />
          {intl.formatMessage(INVITES.findSomeone)}
        </Link>
      </Empty>
    )
  }
  return (
    <ul className="flex flex-col gap-2">
      {invitations.data.map((invitation) => (
        <InvitationRow key={invitation.id} invitation={invitation} />
      ))}
    </ul>
  )
}
