import { Ban, Reply } from 'lucide-react'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { useIntl, type MessageDescriptor } from 'react-intl'
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router'
import { toast } from '#web/lib/toast.ts'
import { replyToSchema } from '#shared/messages.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { PageHeader, PageLayout } from '#web/components/page-layout.tsx'
import { QueryErrorFor } from '#web/components/query-error.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { AccountDeletedNotice } from '#web/resources/contacts/components/account-deleted-notice.tsx'
import { useContactQuery } from '#web/resources/contacts/queries.ts'
import { messageText } from '#web/resources/messages/message-text.ts'
import { useMessageQuery } from '#web/resources/messages/queries.ts'
import { LeaveGuard } from '#web/resources/recording/components/leave-guard.tsx'
import { MicrophoneDeniedCard, NoMicrophoneCard } from '#web/resources/recording/components/microphone-help.tsx'
import { toastRecorderError } from '#web/resources/recording/components/recorder-states.tsx'
import { RecordingPreview } from '#web/resources/recording/components/voice-recorder.tsx'
import { useOutbox, useSending, useTakes } from '#web/resources/recording/queries.ts'
import { takeError } from '#web/resources/recording/components/take-row.tsx'
import { useSendBlockedReason } from '#web/resources/recording/components/use-send-blocked-reason.ts'
import { UPLOAD_ATTEMPTS, type Take } from '#web/resources/recording/outbox.ts'
import { useKeptRecorder, type Recording } from '#web/resources/recording/use-recorder.ts'
import { useOnline } from '#web/resources/recording/use-online.ts'
import { isApiRequestError } from '#web/lib/api-client.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { cn } from '#web/lib/utils.ts'
import {
  FailurePanel,
  LiveTranscriptPanel,
  RecordedPanel,
  RecordingPanel,
  RecordIntro,
  RECORD_MESSAGES,
  SentPanel,
  UploadProgressPanel,
  WaitingPanel,
} from './components/record-stages.tsx'
import { useLiveTranscript } from './use-live-transcript.ts'

const PAGE_MESSAGES = {
  pageTitle: { id: 'record.page.pageTitle', defaultMessage: 'Message for {name} - Hearth' },
  pageTitleNoName: { id: 'record.select.pageTitle', defaultMessage: 'Record a message - Hearth' },
  title: { id: 'record.page.title', defaultMessage: 'Message for {name}' },
  titleNoName: { id: 'record.select.title', defaultMessage: 'Record a message' },
  loading: { id: 'record.page.loading', defaultMessage: 'Loading contact' },
  loadFailed: { id: 'record.loadFailed', defaultMessage: 'Failed to load contacts' },
  replyingTo: { id: 'record.reply.to', defaultMessage: 'Replying to {name}' },
  replyingToMessage: { id: 'record.reply.toMessage', defaultMessage: 'Replying to a message' },
  talkAbout: { id: 'record.reply.talkAbout', defaultMessage: 'You could talk about' },
  topics: { id: 'record.reply.topics', defaultMessage: 'Suggested topics' },
  uploadExhausted: {
    id: 'record.failure.uploadExhausted',
    defaultMessage: 'Could not upload recording after {attempts} attempts: {reason}',
  },
  sendFailedToast: { id: 'record.failure.sendFailedToast', defaultMessage: 'Failed to send' },
  tryAgain: { id: 'record.failure.tryAgain', defaultMessage: 'Please try again.' },
} satisfies Record<string, MessageDescriptor>

const BLOCKED_REASON_ID = 'record-blocked-reason'
/** how many of the answered message's topics the reply card suggests */
const MAX_SUGGESTED_TOPICS = 3

/**
 * The message being answered: a line of what they said and up to 3 of its topics as suggestions. Topics appear once
 * the analysis has found them.
 */
function ReplyCard({ messageId, contactName }: { messageId: string; contactName: string }) {
  const intl = useIntl()
  const original = useMessageQuery(messageId)
  const message = original.data
  const topics = message?.topics.slice(0, MAX_SUGGESTED_TOPICS) ?? []
  const line = message ? messageText(message) : null
  return (
    <div data-slot="reply-card" className="flex items-start gap-3 rounded-2xl border bg-card/80 px-4 py-3 shadow-xs">
      <IconBadge size="sm" className="shrink-0">
        <Reply aria-hidden />
      </IconBadge>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <p className="text-sm font-medium">
          {contactName
            ? intl.formatMessage(PAGE_MESSAGES.replyingTo, { name: contactName })
            : intl.formatMessage(PAGE_MESSAGES.replyingToMessage)}
        </p>
        {line && (
          <p className={cn('line-clamp-2 text-sm', line.isStatus ? 'text-muted-foreground italic' : 'text-foreground/85')}>{line.text}</p>
        )}
        {topics.length > 0 && (
          <div className="flex flex-wrap items-center gap-1.5">
            <span className="text-xs text-muted-foreground">{intl.formatMessage(PAGE_MESSAGES.talkAbout)}</span>
            <ul aria-label={intl.formatMessage(PAGE_MESSAGES.topics)} className="contents">
              {topics.map((topic) => (
                <li key={topic} className="rounded-full border px-2.5 py-0.5 text-xs font-medium text-muted-foreground">
                  #{topic}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  )
}

/** A take handed to the outbox as a recording the preview can play; its URL lives as long as the take is shown. */
function useTakeRecording(take: Take | null): Recording | null {
  const blob = take?.blob
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob])
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url])
  if (!take || !url) return null
  return { blob: take.blob, url, mimeType: take.blob.type, durationSeconds: take.durationSeconds }
}

/**
 * /record/{contactId}?replyTo={messageId}: record a voice message for one contact, preview it and send it. Send hands
 * the take to the outbox like the composer does (decision 135), so it is kept on this device until the server has
 * it; the page follows it there: the upload's progress, waiting for the connection, or why it failed.
 */
export function RecordPage() {
  const intl = useIntl()
  const { blockedReason: sendBlockedReason } = useSendBlockedReason()
  const { contactId } = useParams()
  const [searchParams] = useSearchParams()
  // An empty, 'null' or malformed replyTo counts as absent: the server would refuse it anyway.
  const replyTo = replyToSchema.safeParse(searchParams.get('replyTo')).data ?? null
  const navigate = useNavigate()
  const contact = useContactQuery(contactId)
  // the take is kept on this device until it is sent (decision 67): a reload leaves a draft
  const kept = useKeptRecorder({ contact: contact.data, replyTo, onError: toastRecorderError })
  const recorder = kept.recorder
  // while answering, the words so far appear as they are heard (decision 28)
  const live = useLiveTranscript({ active: Boolean(replyTo) && recorder.status === 'recording', snapshot: recorder.snapshot })
  const outbox = useOutbox()
  const takes = useTakes()
  const sending = useSending()
  const online = useOnline()
  // the take this page handed to the outbox, followed until it arrives
  const [handedId, setHandedId] = useState<string | null>(null)
  const handed = handedId ? (takes.find((take) => take.id === handedId) ?? null) : null
  const arrived = handedId !== null && outbox?.wasSent(handedId) === true
  const inFlight = handed !== null && sending?.id === handed.id
  // a store away is no failure: the take waits, and the page says so calmly (decision 216)
  const failure = handed && !inFlight && !handed.storageAway && (handed.state === 'failed' || handed.error) ? handed : null
  const failedRecording = useTakeRecording(failure && failure.uploadId === null ? failure : null)
  // after Discard or Cancel the start button takes focus back (not on arrival: the page starts at its top)
  const [discarded, setDiscarded] = useState(false)
  const discard = () => {
    setDiscarded(true)
    kept.discard()
  }
  usePageMeta({
    title: contact.data
      ? intl.formatMessage(PAGE_MESSAGES.pageTitle, { name: contact.data.name })
      : intl.formatMessage(PAGE_MESSAGES.pageTitleNoName),
  })

  // a reply goes back to the conversation, where it now sits under what it answers, as in every chat app
  const sentTo = arrived ? contact.data?.id : undefined
  useEffect(() => {
    if (!sentTo) return
    void navigate(replyTo ? `/contacts/${encodeURIComponent(sentTo)}` : `/contacts/profile/${encodeURIComponent(sentTo)}`)
  }, [sentTo, replyTo, navigate])

  // a failure is said once, when it happens; the panel keeps saying it
  const failureKey = failure ? `${failure.id}:${failure.state}:${failure.error}` : null
  useEffect(() => {
    if (!failure) return
    const reason = takeError(intl, failure.error)
    if (failure.uploadId === null) {
      const exhausted = failure.state === 'queued'
      toast.error(intl.formatMessage(RECORD_MESSAGES.uploadFailed), {
        description: exhausted ? intl.formatMessage(PAGE_MESSAGES.uploadExhausted, { attempts: UPLOAD_ATTEMPTS, reason }) : reason,
      })
    } else
      toast.error(intl.formatMessage(PAGE_MESSAGES.sendFailedToast), { description: reason || intl.formatMessage(PAGE_MESSAGES.tryAgain) })
    // once per failure
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failureKey])

  if (isApiRequestError(contact.error, 404)) return <Navigate to="/record/select" replace />

  const backTo = replyTo ? `/playback/${encodeURIComponent(replyTo)}` : `/contacts/${encodeURIComponent(contactId ?? '')}`
  const c = contact.data
  const blockedReason = c ? sendBlockedReason(c) : null

  const send = () => {
    const take = kept.current()
    if (!take || !outbox || blockedReason) return
    setHandedId(take.id)
    void outbox.enqueue(take)
    kept.handOver()
  }

  const recordAgain = () => {
    if (handed) void outbox?.discard(handed.id)
    setHandedId(null)
    kept.discard()
    void kept.start()
  }

  let stage: ReactNode
  if (arrived) {
    stage = <SentPanel name={c?.name ?? ''} />
  } else if (failure) {
    // a queued take with an error goes again by itself; a failed one was refused and only a new take helps
    const canRetry = failure.state === 'queued'
    const keptNote = canRetry ? (
      <p className="max-w-sm text-sm text-balance text-muted-foreground">{intl.formatMessage(RECORD_MESSAGES.keptForLater)}</p>
    ) : null
    stage =
      failure.uploadId === null ? (
        <FailurePanel
          title={intl.formatMessage(RECORD_MESSAGES.uploadFailed)}
          reason={takeError(intl, failure.error)}
          retryLabel={canRetry ? intl.formatMessage(RECORD_MESSAGES.retryUpload) : null}
          againLabel={intl.formatMessage(RECORD_MESSAGES.recordAgain)}
          onRetry={() => void outbox?.enqueue(failure)}
          onAgain={recordAgain}
        >
          {keptNote}
          {failedRecording && <RecordingPreview recording={failedRecording} />}
        </FailurePanel>
      ) : (
        <FailurePanel
          title={intl.formatMessage(RECORD_MESSAGES.sendFailed)}
          reason={takeError(intl, failure.error)}
          retryLabel={canRetry && !blockedReason ? intl.formatMessage(RECORD_MESSAGES.trySendingAgain) : null}
          againLabel={intl.formatMessage(RECORD_MESSAGES.recordNew)}
          onRetry={() => void outbox?.enqueue(failure)}
          onAgain={recordAgain}
        >
          {keptNote}
        </FailurePanel>
      )
  } else if (handed && !inFlight && handed.storageAway) {
    stage = <WaitingPanel take={handed} onRetry={() => void outbox?.enqueue(handed)} />
  } else if (handed && (inFlight || online)) {
    const upload = inFlight && sending?.stage === 'upload' ? sending : null
    stage = (
      <UploadProgressPanel
        progress={upload?.progress ?? (inFlight ? 1 : 0)}
        attempt={upload?.attempt ?? 1}
        attempts={UPLOAD_ATTEMPTS}
        sending={inFlight && sending?.stage === 'send'}
      />
    )
  } else if (handed) {
    stage = <WaitingPanel take={handed} />
  } else if (recorder.status === 'recording' || recorder.status === 'paused') {
    stage = (
      <RecordingPanel recorder={recorder} onCancel={discard}>
        {replyTo && live.available && <LiveTranscriptPanel text={live.text} />}
      </RecordingPanel>
    )
  } else if (recorder.status === 'recorded' && recorder.recording) {
    stage = (
      <RecordedPanel
        recording={recorder.recording}
        sendDisabled={blockedReason !== null}
        blockedReasonId={BLOCKED_REASON_ID}
        onSend={send}
        onDiscard={discard}
        onReRecord={recordAgain}
      />
    )
  } else if (recorder.permission === 'denied') {
    stage = <MicrophoneDeniedCard onRefresh={() => window.location.reload()} />
  } else if (recorder.microphoneMissing) {
    stage = <NoMicrophoneCard onRetry={() => void kept.start()} />
  } else {
    stage = <RecordIntro onStart={() => void kept.start()} starting={recorder.status === 'starting'} focus={discarded} />
  }

  let body: ReactNode
  if (contact.isPending) {
    body = (
      <div aria-busy="true" className="flex flex-col gap-4">
        <span role="status" className="sr-only">
          {intl.formatMessage(PAGE_MESSAGES.loading)}
        </span>
        <Skeleton className="h-5 w-56 max-w-full" />
        <Skeleton className="h-80 w-full rounded-2xl" />
      </div>
    )
  } else if (contact.isError) {
    body = <QueryErrorFor query={contact} message={intl.formatMessage(PAGE_MESSAGES.loadFailed)} />
  } else if (c?.account_deleted) {
    // nothing to record for someone who deleted their account: the text, no mic (decision 120)
    body = <AccountDeletedNotice name={c.name} />
  } else {
    body = (
      <>
        {replyTo && <ReplyCard messageId={replyTo} contactName={c?.name ?? ''} />}
        {blockedReason && !arrived && (
          <div
            id={BLOCKED_REASON_ID}
            data-slot="record-blocked"
            className="flex items-start gap-3 rounded-2xl border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm"
          >
            <Ban aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
            <p>{blockedReason}</p>
          </div>
        )}
        {stage}
        <LeaveGuard active={kept.taking && handedId === null} name={c?.name ?? ''} onLeave={recorder.stop} />
      </>
    )
  }

  return (
    <PageLayout
      className="gap-4"
      header={
        <PageHeader back={backTo} className="gap-3">
          {c ? <Avatar name={c.name} src={c.avatar_url} alt="" /> : <Skeleton className="size-10 rounded-full" />}
          <h1 className="min-w-0 flex-1 truncate text-lg leading-tight font-semibold tracking-tight">
            {c ? intl.formatMessage(PAGE_MESSAGES.title, { name: c.name }) : intl.formatMessage(PAGE_MESSAGES.titleNoName)}
          </h1>
        </PageHeader>
      }
    >
      {body}
    </PageLayout>
  )
}
