import { Ban, Reply } from 'lucide-react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router'
import { toast } from '#web/lib/toast.ts'
import { CONTACT_TEXTS } from '#shared/contacts.ts'
import { replyToSchema } from '#shared/messages.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { PageHeader, PageLayout } from '#web/components/page-layout.tsx'
import { QueryError } from '#web/components/query-error.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { MicrophoneDeniedCard, NoMicrophoneCard } from '#web/features/audio/components/microphone-help.tsx'
import { useUploadAudioMutation } from '#web/features/audio/queries.ts'
import { UPLOAD_ATTEMPTS, UploadFailedError } from '#web/features/audio/upload-retry.ts'
import { RecordingPreview } from '#web/features/audio/components/voice-recorder.tsx'
import { AccountDeletedNotice } from '#web/features/contacts/components/account-deleted-notice.tsx'
import { useContactQuery } from '#web/features/contacts/queries.ts'
import { messageText } from '#web/features/messages/message-text.ts'
import { useMessageQuery } from '#web/features/messages/queries.ts'
import { errorMessage } from '#web/lib/errors.ts'
import { isRetryable } from '#web/lib/retryable.ts'
import { cn } from '#web/lib/utils.ts'
import { isApiRequestError } from '#web/lib/api-client.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import type { RecorderError } from '#web/lib/recorder/use-recorder.ts'
import { LeaveGuard } from '#web/features/recorder/components/leave-guard.tsx'
import { useKeptRecorder } from '#web/features/recorder/use-kept-recorder.ts'
import { sendBlockedReason } from '#web/features/recorder/send-limits.ts'
import {
  FailurePanel,
  LiveTranscriptPanel,
  RecordedPanel,
  RecordingPanel,
  RecordIntro,
  RECORD_TEXTS,
  SentPanel,
  UploadProgressPanel,
} from './components/record-stages.tsx'
import { useSendMessageMutation } from '#web/features/recorder/queries.ts'
import { useLiveTranscript } from './use-live-transcript.ts'

type Phase =
  | { kind: 'compose' }
  | { kind: 'uploading'; progress: number; attempt: number }
  | { kind: 'upload-failed'; reason: string; canRetry: boolean }
  | { kind: 'sending'; uploadId: string }
  | { kind: 'send-failed'; uploadId: string; reason: string; canRetry: boolean }
  | { kind: 'sent' }

const BLOCKED_REASON_ID = 'record-blocked-reason'
/** reply card suggestions (spec 001 section 9) */
const MAX_SUGGESTED_TOPICS = 3

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

function toastRecorderError(error: RecorderError) {
  // 'denied' and 'no-microphone' get their own cards on the page.
  if (error === 'processing-failed') toast.error('Recording Error', { description: 'Could not process the recording' })
  else if (error === 'error' || error === 'unsupported') toast.error('Recording Error', { description: 'Could not start recording' })
}

/**
 * The message being answered: a line of what they said and up to 3 of its topics as suggestions (the
 * reply context of spec 001). Topics appear once the analysis has found them.
 */
function ReplyCard({ messageId, contactName }: { messageId: string; contactName: string }) {
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
        <p className="text-sm font-medium">{contactName ? `Replying to ${contactName}` : 'Replying to a message'}</p>
        {line && (
          <p className={cn('line-clamp-2 text-sm', line.isStatus ? 'text-muted-foreground italic' : 'text-foreground/85')}>{line.text}</p>
        )}
        {topics.length > 0 && (
          <div className="flex flex-wrap items-center gap-1.5">
            <span className="text-xs text-muted-foreground">You could talk about</span>
            <ul aria-label="Suggested topics" className="contents">
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

/**
 * /record/{contactId}?replyTo={messageId}: record a voice message for one contact, preview it, upload it with
 * retries and send it (spec 001 section 2 and sections 4, 8, 9).
 */
export function RecordPage() {
  const { contactId } = useParams()
  const [searchParams] = useSearchParams()
  // An empty, 'null' or malformed replyTo counts as absent: the server would refuse it anyway.
  const replyTo = replyToSchema.safeParse(searchParams.get('replyTo')).data ?? null
  const navigate = useNavigate()
  const contact = useContactQuery(contactId)
  // the take is kept on this device until it is sent (decision 67): a reload or a failed upload leaves a draft
  const kept = useKeptRecorder({ contact: contact.data, replyTo, onError: toastRecorderError })
  const recorder = kept.recorder
  // while answering, the words so far appear as they are heard (decision 28)
  const live = useLiveTranscript({ active: Boolean(replyTo) && recorder.status === 'recording', snapshot: recorder.snapshot })
  const uploadAudio = useUploadAudioMutation()
  const sendMessage = useSendMessageMutation()
  const [phase, setPhase] = useState<Phase>({ kind: 'compose' })
  // after Discard or Cancel the start button takes focus back (not on arrival: the page starts at its top)
  const [discarded, setDiscarded] = useState(false)
  const discard = () => {
    setDiscarded(true)
    kept.discard()
  }
  const abortRef = useRef<AbortController | null>(null)
  usePageMeta({ title: contact.data ? `Message for ${contact.data.name} - Hearth` : 'Record a message - Hearth' })

  useEffect(() => () => abortRef.current?.abort(), [])
  const sentTo = phase.kind === 'sent' ? contact.data?.id : undefined
  useEffect(() => {
    if (sentTo) void navigate(`/contacts/profile/${encodeURIComponent(sentTo)}`)
  }, [sentTo, navigate])

  if (isApiRequestError(contact.error, 404)) return <Navigate to="/record/select" replace />

  const backTo = replyTo ? `/playback/${encodeURIComponent(replyTo)}` : `/contacts/${encodeURIComponent(contactId ?? '')}`
  const c = contact.data
  const blockedReason = c ? sendBlockedReason(c) : null

  const send = async (uploadId: string) => {
    if (!c) return
    setPhase({ kind: 'sending', uploadId })
    const toastId = toast.loading(RECORD_TEXTS.sending)
    try {
      await sendMessage.mutateAsync({ contact_id: c.id, upload_id: uploadId, reply_to_id: replyTo })
      toast.success(RECORD_TEXTS.sent, { id: toastId, description: `Sent to ${c.name}` })
      kept.discard()
      // goes to the contact once this render is committed, when nothing is left to guard
      setPhase({ kind: 'sent' })
    } catch (error) {
      const reason = errorMessage(error, 'Unknown error')
      setPhase({ kind: 'send-failed', uploadId, reason, canRetry: isRetryable(error) })
      toast.error('Failed to send', { id: toastId, description: reason || 'Please try again.' })
    }
  }

  const uploadAndSend = async () => {
    const recording = recorder.recording
    if (!recording || blockedReason) return
    abortRef.current?.abort()
    const controller = new AbortController()
    abortRef.current = controller
    setPhase({ kind: 'uploading', progress: 0, attempt: 1 })
    let uploadId: string
    try {
      const upload = await uploadAudio.mutateAsync({
        blob: recording.blob,
        signal: controller.signal,
        onAttempt: (attempt) => setPhase({ kind: 'uploading', progress: 0, attempt }),
        onProgress: (progress) => setPhase((current) => (current.kind === 'uploading' ? { ...current, progress } : current)),
      })
      uploadId = upload.upload_id
    } catch (error) {
      if (isAbort(error)) return
      const exhausted = error instanceof UploadFailedError && error.exhausted
      const reason = errorMessage(error, 'Unknown error')
      setPhase({ kind: 'upload-failed', reason, canRetry: exhausted })
      toast.error(RECORD_TEXTS.uploadFailed, {
        description: exhausted ? `Could not upload recording after ${UPLOAD_ATTEMPTS} attempts: ${reason}` : reason,
      })
      return
    }
    await send(uploadId)
  }

  const recordAgain = () => {
    setPhase({ kind: 'compose' })
    kept.discard()
    void kept.start()
  }

  let stage: ReactNode
  if (phase.kind === 'sent') {
    stage = <SentPanel name={c?.name ?? ''} />
  } else if (phase.kind === 'uploading' || phase.kind === 'sending') {
    stage = (
      <UploadProgressPanel
        progress={phase.kind === 'uploading' ? phase.progress : 1}
        attempt={phase.kind === 'uploading' ? phase.attempt : 1}
        attempts={UPLOAD_ATTEMPTS}
        sending={phase.kind === 'sending'}
      />
    )
  } else if (phase.kind === 'upload-failed') {
    stage = (
      <FailurePanel
        title={RECORD_TEXTS.uploadFailed}
        reason={phase.reason}
        retryLabel={phase.canRetry && recorder.recording ? RECORD_TEXTS.retryUpload : null}
        againLabel={RECORD_TEXTS.recordAgain}
        onRetry={() => void uploadAndSend()}
        onAgain={recordAgain}
      >
        {recorder.recording && <RecordingPreview recording={recorder.recording} />}
      </FailurePanel>
    )
  } else if (phase.kind === 'send-failed') {
    const uploadId = phase.uploadId
    stage = (
      <FailurePanel
        title={RECORD_TEXTS.sendFailed}
        reason={phase.reason}
        retryLabel={phase.canRetry && !blockedReason ? RECORD_TEXTS.trySendingAgain : null}
        againLabel={RECORD_TEXTS.recordNew}
        onRetry={() => void send(uploadId)}
        onAgain={recordAgain}
      />
    )
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
        onSend={() => void uploadAndSend()}
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
          Loading contact
        </span>
        <Skeleton className="h-5 w-56 max-w-full" />
        <Skeleton className="h-80 w-full rounded-2xl" />
      </div>
    )
  } else if (contact.isError) {
    body = (
      <QueryError
        message={CONTACT_TEXTS.loadFailed}
        detail={contact.error.message}
        retrying={contact.isFetching}
        onRetry={() => void contact.refetch()}
      />
    )
  } else if (c?.account_deleted) {
    // nothing to record for someone who deleted their account: the text, no mic (decision 120)
    body = <AccountDeletedNotice name={c.name} />
  } else {
    body = (
      <>
        {replyTo && <ReplyCard messageId={replyTo} contactName={c?.name ?? ''} />}
        {blockedReason && phase.kind !== 'sent' && (
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
        <LeaveGuard active={kept.taking && phase.kind !== 'sent'} name={c?.name ?? ''} onLeave={recorder.stop} />
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
            {c ? `Message for ${c.name}` : 'Record a message'}
          </h1>
        </PageHeader>
      }
    >
      {body}
    </PageLayout>
  )
}
