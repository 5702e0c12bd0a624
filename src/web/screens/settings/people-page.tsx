import { LoaderCircle, MailCheck, ShieldOff, Trash2, UserCheck } from 'lucide-react'
import { useState } from 'react'
import { ADMIN_TEXTS, describeAuditEntry, type AdminAccount, type AdminOverview } from '#shared/admin.ts'
import { relativeTime } from '#shared/relative-time.ts'
import { PageHeader, PageLayout } from '#web/components/page-layout.tsx'
import { QueryError } from '#web/components/query-error.tsx'
import { SwitchField } from '#web/components/switch-field.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { isApiRequestError } from '#web/lib/api-client.ts'
import { errorMessage, logUnexpected } from '#web/lib/errors.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { toast } from '#web/lib/toast.ts'
import { DiskNote } from './components/disk-note.tsx'
import { NextOwnerNote } from './components/next-owner-note.tsx'
import { SpeechEngineNote } from './components/speech-engine-note.tsx'
import { useAccountActionMutation, useAdminOverviewQuery, useSetSignUpModeMutation, type AccountAction } from './people-queries.ts'

const DONE: Record<AccountAction, string> = {
  disable: ADMIN_TEXTS.disabledToast,
  enable: ADMIN_TEXTS.enabledToast,
  delete: ADMIN_TEXTS.deletedToast,
  resend: ADMIN_TEXTS.resentToast,
}

function useAccountAction() {
  const mutation = useAccountActionMutation()
  const run = (action: AccountAction, account: AdminAccount, onDone?: () => void) =>
    mutation.mutate(
      { action, id: account.id },
      {
        onSuccess: () => {
          toast.success(DONE[action], { description: account.name })
          onDone?.()
        },
        onError: (error) => {
          logUnexpected(error, `the owner's ${action} failed`)
          toast.error(errorMessage(error, ADMIN_TEXTS.actionFailed))
        },
      },
    )
  return { run, pending: mutation.isPending ? mutation.variables : undefined }
}

function SignUpCard({ signUp }: { signUp: AdminOverview['sign_up'] }) {
  const setMode = useSetSignUpModeMutation()
  const invitation = setMode.isPending ? setMode.variables === 'invitation' : signUp.mode === 'invitation'
  return (
    <Card>
      <CardHeader>
        <CardTitle>{ADMIN_TEXTS.signUpTitle}</CardTitle>
        <CardDescription>{invitation ? ADMIN_TEXTS.signUpInvitationDescription : ADMIN_TEXTS.signUpOpenDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <SwitchField
          id="sign-up-by-invitation"
          label={ADMIN_TEXTS.signUpInvitation}
          hint={signUp.pinned ? ADMIN_TEXTS.signUpPinned : undefined}
          checked={invitation}
          disabled={signUp.pinned}
          saving={setMode.isPending}
          onCheckedChange={(checked) =>
            setMode.mutate(checked ? 'invitation' : 'open', {
              onSuccess: () => toast.success(ADMIN_TEXTS.signUpChanged),
              onError: (error) => {
                logUnexpected(error, 'changing the sign-up mode failed')
                toast.error(errorMessage(error, ADMIN_TEXTS.signUpFailed))
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
  const states = [
    account.owner ? ADMIN_TEXTS.you : null,
    account.confirmed ? ADMIN_TEXTS.confirmed : ADMIN_TEXTS.unconfirmed,
    account.disabled ? ADMIN_TEXTS.disabled : null,
  ].filter(Boolean)
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-medium">{account.name}</span>
        <span className="truncate text-sm text-muted-foreground">{account.email}</span>
        <span className="text-sm text-muted-foreground">
          {`${ADMIN_TEXTS.joined} ${relativeTime(account.joined_at)} · ${states.join(' · ')}`}
        </span>
      </div>
      {!account.owner && (
        <div className="flex flex-wrap gap-2">
          {!account.confirmed && (
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              aria-label={`${ADMIN_TEXTS.resend}: ${account.name}`}
              onClick={() => onAction('resend')}
            >
              <MailCheck aria-hidden />
              {ADMIN_TEXTS.resend}
            </Button>
          )}
          {account.disabled ? (
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              aria-label={`${ADMIN_TEXTS.enable}: ${account.name}`}
              onClick={() => onAction('enable')}
            >
              <UserCheck aria-hidden />
              {ADMIN_TEXTS.enable}
            </Button>
          ) : (
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              aria-label={`${ADMIN_TEXTS.disable}: ${account.name}`}
              onClick={() => onAction('disable')}
            >
              <ShieldOff aria-hidden />
              {ADMIN_TEXTS.disable}
            </Button>
          )}
          <Button variant="ghost" size="sm" disabled={busy} aria-label={`${ADMIN_TEXTS.delete}: ${account.name}`} onClick={onDelete}>
            <Trash2 aria-hidden />
            {ADMIN_TEXTS.delete}
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
          <DialogTitle>{ADMIN_TEXTS.deleteDialogTitle}</DialogTitle>
          <DialogDescription>{`${account?.name ?? ''} (${account?.email ?? ''}). ${ADMIN_TEXTS.deleteDialogDescription}`}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" disabled={pending} onClick={onCancel}>
            {ADMIN_TEXTS.cancel}
          </Button>
          <Button variant="destructive" disabled={pending} onClick={onConfirm}>
            {pending && <LoaderCircle aria-hidden className="animate-spin" />}
            {ADMIN_TEXTS.deleteConfirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

function AccountsCard({ accounts }: { accounts: AdminAccount[] }) {
  const { run, pending } = useAccountAction()
  const [deleting, setDeleting] = useState<AdminAccount | null>(null)
  return (
    <Card>
      <CardHeader>
        <CardTitle>{ADMIN_TEXTS.accountsTitle}</CardTitle>
        <CardDescription>{`${accounts.length} ${accounts.length === 1 ? 'account' : 'accounts'}`}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label={ADMIN_TEXTS.accountsTitle} className="divide-y">
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
  return (
    <Card>
      <CardHeader>
        <CardTitle>{ADMIN_TEXTS.auditTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        {audit.length === 0 ? (
          <p className="text-sm text-muted-foreground">{ADMIN_TEXTS.auditEmpty}</p>
        ) : (
          <ul aria-label={ADMIN_TEXTS.auditTitle} className="flex flex-col gap-2 text-sm">
            {audit.map((entry) => (
              <li key={entry.id} className="flex flex-wrap justify-between gap-x-3">
                <span>{`${entry.actor_name} ${describeAuditEntry(entry)}`}</span>
                <time dateTime={entry.at} className="text-muted-foreground">
                  {relativeTime(entry.at)}
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
  usePageMeta({ title: `${ADMIN_TEXTS.pageTitle} - Hearth` })
  const overview = useAdminOverviewQuery()
  return (
    <PageLayout className="gap-4" header={<PageHeader back="/settings" title={ADMIN_TEXTS.pageTitle} />}>
      {overview.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-4">
          <Skeleton className="h-32 w-full rounded-xl" />
          <Skeleton className="h-56 w-full rounded-xl" />
        </div>
      ) : overview.isError ? (
        isApiRequestError(overview.error, 403) ? (
          <p role="alert" className="rounded-2xl border bg-card px-6 py-8 text-center">
            {ADMIN_TEXTS.notOwner}
          </p>
        ) : (
          <QueryError message={ADMIN_TEXTS.accountsFailed} onRetry={() => void overview.refetch()} retrying={overview.isFetching} />
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
