import { CircleCheck, CloudOff, Mic, RotateCcw, Send, Trash2 } from 'lucide-react'
import type * as React from 'react'
import { useEffect, useRef, type ReactNode, type RefObject } from 'react'
import { useIntl, type MessageDescriptor } from 'react-intl'
import { RECORDING_MAX_SECONDS } from '#shared/limits.ts'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { TAKE_MESSAGES, takeTitle } from '#web/resources/recording/components/take-row.tsx'
import { LiveRecording, RecordingPreview, RECORDER_TRANSITION } from '#web/resources/recording/components/voice-recorder.tsx'
import type { Take } from '#web/resources/recording/outbox.ts'
import type { Recording, UseRecorder } from '#web/resources/recording/use-recorder.ts'
import { cn } from '#web/lib/utils.ts'

export const RECORD_MESSAGES = {
  intro: { id: 'record.stage.intro', defaultMessage: 'Record' },
  quietMoment: { id: 'record.stage.quietMoment', defaultMessage: 'Find a quiet moment and speak as if they were next to you.' },
  hint: { id: 'record.stage.hint', defaultMessage: 'You can record up to 10 minutes.' },
  ready: { id: 'record.stage.ready', defaultMessage: "I'm ready to record" },
  recording: { id: 'record.stage.recording', defaultMessage: 'Recording' },
  stop: { id: 'recorder.tapToStop', defaultMessage: 'Tap to stop' },
  liveTranscript: { id: 'record.stage.liveTranscript', defaultMessage: 'Live transcript' },
  listening: { id: 'record.stage.listening', defaultMessage: 'Listening...' },
  listenFirst: { id: 'record.stage.listenFirst', defaultMessage: 'Listen before you send' },
  hitLimit: { id: 'record.stage.hitLimit', defaultMessage: 'Stopped at the 10-minute limit' },
  send: { id: 'record.stage.send', defaultMessage: 'Send' },
  discard: { id: 'record.stage.discard', defaultMessage: 'Discard' },
  reRecord: { id: 'record.stage.reRecord', defaultMessage: 'Re-record' },
  uploading: { id: 'record.stage.uploading', defaultMessage: 'Uploading your message' },
  sending: { id: 'record.stage.sending', defaultMessage: 'Sending your message...' },
  almostThere: { id: 'record.stage.almostThere', defaultMessage: 'Almost there.' },
  stumbled: {
    id: 'record.stage.stumbled',
    defaultMessage: 'The connection stumbled, trying again (attempt {attempt} of {attempts})',
  },
  keepOpen: { id: 'record.stage.keepOpen', defaultMessage: 'Please keep this page open.' },
  uploadProgress: { id: 'record.stage.uploadProgress', defaultMessage: 'Upload progress' },
  tryNow: { id: 'record.stage.tryNow', defaultMessage: 'Try now' },
  sent: { id: 'record.stage.sent', defaultMessage: 'Message sent' },
  sentTo: { id: 'record.stage.sentTo', defaultMessage: 'Sent to {name}' },
  uploadFailed: { id: 'record.failure.uploadFailed', defaultMessage: 'Upload Failed' },
  retryUpload: { id: 'record.failure.retryUpload', defaultMessage: 'Retry Upload' },
  recordAgain: { id: 'record.failure.recordAgain', defaultMessage: 'Record Again' },
  sendFailed: { id: 'record.failure.sendFailed', defaultMessage: 'Failed to send message' },
  trySendingAgain: { id: 'record.failure.trySendingAgain', defaultMessage: 'Try sending again' },
  recordNew: { id: 'record.failure.recordNew', defaultMessage: 'Record new' },
  keptForLater: {
    id: 'record.failure.keptForLater',
    defaultMessage: 'It stays on this device and goes by itself once the connection is back.',
  },
} satisfies Record<string, MessageDescriptor>

/** Each stage's panel; a stage replacing another fades in (none under reduced motion). */
const panelClass = cn(
  'flex flex-col items-center gap-6 rounded-2xl border bg-card px-6 py-8 text-center shadow-sm sm:px-10 sm:py-10',
  RECORDER_TRANSITION,
)

/**
 * Focus moves into a stage that replaces the one holding it: the element behind `ref` takes it once the
 * stage appears, when `when` is true, so the keyboard never falls back to the top of the page.
 */
function useFocusOnArrival(ref: RefObject<HTMLElement | null>, when = true) {
  useEffect(() => {
    if (when) ref.current?.focus()
    // once, when the stage appears
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}

/** The big round button of the intro and recording stages; the visible text under the circle is its name. */
function BigRoundButton({
  label,
  icon,
  tone,
  className,
  ...props
}: React.ComponentProps<'button'> & { label: string; icon: React.ReactNode; tone: 'start' | 'stop' }) {
  return (
    <button
      type="button"
      data-slot="big-round-button"
      className={cn(
        'group flex cursor-pointer flex-col items-center gap-3 rounded-3xl p-2 outline-none disabled:cursor-not-allowed disabled:opacity-55',
        className,
      )}
      {...props}
    >
      <span
        className={cn(
          'grid size-28 place-items-center rounded-full shadow-lg transition-[transform,box-shadow,background-color] group-hover:scale-[1.03] group-focus-visible:ring-[4px] group-focus-visible:ring-ring group-focus-visible:ring-offset-2 group-focus-visible:ring-offset-card group-active:scale-95 sm:size-32',
          tone === 'start'
            ? 'bg-primary text-primary-foreground group-hover:bg-primary-hover'
            : 'bg-destructive text-destructive-foreground',
        )}
      >
        {icon}
      </span>
      <span className="text-base font-semibold">{label}</span>
    </button>
  )
}

/** Before recording: the hint and 'I'm ready to record', which takes focus when a take was just discarded. */
export function RecordIntro({ onStart, starting, focus = false }: { onStart: () => void; starting: boolean; focus?: boolean }) {
  const intl = useIntl()
  const startRef = useRef<HTMLButtonElement>(null)
  useFocusOnArrival(startRef, focus)
  return (
    <section data-slot="record-intro" aria-label={intl.formatMessage(RECORD_MESSAGES.intro)} className={panelClass}>
      <p className="max-w-xs text-sm text-balance text-muted-foreground">{intl.formatMessage(RECORD_MESSAGES.quietMoment)}</p>
      <BigRoundButton
        ref={startRef}
        label={intl.formatMessage(RECORD_MESSAGES.ready)}
        tone="start"
        onClick={onStart}
        disabled={starting}
        aria-busy={starting || undefined}
        icon={<Mic aria-hidden className="size-12 sm:size-14" />}
      />
      <p className="text-sm text-muted-foreground">{intl.formatMessage(RECORD_MESSAGES.hint)}</p>
    </section>
  )
}

/** While recording: the shared live recorder (level meter, time, pause, cap, "We can't hear you") with 'Tap to stop'. */
export function RecordingPanel({
  recorder,
  onCancel,
  children,
}: {
  recorder: UseRecorder
  onCancel: () => void
  /** shown under the controls, e.g. the live transcript of a reply */
  children?: ReactNode
}) {
  const intl = useIntl()
  return (
    <section data-slot="recording-panel" aria-label={intl.formatMessage(RECORD_MESSAGES.recording)} className={panelClass}>
      <LiveRecording recorder={recorder} stopLabel={intl.formatMessage(RECORD_MESSAGES.stop)} onCancel={onCancel}>
        {children}
      </LiveRecording>
    </section>
  )
}

/** The words of a reply as the server hears them while it is being recorded. */
export function LiveTranscriptPanel({ text }: { text: string }) {
  const intl = useIntl()
  return (
    <div data-slot="live-transcript" className="flex w-full flex-col gap-1.5 rounded-xl border bg-muted/40 px-4 py-3 text-start">
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
        {intl.formatMessage(RECORD_MESSAGES.liveTranscript)}
      </p>
      <p aria-live="polite" className={text ? 'text-sm leading-relaxed' : 'text-sm text-muted-foreground italic'}>
        {text || intl.formatMessage(RECORD_MESSAGES.listening)}
      </p>
    </div>
  )
}

type RecordedPanelProps = {
  recording: Recording
  sendDisabled: boolean
  /** The id of the text that says why Send is disabled. */
  blockedReasonId?: string
  onSend: () => void
  onDiscard: () => void
  onReRecord: () => void
}

/** After recording: the take on Hearth's own player, Send, Re-record and Discard; focus moves to Send. */
export function RecordedPanel({ recording, sendDisabled, blockedReasonId, onSend, onDiscard, onReRecord }: RecordedPanelProps) {
  const intl = useIntl()
  const hitLimit = recording.durationSeconds >= RECORDING_MAX_SECONDS - 0.5
  return (
    <section data-slot="recorded-panel" aria-labelledby="recorded-title" className={panelClass}>
      <div className="flex flex-col items-center gap-1">
        <h2 id="recorded-title" className="text-lg font-semibold tracking-tight">
          {intl.formatMessage(RECORD_MESSAGES.listenFirst)}
        </h2>
        {hitLimit && <p className="text-sm text-muted-foreground">{intl.formatMessage(RECORD_MESSAGES.hitLimit)}</p>}
      </div>
      <RecordingPreview recording={recording}>
        <Button
          size="lg"
          className="w-full"
          onClick={onSend}
          disabled={sendDisabled}
          aria-describedby={sendDisabled ? blockedReasonId : undefined}
        >
          <Send aria-hidden />
          {intl.formatMessage(RECORD_MESSAGES.send)}
        </Button>
        <div className="grid grid-cols-2 gap-2">
          <Button variant="outline" onClick={onReRecord}>
            <RotateCcw aria-hidden />
            {intl.formatMessage(RECORD_MESSAGES.reRecord)}
          </Button>
          <Button variant="outline" onClick={onDiscard}>
            <Trash2 aria-hidden />
            {intl.formatMessage(RECORD_MESSAGES.discard)}
          </Button>
        </div>
      </RecordingPreview>
    </section>
  )
}

/** Uploading (with percentage and attempt) and then sending. */
export function UploadProgressPanel({
  progress,
  attempt,
  attempts,
  sending,
}: {
  progress: number
  attempt: number
  attempts: number
  sending: boolean
}) {
  const intl = useIntl()
  const percent = sending ? 100 : Math.round(Math.min(Math.max(progress, 0), 1) * 100)
  // Send is gone: focus rests on what is happening now
  const titleRef = useRef<HTMLHeadingElement>(null)
  useFocusOnArrival(titleRef)
  return (
    <section data-slot="upload-progress" aria-labelledby="upload-title" aria-busy="true" className={panelClass}>
      <div className="flex flex-col items-center gap-1">
        <h2 ref={titleRef} id="upload-title" tabIndex={-1} className="text-lg font-semibold tracking-tight outline-none">
          {intl.formatMessage(sending ? RECORD_MESSAGES.sending : RECORD_MESSAGES.uploading)}
        </h2>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {sending
            ? intl.formatMessage(RECORD_MESSAGES.almostThere)
            : attempt > 1
              ? intl.formatMessage(RECORD_MESSAGES.stumbled, { attempt, attempts })
              : intl.formatMessage(RECORD_MESSAGES.keepOpen)}
        </p>
      </div>
      <div className="flex w-full flex-col gap-2">
        <div
          role="progressbar"
          dir="ltr"
          aria-label={intl.formatMessage(RECORD_MESSAGES.uploadProgress)}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary transition-[width] duration-200" style={{ width: `${percent}%` }} />
        </div>
        <p className="text-end text-sm font-medium tabular-nums">{intl.formatNumber(percent / 100, { style: 'percent' })}</p>
      </div>
    </section>
  )
}

/**
 * Sent while offline, or while the server cannot reach its storage: the take waits in the outbox, kept on this
 * device, and goes once the connection (or the store) returns.
 */
export function WaitingPanel({
  take,
  onRetry,
}: {
  take: Pick<Take, 'contactName' | 'durationSeconds' | 'storageAway'>
  /** sends it now rather than at the outbox's next round (offered while the store is away) */
  onRetry?: () => void
}) {
  const intl = useIntl()
  // Send is gone: focus rests on what is happening now
  const titleRef = useRef<HTMLHeadingElement>(null)
  useFocusOnArrival(titleRef)
  return (
    <section data-slot="waiting-panel" aria-labelledby="waiting-title" className={panelClass}>
      <IconBadge size="lg">
        <CloudOff aria-hidden />
      </IconBadge>
      <div className="flex flex-col items-center gap-1">
        <h2 ref={titleRef} id="waiting-title" tabIndex={-1} className="text-lg font-semibold tracking-tight outline-none">
          {takeTitle(intl, take, 'waiting')}
        </h2>
        <p role="status" className="max-w-sm text-sm text-balance text-muted-foreground">
          {intl.formatMessage(take.storageAway ? TAKE_MESSAGES.storageAway : TAKE_MESSAGES.offline)}
        </p>
      </div>
      {onRetry && (
        <Button variant="outline" onClick={onRetry}>
          <RotateCcw aria-hidden />
          {intl.formatMessage(RECORD_MESSAGES.tryNow)}
        </Button>
      )}
    </section>
  )
}

type FailurePanelProps = {
  title: string
  reason: string
  retryLabel: string | null
  againLabel: string
  onRetry: () => void
  onAgain: () => void
  children?: React.ReactNode
}

/** 'Upload Failed' or 'Failed to send message': the reason, a retry when it may help, and recording anew. */
export function FailurePanel({ title, reason, retryLabel, againLabel, onRetry, onAgain, children }: FailurePanelProps) {
  // focus lands on the way forward: the retry, else recording anew
  const retryRef = useRef<HTMLButtonElement>(null)
  const againRef = useRef<HTMLButtonElement>(null)
  useEffect(() => (retryRef.current ?? againRef.current)?.focus(), [])
  return (
    <section data-slot="failure-panel" aria-labelledby="failure-title" className={panelClass}>
      <div role="alert" className="flex flex-col items-center gap-3">
        <IconBadge size="lg">
          <CloudOff aria-hidden />
        </IconBadge>
        <h2 id="failure-title" className="text-xl font-semibold tracking-tight">
          {title}
        </h2>
        <p className="max-w-sm text-sm text-balance text-muted-foreground">{reason}</p>
      </div>
      {children}
      <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
        {retryLabel && (
          <Button ref={retryRef} onClick={onRetry} className="sm:min-w-40">
            <RotateCcw aria-hidden />
            {retryLabel}
          </Button>
        )}
        <Button ref={againRef} variant="outline" onClick={onAgain} className="sm:min-w-40">
          <Mic aria-hidden />
          {againLabel}
        </Button>
      </div>
    </section>
  )
}

/** Shown for the moment between success and leaving the page. */
export function SentPanel({ name }: { name: string }) {
  const intl = useIntl()
  return (
    <section data-slot="sent-panel" aria-labelledby="sent-title" className={panelClass}>
      <IconBadge size="lg">
        <CircleCheck aria-hidden className="size-7" />
      </IconBadge>
      <div className="flex flex-col gap-1">
        <h2 id="sent-title" className="text-xl font-semibold tracking-tight">
          {intl.formatMessage(RECORD_MESSAGES.sent)}
        </h2>
        <p className="text-sm text-muted-foreground">{intl.formatMessage(RECORD_MESSAGES.sentTo, { name })}</p>
      </div>
    </section>
  )
}
