import { Link2, Mail, MailOpen, RotateCw, Search, X } from 'lucide-react'
import { Link } from 'react-router'
import { toast } from '#web/lib/toast.ts'
import { INVITATION_TEXTS, type Invitation } from '#shared/invitations.ts'
import { Empty, EmptyDescription, EmptyTitle } from '#web/components/empty.tsx'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { QueryError } from '#web/components/query-error.tsx'
import { Button, buttonVariants } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { isApiRequestError } from '#web/lib/api-client.ts'
import { useCancelInvitationMutation, useMyInvitationsQuery, useResendInvitationMutation } from '../queries.ts'

const STATUS_LABEL: Record<Invitation['status'], string> = { pending: 'Pending', expired: 'Expired', accepted: 'Used', joined: 'Joined' }
/** Closed invitations: nothing is left to resend or cancel. */
const CLOSED: ReadonlySet<Invitation['status']> = new Set(['accepted', 'joined'])

/** '3 days left', '5 hours left', or nothing once it is over. */
export function timeLeft(expiresAt: string, now = Date.now()): string | null {
  const ms = Date.parse(expiresAt) - now
  if (ms <= 0) return null
  const hours = Math.floor(ms / 3_600_000)
  if (hours >= 24) {
    // a new invitation says 7 days, as its mail does
    const days = Math.ceil(ms / 86_400_000)
    return `${days} ${days === 1 ? 'day' : 'days'} left`
  }
  if (hours >= 1) return `${hours} ${hours === 1 ? 'hour' : 'hours'} left`
  return 'Less than an hour left'
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const resend = useResendInvitationMutation()
  const cancel = useCancelInvitationMutation()
  const who = invitation.email ?? invitation.recipient_name ?? 'Someone'
  const Icon = invitation.kind === 'email' ? Mail : Link2
  const left = invitation.status === 'pending' ? timeLeft(invitation.expires_at) : null

  const onResend = () =>
    resend.mutate(invitation.id, {
      onSuccess: async (result) => {
        if (result.share_url) {
          // a link invitation's new link replaces the old one (decision 50): it goes to the clipboard
          await navigator.clipboard?.writeText(result.share_url).catch(() => undefined)
          toast.success(INVITATION_TEXTS.extended, { description: 'A new link was copied; the old one no longer works.' })
        } else if (result.mail_sent) toast.success(INVITATION_TEXTS.resent)
        else toast.success(INVITATION_TEXTS.extended)
      },
      onError: (error) =>
        isApiRequestError(error, 409)
          ? toast.error(error.message)
          : toast.error(isApiRequestError(error, 404) ? INVITATION_TEXTS.notFoundToast : INVITATION_TEXTS.resendFailed, {
              description: error.message,
            }),
    })
  const onCancel = () =>
    cancel.mutate(invitation.id, {
      onSuccess: () => toast.success(INVITATION_TEXTS.canceled),
      onError: (error) =>
        toast.error(isApiRequestError(error, 404) ? INVITATION_TEXTS.notFoundToast : INVITATION_TEXTS.cancelFailed, {
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
          {STATUS_LABEL[invitation.status]}
          {left ? ` · ${left}` : ''}
        </span>
      </div>
      {!CLOSED.has(invitation.status) && (
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={onResend} disabled={resend.isPending} aria-label={`Resend the invitation to ${who}`}>
            <RotateCw aria-hidden />
            Resend
          </Button>
          <Button variant="ghost" size="sm" onClick={onCancel} disabled={cancel.isPending} aria-label={`Cancel the invitation to ${who}`}>
            <X aria-hidden />
            Cancel
          </Button>
        </div>
      )}
    </li>
  )
}

/** 'Your invitations' on the add-contact hub: newest first, live through `invitation.changed`. */
export function YourInvitations() {
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
        message={INVITATION_TEXTS.loadFailed}
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
        <EmptyTitle className="text-base font-medium">{INVITATION_TEXTS.noPending}</EmptyTitle>
        <EmptyDescription className="text-wrap">
          Invitations you send by email or link will appear here until they're accepted.
        </EmptyDescription>
        <Link to="/contacts/add/directory" className={buttonVariants({ variant: 'outline', size: 'sm', className: 'mt-1' })}>
          <Search aria-hidden />
          Find someone on Hearth
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
