import { CircleCheck, CloudOff, Mic, RotateCcw, Send, Trash2 } from 'lucide-react'
import type * as React from 'react'
import { useEffect, useRef, type ReactNode, type RefObject } from 'react'
import { RECORDING_MAX_SECONDS } from '#shared/limits.ts'
import { SPEECH_TEXTS } from '#shared/speech.ts'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { TAKE_TEXTS } from '#web/resources/recording/components/take-row.tsx'
import { LiveRecording, RecordingPreview, RECORDER_TRANSITION } from '#web/resources/recording/components/voice-recorder.tsx'
import type { Take } from '#web/resources/recording/outbox.ts'
import type { Recording, UseRecorder } from '#web/resources/recording/use-recorder.ts'
import { cn } from '#web/lib/utils.ts'

export const RECORD_TEXTS = {
  hint: 'You can record up to 10 minutes.',
  ready: "I'm ready to record",
  stop: 'Tap to stop',
  send: 'Send',
  discard: 'Discard',
  reRecord: 'Re-record',
  uploadFailed: 'Upload Failed',
  retryUpload: 'Retry Upload',
  recordAgain: 'Record Again',
  sendFailed: 'Failed to send message',
  trySendingAgain: 'Try sending again',
  recordNew: 'Record new',
  sending: 'Sending your message...',
  sent: 'Message sent',
  keptForLater: 'It stays on this device and goes by itself once the connection is back.',
  tryNow: 'Try now',
} as const

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
  const startRef = useRef<HTMLButtonElement>(null)
  useFocusOnArrival(startRef, focus)
  return (
    <section data-slot="record-intro" aria-label="Record" className={panelClass}>
      <p className="max-w-xs text-sm text-balance text-muted-foreground">Find a quiet moment and speak as if they were next to you.</p>
      <BigRoundButton
        ref={startRef}
        label={RECORD_TEXTS.ready}
        tone="start"
        onClick={onStart}
        disabled={starting}
        aria-busy={starting || undefined}
        icon={<Mic aria-hidden className="size-12 sm:size-14" />}
      />
      <p className="text-sm text-muted-foreground">{RECORD_TEXTS.hint}</p>
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
  return (
    <section data-slot="recording-panel" aria-label="Recording" className={panelClass}>
      <LiveRecording recorder={recorder} stopLabel={RECORD_TEXTS.stop} onCancel={onCancel}>
        {children}
      </LiveRecording>
    </section>
  )
}

/** The words of a reply as the server hears them while it is being recorded. */
export function LiveTranscriptPanel({ text }: { text: string }) {
  return (
    <div data-slot="live-transcript" className="flex w-full flex-col gap-1.5 rounded-xl border bg-muted/40 px-4 py-3 text-start">
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{SPEECH_TEXTS.liveTranscript}</p>
      <p aria-live="polite" className={text ? 'text-sm leading-relaxed' : 'text-sm text-muted-foreground italic'}>
        {text || 'Listening...'}
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
  const hitLimit = recording.durationSeconds >= RECORDING_MAX_SECONDS - 0.5
  return (
    <section data-slot="recorded-panel" aria-labelledby="recorded-title" className={panelClass}>
      <div className="flex flex-col items-center gap-1">
        <h2 id="recorded-title" className="text-lg font-semibold tracking-tight">
          Listen before you send
        </h2>
        {hitLimit && <p className="text-sm text-muted-foreground">Stopped at the 10-minute limit</p>}
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
          {RECORD_TEXTS.send}
        </Button>
        <div className="grid grid-cols-2 gap-2">
          <Button variant="outline" onClick={onReRecord}>
            <RotateCcw aria-hidden />
            {RECORD_TEXTS.reRecord}
          </Button>
          <Button variant="outline" onClick={onDiscard}>
            <Trash2 aria-hidden />
            {RECORD_TEXTS.discard}
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
  const percent = sending ? 100 : Math.round(Math.min(Math.max(progress, 0), 1) * 100)
  // Send is gone: focus rests on what is happening now
  const titleRef = useRef<HTMLHeadingElement>(null)
  useFocusOnArrival(titleRef)
  return (
    <section data-slot="upload-progress" aria-labelledby="upload-title" aria-busy="true" className={panelClass}>
      <div className="flex flex-col items-center gap-1">
        <h2 ref={titleRef} id="upload-title" tabIndex={-1} className="text-lg font-semibold tracking-tight outline-none">
          {sending ? RECORD_TEXTS.sending : 'Uploading your message'}
        </h2>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {sending
            ? 'Almost there.'
            : attempt > 1
              ? `The connection stumbled, trying again (attempt ${attempt} of ${attempts})`
              : 'Please keep this page open.'}
        </p>
      </div>
      <div className="flex w-full flex-col gap-2">
        <div
          role="progressbar"
          aria-label="Upload progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary transition-[width] duration-200" style={{ width: `${percent}%` }} />
        </div>
        <p className="text-end text-sm font-medium tabular-nums">{percent}%</p>
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
          {TAKE_TEXTS.waiting(take.contactName, take.durationSeconds)}
        </h2>
        <p role="status" className="max-w-sm text-sm text-balance text-muted-foreground">
          {take.storageAway ? TAKE_TEXTS.storageAway : TAKE_TEXTS.offline}
        </p>
      </div>
      {onRetry && (
        <Button variant="outline" onClick={onRetry}>
          <RotateCcw aria-hidden />
          {RECORD_TEXTS.tryNow}
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
  return (
    <section data-slot="sent-panel" aria-labelledby="sent-title" className={panelClass}>
      <IconBadge size="lg">
        <CircleCheck aria-hidden className="size-7" />
      </IconBadge>
      <div className="flex flex-col gap-1">
        <h2 id="sent-title" className="text-xl font-semibold tracking-tight">
          {RECORD_TEXTS.sent}
        </h2>
        <p className="text-sm text-muted-foreground">Sent to {name}</p>
      </div>
    </section>
  )
}
