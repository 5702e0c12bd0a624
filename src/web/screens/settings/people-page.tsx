import { LoaderCircle, MailCheck, ShieldOff, Trash2, UserCheck } from 'lucide-react'
import { useState } from 'react'
import { FormattedMessage, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl'
import type { AdminAccount, AdminOverview, AuditEntry } from '#shared/admin.ts'
import { PageHeader, PageLayout } from '#web/components/page-layout.tsx'
import { QueryError } from '#web/components/query-error.tsx'
import { SwitchField } from '#web/components/switch-field.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { isApiRequestError } from '#web/lib/api-client.ts'
import { errorMessage, logUnexpected } from '#web/lib/errors.ts'
import { formatTimeAgo } from '#web/i18n/relative-time.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { toast } from '#web/lib/toast.ts'
import { DiskNote } from './components/disk-note.tsx'
import { NextOwnerNote } from './components/next-owner-note.tsx'
import { SpeechEngineNote } from './components/speech-engine-note.tsx'
import { useAccountActionMutation, useAdminOverviewQuery, useSetSignUpModeMutation, type AccountAction } from './people-queries.ts'

const TEXTS = {
  pageTitle: { id: 'settings.people.pageTitle', defaultMessage: 'People on this Hearth - Hearth' },
  title: { id: 'settings.people.title', defaultMessage: 'People on this Hearth' },
  signUpTitle: { id: 'settings.people.signUp.title', defaultMessage: 'Who may join' },
  signUpOpenDescription: {
    id: 'settings.people.signUp.openDescription',
    defaultMessage: 'Anyone who can reach this Hearth can make an account.',
  },
  signUpInvitation: { id: 'settings.people.signUp.invitation', defaultMessage: 'By invitation only' },
  signUpInvitationDescription: {
    id: 'settings.people.signUp.invitationDescription',
    defaultMessage: 'An account can be made only from an invitation sent by someone here.',
  },
  signUpPinned: { id: 'settings.people.signUp.pinned', defaultMessage: 'Set by SIGNUP_MODE where Hearth runs; change it there.' },
  signUpChanged: { id: 'settings.people.signUp.changed', defaultMessage: 'Sign-up mode changed' },
  signUpFailed: { id: 'settings.people.signUp.failed', defaultMessage: 'Could not change who may join. Please try again.' },
  accountsTitle: { id: 'settings.people.accounts.title', defaultMessage: 'Accounts' },
  accountsCount: { id: 'settings.people.accounts.count', defaultMessage: '{count, plural, one {# account} other {# accounts}}' },
  accountsFailed: { id: 'settings.people.accounts.failed', defaultMessage: 'Could not load the accounts' },
  you: { id: 'settings.people.account.you', defaultMessage: 'You' },
  joined: { id: 'settings.people.account.joined', defaultMessage: 'Joined {when}' },
  confirmed: { id: 'settings.people.account.confirmed', defaultMessage: 'Confirmed' },
  unconfirmed: { id: 'settings.people.account.unconfirmed', defaultMessage: 'Not confirmed' },
  disabled: { id: 'settings.people.account.disabled', defaultMessage: 'Disabled' },
  disable: { id: 'settings.people.account.disable', defaultMessage: 'Disable' },
  enable: { id: 'settings.people.account.enable', defaultMessage: 'Enable' },
  delete: { id: 'settings.people.account.delete', defaultMessage: 'Delete' },
  resend: { id: 'settings.people.account.resend', defaultMessage: 'Resend confirmation' },
  actionLabel: { id: 'settings.people.account.actionLabel', defaultMessage: '{action}: {name}' },
  disabledToast: { id: 'settings.people.account.disabledToast', defaultMessage: 'Account disabled' },
  enabledToast: { id: 'settings.people.account.enabledToast', defaultMessage: 'Account enabled' },
  deletedToast: { id: 'settings.people.account.deletedToast', defaultMessage: 'Account deleted' },
  resentToast: { id: 'settings.people.account.resentToast', defaultMessage: 'Confirmation sent again' },
  actionFailed: { id: 'settings.people.account.actionFailed', defaultMessage: 'That did not work. Please try again.' },
  deleteDialogTitle: { id: 'settings.people.delete.title', defaultMessage: 'Delete this account?' },
  deleteDialogDescription: {
    id: 'settings.people.delete.description',
    defaultMessage:
      '{name} ({email}). Their account, photos, welcome message and every message they sent go for good. The people they talked to keep the messages they sent them.',
  },
  deleteConfirm: { id: 'settings.people.delete.confirm', defaultMessage: 'Delete account' },
  cancel: { id: 'settings.people.delete.cancel', defaultMessage: 'Cancel' },
  auditTitle: { id: 'settings.people.audit.title', defaultMessage: 'Recent changes' },
  auditEmpty: { id: 'settings.people.audit.empty', defaultMessage: 'Nothing changed yet.' },
  notOwner: { id: 'settings.people.notOwner', defaultMessage: 'Only the person who runs this Hearth can do this.' },
} satisfies Record<string, MessageDescriptor>

const AUDIT = {
  anAccount: { id: 'settings.people.audit.anAccount', defaultMessage: 'an account' },
  disabled: { id: 'settings.people.audit.disabled', defaultMessage: '{actor} disabled {target}' },
  enabled: { id: 'settings.people.audit.enabled', defaultMessage: '{actor} enabled {target}' },
  deleted: { id: 'settings.people.audit.deleted', defaultMessage: '{actor} deleted {target}' },
  resent: { id: 'settings.people.audit.resent', defaultMessage: '{actor} sent {target} the confirmation again' },
  signUpInvitation: { id: 'settings.people.audit.signUpInvitation', defaultMessage: '{actor} made sign-up by invitation only' },
  signUpOpen: { id: 'settings.people.audit.signUpOpen', defaultMessage: '{actor} opened sign-up to anyone' },
} satisfies Record<string, MessageDescriptor>

/** What one row of the log says, in words: who did what to whom. */
function describeAuditEntry(intl: IntlShape, entry: AuditEntry): string {
  const values = { actor: entry.actor_name, target: entry.target_name ?? intl.formatMessage(AUDIT.anAccount) }
  const said: Record<AuditEntry['action'], MessageDescriptor> = {
    'account.disabled': AUDIT.disabled,
    'account.enabled': AUDIT.enabled,
    'account.deleted': AUDIT.deleted,
    'confirmation.resent': AUDIT.resent,
    'sign_up_mode.changed': entry.detail === 'invitation' ? AUDIT.signUpInvitation : AUDIT.signUpOpen,
  }
  return intl.formatMessage(said[entry.action], values)
}

const DONE: Record<AccountAction, MessageDescriptor> = {
  disable: TEXTS.disabledToast,
  enable: TEXTS.enabledToast,
  delete: TEXTS.deletedToast,
  resend: TEXTS.resentToast,
}

function useAccountAction() {
  const intl = useIntl()
  const mutation = useAccountActionMutation()
  const run = (action: AccountAction, account: AdminAccount, onDone?: () => void) =>
    mutation.mutate(
      { action, id: account.id },
      {
        onSuccess: () => {
          toast.success(intl.formatMessage(DONE[action]), { description: account.name })
          onDone?.()
        },
        onError: (error) => {
          logUnexpected(error, `the owner's ${action} failed`)
          toast.error(errorMessage(error, intl.formatMessage(TEXTS.actionFailed)))
        },
      },
    )
  return { run, pending: mutation.isPending ? mutation.variables : undefined }
}

function SignUpCard({ signUp }: { signUp: AdminOverview['sign_up'] }) {
  const intl = useIntl()
  const setMode = useSetSignUpModeMutation()
  const invitation = setMode.isPending ? setMode.variables === 'invitation' : signUp.mode === 'invitation'
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <FormattedMessage {...TEXTS.signUpTitle} />
        </CardTitle>
        <CardDescription>
          <FormattedMessage {...(invitation ? TEXTS.signUpInvitationDescription : TEXTS.signUpOpenDescription)} />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <SwitchField
          id="sign-up-by-invitation"
          label={<FormattedMessage {...TEXTS.signUpInvitation} />}
          hint={signUp.pinned ? <FormattedMessage {...TEXTS.signUpPinned} /> : undefined}
          checked={invitation}
          disabled={signUp.pinned}
          saving={setMode.isPending}
          onCheckedChange={(checked) =>
            setMode.mutate(checked ? 'invitation' : 'open', {
              onSuccess: () => toast.success(intl.formatMessage(TEXTS.signUpChanged)),
              onError: (error) => {
                logUnexpected(error, 'changing the sign-up mode failed')
                toast.error(errorMessage(error, intl.formatMessage(TEXTS.signUpFailed)))
              },
            })
          }
        />
      </CardContent>
    </Card>
  )
}

function AccountRow({
  account,
  busy,
  onAction,
  onDelete,
}: {
  account: AdminAccount
  busy: boolean
  onAction: (action: AccountAction) => void
  onDelete: () => void
}) {
  const intl = useIntl()
  const states = [
    account.owner ? TEXTS.you : null,
    account.confirmed ? TEXTS.confirmed : TEXTS.unconfirmed,
    account.disabled ? TEXTS.disabled : null,
  ].flatMap((state) => (state ? [intl.formatMessage(state)] : []))
  const joined = intl.formatMessage(TEXTS.joined, { when: formatTimeAgo(intl, account.joined_at) })
  const label = (action: MessageDescriptor) =>
    intl.formatMessage(TEXTS.actionLabel, { action: intl.formatMessage(action), name: account.name })
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 flex-col">
        <span data-slot="account-name" className="truncate font-medium">
          {account.name}
        </span>
        <span className="truncate text-sm text-muted-foreground">{account.email}</span>
        <span className="text-sm text-muted-foreground">{[joined, ...states].join(' · ')}</span>
      </div>
      {!account.owner && (
        <div className="flex flex-wrap gap-2">
          {!account.confirmed && (
            <Button variant="outline" size="sm" disabled={busy} aria-label={label(TEXTS.resend)} onClick={() => onAction('resend')}>
              <MailCheck aria-hidden />
              <FormattedMessage {...TEXTS.resend} />
            </Button>
          )}
          {account.disabled ? (
            <Button variant="outline" size="sm" disabled={busy} aria-label={label(TEXTS.enable)} onClick={() => onAction('enable')}>
              <UserCheck aria-hidden />
              <FormattedMessage {...TEXTS.enable} />
            </Button>
          ) : (
            <Button variant="outline" size="sm" disabled={busy} aria-label={label(TEXTS.disable)} onClick={() => onAction('disable')}>
              <ShieldOff aria-hidden />
              <FormattedMessage {...TEXTS.disable} />
            </Button>
          )}
          <Button variant="ghost" size="sm" disabled={busy} aria-label={label(TEXTS.delete)} onClick={onDelete}>
            <Trash2 aria-hidden />
            <FormattedMessage {...TEXTS.delete} />
          </Button>
        </div>
      )}
    </li>
  )
}

function DeleteDialog({
  account,
  pending,
  onCancel,
  onConfirm,
}: {
  account: AdminAccount | null
  pending: boolean
  onCancel: () => void
  onConfirm: () => void
}) {
  return (
    <Dialog
      open={account !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onCancel()
      }}
    >
      <DialogContent showCloseButton={!pending}>
        <DialogHeader>
          <DialogTitle>
            <FormattedMessage {...TEXTS.deleteDialogTitle} />
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage {...TEXTS.deleteDialogDescription} values={{ name: account?.name ?? '', email: account?.email ?? '' }} />
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" disabled={pending} onClick={onCancel}>
            <FormattedMessage {...TEXTS.cancel} />
          </Button>
          <Button variant="destructive" disabled={pending} onClick={onConfirm}>
            {pending && <LoaderCircle aria-hidden className="animate-spin" />}
            <FormattedMessage {...TEXTS.deleteConfirm} />
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

function AccountsCard({ accounts }: { accounts: AdminAccount[] }) {
  const intl = useIntl()
  const { run, pending } = useAccountAction()
  const [deleting, setDeleting] = useState<AdminAccount | null>(null)
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <FormattedMessage {...TEXTS.accountsTitle} />
        </CardTitle>
        <CardDescription>
          <FormattedMessage {...TEXTS.accountsCount} values={{ count: accounts.length }} />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label={intl.formatMessage(TEXTS.accountsTitle)} className="divide-y">
          {accounts.map((account) => (
            <AccountRow
              key={account.id}
              account={account}
              busy={pending?.id === account.id}
              onAction={(action) => run(action, account)}
              onDelete={() => setDeleting(account)}
            />
          ))}
        </ul>
        <NextOwnerNote className="mt-3" />
      </CardContent>
      <DeleteDialog
        account={deleting}
        pending={pending?.action === 'delete'}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && run('delete', deleting, () => setDeleting(null))}
      />
    </Card>
  )
}

function AuditCard({ audit }: { audit: AdminOverview['audit'] }) {
  const intl = useIntl()
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <FormattedMessage {...TEXTS.auditTitle} />
        </CardTitle>
      </CardHeader>
      <CardContent>
        {audit.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <FormattedMessage {...TEXTS.auditEmpty} />
          </p>
        ) : (
          <ul aria-label={intl.formatMessage(TEXTS.auditTitle)} className="flex flex-col gap-2 text-sm">
            {audit.map((entry) => (
              <li key={entry.id} className="flex flex-wrap justify-between gap-x-3">
                <span>{describeAuditEntry(intl, entry)}</span>
                <time dateTime={entry.at} className="text-muted-foreground">
                  {formatTimeAgo(intl, entry.at)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

/** /settings/people (docs/product/people.md): the owner's screen. Anyone else is told it is not theirs. */
export function PeoplePage() {
  const intl = useIntl()
  usePageMeta({ title: intl.formatMessage(TEXTS.pageTitle) })
  const overview = useAdminOverviewQuery()
  return (
    <PageLayout className="gap-4" header={<PageHeader back="/settings" title={intl.formatMessage(TEXTS.title)} />}>
      {overview.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-4">
          <Skeleton className="h-32 w-full rounded-xl" />
          <Skeleton className="h-56 w-full rounded-xl" />
        </div>
      ) : overview.isError ? (
        isApiRequestError(overview.error, 403) ? (
          <p role="alert" className="rounded-2xl border bg-card px-6 py-8 text-center">
            <FormattedMessage {...TEXTS.notOwner} />
          </p>
        ) : (
          <QueryError
            message={intl.formatMessage(TEXTS.accountsFailed)}
            onRetry={() => void overview.refetch()}
            retrying={overview.isFetching}
          />
        )
      ) : (
        <>
          <DiskNote disk={overview.data.disk} />
          <SignUpCard signUp={overview.data.sign_up} />
          <SpeechEngineNote />
          <AccountsCard accounts={overview.data.accounts} />
          <AuditCard audit={overview.data.audit} />
        </>
      )}
    </PageLayout>
  )
}
