import { FileAudio, Inbox, TriangleAlert, UserPlus, UsersRound } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useIntl, type MessageDescriptor } from 'react-intl'
import type * as React from 'react'
import { Link, useNavigate } from 'react-router'
import { type Contact } from '#shared/contacts.ts'
import { formatDuration } from '#shared/duration.ts'
import { sharedFileProblem, type SharedFileProblem } from '#shared/share-target.ts'
import { Empty, EmptyTitle } from '#web/components/empty.tsx'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { PageHeader, PageLayout } from '#web/components/page-layout.tsx'
import { QueryError } from '#web/components/query-error.tsx'
import { Button, buttonVariants } from '#web/components/ui/button.tsx'
import { ContactChoiceListSkeleton, ContactChoiceRow } from '#web/resources/contacts/components/contact-choice-row.tsx'
import { useContactsQuery } from '#web/resources/contacts/queries.ts'
import { useOutbox } from '#web/resources/recording/queries.ts'
import { useSendBlockedReason } from '#web/resources/recording/components/use-send-blocked-reason.ts'
import type { Take } from '#web/resources/recording/outbox.ts'
import { logUnexpected, useErrorMessage } from '#web/lib/errors.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { toast } from '#web/lib/toast.ts'
import { useAuth } from '#web/lib/use-auth.ts'
import { clearSharedFile, probeDuration, readSharedFile, type SharedFile } from './shared-file.ts'

const SHARE_MESSAGES = {
  pageTitle: { id: 'share.pageTitle', defaultMessage: 'Share a recording - Hearth' },
  title: { id: 'share.title', defaultMessage: 'Share a recording' },
  loading: { id: 'common.loading', defaultMessage: 'Loading' },
  kept: { id: 'share.kept', defaultMessage: 'Ready to send to {name}: listen, then send.' },
  nothingShared: { id: 'share.nothingShared', defaultMessage: 'Nothing was shared. Share a recording from another app to send it here.' },
  backToHearth: { id: 'share.backToHearth', defaultMessage: 'Back to Hearth' },
  nothingSent: { id: 'share.nothingSent', defaultMessage: 'Nothing was sent. You can share another recording, or record one in Hearth.' },
  pick: { id: 'share.pick', defaultMessage: 'Who would you like to send this recording to?' },
  dontShare: { id: 'share.dontShare', defaultMessage: "Don't share" },
  loadFailed: { id: 'record.loadFailed', defaultMessage: 'Failed to load contacts' },
  noOne: { id: 'share.noOne', defaultMessage: 'No one in your circle to share with yet' },
  addFriend: { id: 'record.select.addFriend', defaultMessage: 'Add a friend' },
  circle: { id: 'share.circle', defaultMessage: 'Your circle' },
} satisfies Record<string, MessageDescriptor>

/** Why a shared file was refused: the server's own refusals, said as it would say them (decision 230). */
const PROBLEM_MESSAGES = {
  'not-audio': { id: 'error.messages.notAudio', defaultMessage: 'This file is not audio that Hearth can play' },
  'too-large': { id: 'error.messages.tooLarge', defaultMessage: 'Audio file is too large (max 50MB)' },
  'too-long': { id: 'error.messages.tooLong', defaultMessage: 'Audio is longer than 10 minutes' },
  empty: { id: 'error.messages.empty', defaultMessage: 'The audio file is empty' },
} satisfies Record<string, MessageDescriptor> & Record<SharedFileProblem, unknown>

type Shared =
  | { kind: 'reading' }
  | { kind: 'none' }
  | { kind: 'refused'; problem: SharedFileProblem }
  | { kind: 'ready'; file: SharedFile; seconds: number }

/** Reads the file the share sheet handed over and checks it as the server would; a refused one is forgotten at once. */
function useSharedFile(): Shared {
  const [shared, setShared] = useState<Shared>({ kind: 'reading' })
  useEffect(() => {
    let live = true
    void (async () => {
      const file = await readSharedFile().catch((error: unknown) => {
        logUnexpected(error, 'Share')
        return null
      })
      if (!file) {
        if (live) setShared({ kind: 'none' })
        return
      }
      const typed = sharedFileProblem(file.blob, 0)
      const seconds = typed ? 0 : await probeDuration(file.blob)
      const problem = typed ?? sharedFileProblem(file.blob, seconds)
      if (problem) await clearSharedFile().catch(() => undefined)
      if (!live) return
      setShared(problem ? { kind: 'refused', problem } : { kind: 'ready', file, seconds: seconds ?? 0 })
    })()
    return () => {
      live = false
    }
  }, [])
  return shared
}

/**
 * /share: where a recording shared from another app lands (decision 142). The person picks someone from their circle;
 * the recording becomes a take for them, kept on this device like any other, and the conversation opens with it ready
 * to listen to and send. Whom the limits stop is greyed out with the reason, as everywhere a message can start.
 */
export function SharePage() {
  const intl = useIntl()
  usePageMeta({ title: intl.formatMessage(SHARE_MESSAGES.pageTitle) })
  const shared = useSharedFile()
  const contacts = useContactsQuery('active')
  const outbox = useOutbox()
  const { user } = useAuth()
  const navigate = useNavigate()
  const [choosing, setChoosing] = useState(false)

  const choose = async (contact: Contact) => {
    if (shared.kind !== 'ready' || !outbox || !user || choosing) return
    setChoosing(true)
    const take: Take = {
      id: crypto.randomUUID(),
      ownerId: user.id,
      contactId: contact.id,
      contactName: contact.name,
      replyTo: null,
      blob: shared.file.blob,
      durationSeconds: Math.round(shared.seconds),
      state: 'draft',
      error: null,
      uploadId: null,
      updatedAt: Date.now(),
    }
    try {
      await outbox.keep(take)
      await clearSharedFile()
    } catch (error) {
      logUnexpected(error, 'Share')
    }
    toast.success(intl.formatMessage(SHARE_MESSAGES.kept, { name: contact.name }))
    void navigate(`/contacts/${encodeURIComponent(contact.id)}`)
  }

  const discard = () => {
    void clearSharedFile().finally(() => void navigate('/'))
  }

  let body: React.ReactNode
  if (shared.kind === 'reading') {
    body = <ContactChoiceListSkeleton label={intl.formatMessage(SHARE_MESSAGES.loading)} />
  } else if (shared.kind === 'none') {
    body = (
      <Empty>
        <IconBadge size="lg">
          <Inbox aria-hidden />
        </IconBadge>
        <EmptyTitle className="max-w-xs text-base font-medium text-balance">{intl.formatMessage(SHARE_MESSAGES.nothingShared)}</EmptyTitle>
        <Link to="/" className={buttonVariants({ variant: 'outline', className: 'mt-1' })}>
          {intl.formatMessage(SHARE_MESSAGES.backToHearth)}
        </Link>
      </Empty>
    )
  } else if (shared.kind === 'refused') {
    body = (
      <div role="alert" data-slot="share-refused" className="flex flex-col items-start gap-3 rounded-2xl border bg-card p-5 shadow-sm">
        <p className="flex items-start gap-2 font-medium">
          <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-destructive-text" />
          {intl.formatMessage(PROBLEM_MESSAGES[shared.problem])}
        </p>
        <p className="text-sm text-muted-foreground">{intl.formatMessage(SHARE_MESSAGES.nothingSent)}</p>
        <Link to="/" className={buttonVariants({ variant: 'outline' })}>
          {intl.formatMessage(SHARE_MESSAGES.backToHearth)}
        </Link>
      </div>
    )
  } else {
    body = (
      <>
        <p data-slot="shared-file" className="flex items-center gap-3 rounded-2xl border bg-card px-4 py-3 shadow-sm">
          <FileAudio aria-hidden className="size-5 shrink-0 text-muted-foreground" />
          <span className="min-w-0 flex-1 truncate font-medium">{shared.file.name}</span>
          {shared.seconds > 0 && <span className="text-sm text-muted-foreground tabular-nums">{formatDuration(shared.seconds)}</span>}
        </p>
        <p className="text-muted-foreground">{intl.formatMessage(SHARE_MESSAGES.pick)}</p>
        <ContactChoice contacts={contacts} disabled={choosing} onChoose={(contact) => void choose(contact)} />
        <Button variant="outline" className="self-start" onClick={discard}>
          {intl.formatMessage(SHARE_MESSAGES.dontShare)}
        </Button>
      </>
    )
  }

  return (
    <PageLayout className="gap-4" header={<PageHeader back="/" title={intl.formatMessage(SHARE_MESSAGES.title)} />}>
      {body}
    </PageLayout>
  )
}

function ContactChoice({
  contacts,
  disabled,
  onChoose,
}: {
  contacts: ReturnType<typeof useContactsQuery>
  disabled: boolean
  onChoose: (contact: Contact) => void
}) {
  const intl = useIntl()
  const errorMessage = useErrorMessage()
  const { blockedReason, readyToReceive } = useSendBlockedReason()
  if (contacts.isPending) return <ContactChoiceListSkeleton label={intl.formatMessage(SHARE_MESSAGES.loading)} />
  if (contacts.isError) {
    return (
      <QueryError
        message={intl.formatMessage(SHARE_MESSAGES.loadFailed)}
        detail={errorMessage(contacts.error)}
        retrying={contacts.isFetching}
        onRetry={() => void contacts.refetch()}
      />
    )
  }
  if (contacts.data.contacts.length === 0) {
    return (
      <Empty>
        <IconBadge size="lg">
          <UsersRound aria-hidden />
        </IconBadge>
        <EmptyTitle className="max-w-xs text-base font-medium text-balance">{intl.formatMessage(SHARE_MESSAGES.noOne)}</EmptyTitle>
        <Link to="/contacts/add" className={buttonVariants({ variant: 'outline', className: 'mt-1' })}>
          <UserPlus aria-hidden />
          {intl.formatMessage(SHARE_MESSAGES.addFriend)}
        </Link>
      </Empty>
    )
  }
  return (
    <ul aria-label={intl.formatMessage(SHARE_MESSAGES.circle)} className="divide-y overflow-hidden rounded-2xl border bg-card shadow-sm">
      {contacts.data.contacts.map((contact) => {
        const blocked = blockedReason(contact)
        return (
          <ContactChoiceRow
            key={contact.id}
            contact={contact}
            note={blocked ?? readyToReceive}
            unavailable={blocked !== null}
            choose={{ onClick: () => onChoose(contact), busy: disabled }}
          />
        )
      })}
    </ul>
  )
}
