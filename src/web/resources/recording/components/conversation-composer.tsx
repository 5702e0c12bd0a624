import { ArrowLeft, ArrowUp, Ban, Mic, Send, Trash2 } from 'lucide-react'
import { useEffect, useId, useRef } from 'react'
import { useIntl, type MessageDescriptor } from 'react-intl'
import { useSearchParams } from 'react-router'
import type { Contact } from '#shared/contacts.ts'
import { Button } from '#web/components/ui/button.tsx'
import { MicrophoneProblem, toastRecorderError } from './recorder-states.tsx'
import { LiveRecording, RecordingPreview, RecordingStatusRow, RECORDER_TRANSITION } from './voice-recorder.tsx'
import type { UseRecorder } from '../use-recorder.ts'
import { cn } from '#web/lib/utils.ts'
import { useOutbox, useTakes } from '../queries.ts'
import { CANCEL_SLIDE_PX, useHoldToRecord, useKeptRecorder } from '../use-recorder.ts'
import { useOnline } from '../use-online.ts'
import { LeaveGuard } from './leave-guard.tsx'
import { TakeRow } from './take-row.tsx'
import { useSendBlockedReason } from './use-send-blocked-reason.ts'

const COMPOSER_MESSAGES = {
  label: { id: 'composer.label', defaultMessage: 'Message for {name}' },
  unsent: { id: 'take.unsent.list', defaultMessage: 'Unsent messages' },
  record: { id: 'composer.record', defaultMessage: 'Record a message' },
  recordFor: { id: 'composer.record.label', defaultMessage: 'Record a message for {name}' },
  stop: { id: 'composer.stop', defaultMessage: 'Stop' },
  send: { id: 'composer.send', defaultMessage: 'Send' },
  discard: { id: 'composer.discard', defaultMessage: 'Discard' },
  holdHint: { id: 'composer.holdHint', defaultMessage: 'Tap to record, or hold and release to send' },
  releaseToSend: { id: 'composer.releaseToSend', defaultMessage: 'Release to send' },
  releaseToSendTo: { id: 'composer.releaseToSend.label', defaultMessage: 'Release to send to {name}' },
  releaseToCancel: { id: 'composer.releaseToCancel', defaultMessage: 'Release to cancel' },
  slideToCancel: { id: 'composer.slideToCancel', defaultMessage: 'Slide left to cancel' },
  slideToLock: { id: 'composer.slideToLock', defaultMessage: 'Slide up to keep going' },
} satisfies Record<string, MessageDescriptor>

/**
 * The composer at the bottom of a conversation: record, listen and send without leaving it.
 * The take is kept on this device while it is made (decision 67); Send hands it to the outbox, which sends in the
 * background (or once the connection returns). Drafts and waiting messages for this person show above the controls.
 * At the message limit the mic is disabled and says why. The mic also records while held (decision 112): release
 * sends, a slide left cancels, a slide up keeps the take going hands-free.
 */
export function ConversationComposer({ contact, autoStart = false }: { contact: Contact; autoStart?: boolean }) {
  const outbox = useOutbox()
  const online = useOnline()
  const takes = useTakes(contact.id)
  const reasonId = useId()
  const hintId = useId()
  const micRef = useRef<HTMLButtonElement>(null)
  const intl = useIntl()
  const { blockedReason } = useSendBlockedReason()
  const blocked = blockedReason(contact)
  const kept = useKeptRecorder({ contact, onError: toastRecorderError })
  const { recorder } = kept
  const { recording } = recorder

  const [, setSearchParams] = useSearchParams()
  useEffect(() => {
    if (!autoStart) return
    // the take starts once; a reload of the page does not start another
    setSearchParams({}, { replace: true })
    // after this render: starting sets state
    if (!blocked) void Promise.resolve().then(kept.start)
    // only on arrival from a one-tap mic
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // focus returns to the mic once it is back
  const backToMic = () => requestAnimationFrame(() => micRef.current?.focus())

  const send = () => {
    const take = kept.current()
    if (!take || !outbox) return
    void outbox.enqueue(take)
    kept.handOver()
    backToMic()
  }

  const discard = () => {
    kept.discard()
    backToMic()
  }

  // a hold's release stops the take; it is sent once the recorder hands it over
  const sendWhenRecorded = useRef(false)
  const hold = useHoldToRecord({
    start: kept.start,
    onRelease: () => {
      sendWhenRecorded.current = true
      recorder.stop()
    },
    onCancel: discard,
    disabled: Boolean(blocked),
  })
  useEffect(() => {
    if (!sendWhenRecorded.current || recorder.status === 'recording' || recorder.status === 'paused') return
    sendWhenRecorded.current = false
    // the take is kept (as a draft) by the time it is here
    if (recorder.status === 'recorded') send()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recorder.status])
  const live = recorder.status === 'recording' || recorder.status === 'paused'

  const others = takes.filter((take) => take.id !== kept.activeId)

  return (
    <section
      aria-label={intl.formatMessage(COMPOSER_MESSAGES.label, { name: contact.name })}
      data-slot="conversation-composer"
      className="sticky bottom-0 z-10 -mx-4 mt-auto flex flex-col gap-3 border-t bg-background/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur sm:-mx-6 sm:px-6"
    >
      {others.length > 0 && (
        <ul aria-label={intl.formatMessage(COMPOSER_MESSAGES.unsent)} className="flex flex-col gap-2">
          {others.map((take) => (
            <TakeRow
              key={take.id}
              take={take}
              online={online}
              canSend={!blocked}
              onSend={() => void outbox?.enqueue(take)}
              onListen={kept.taking ? undefined : () => kept.listen(take)}
              onDiscard={() => void outbox?.discard(take.id)}
            />
          ))}
        </ul>
      )}
      {blocked && (
        <p id={reasonId} data-slot="composer-blocked" className="flex items-start gap-2 text-sm">
          <Ban aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive-text" />
          {blocked}
        </p>
      )}
      <MicrophoneProblem recorder={recorder} />
      {live && !hold.pressed ? (
        <LiveRecording recorder={recorder} stopLabel={intl.formatMessage(COMPOSER_MESSAGES.stop)} onCancel={discard} compact />
      ) : recorder.status === 'recorded' && recording ? (
        <RecordingPreview recording={recording}>
          <div className="grid grid-cols-[2fr_1fr] gap-2">
            <Button onClick={send} disabled={Boolean(blocked)} aria-describedby={blocked ? reasonId : undefined}>
              <Send aria-hidden />
              {intl.formatMessage(COMPOSER_MESSAGES.send)}
            </Button>
            <Button variant="outline" onClick={discard}>
              <Trash2 aria-hidden />
              {intl.formatMessage(COMPOSER_MESSAGES.discard)}
            </Button>
          </div>
        </RecordingPreview>
      ) : (
        <>
          {hold.pressed && live && <HoldRecording recorder={recorder} cancelling={hold.phase === 'cancelling'} slide={hold.slide} />}
          <Button
            ref={micRef}
            size="lg"
            variant={hold.phase === 'holding' || hold.phase === 'cancelling' ? 'destructive' : 'default'}
            className={cn('w-full touch-none select-none', RECORDER_TRANSITION, hold.pressed && 'motion-safe:scale-[0.98]')}
            // the name starts with what the button shows, whatever the finger is doing (axe: label in name)
            aria-label={
              hold.phase === 'cancelling'
                ? intl.formatMessage(COMPOSER_MESSAGES.releaseToCancel)
                : intl.formatMessage(hold.phase === 'holding' ? COMPOSER_MESSAGES.releaseToSendTo : COMPOSER_MESSAGES.recordFor, {
                    name: contact.name,
                  })
            }
            aria-describedby={blocked ? reasonId : hintId}
            // while pressed it stays enabled: a disabled button would lose the finger
            disabled={Boolean(blocked) || (recorder.status === 'starting' && !hold.pressed)}
            {...hold.bind}
          >
            <Mic aria-hidden />
            {intl.formatMessage(
              hold.phase === 'cancelling'
                ? COMPOSER_MESSAGES.releaseToCancel
                : hold.phase === 'holding'
                  ? COMPOSER_MESSAGES.releaseToSend
                  : COMPOSER_MESSAGES.record,
            )}
          </Button>
          <span id={hintId} className="sr-only">
            {intl.formatMessage(COMPOSER_MESSAGES.holdHint)}
          </span>
        </>
      )}
      <LeaveGuard active={kept.taking} name={contact.name} onLeave={recorder.stop} />
    </section>
  )
}

/** While the mic is held: the take's status row, and how to cancel or keep it going; the hint follows the finger. */
function HoldRecording({ recorder, cancelling, slide }: { recorder: UseRecorder; cancelling: boolean; slide: number }) {
  const intl = useIntl()
  return (
    <div data-slot="hold-recording" className={cn('flex flex-col gap-2', RECORDER_TRANSITION)}>
      <RecordingStatusRow recorder={recorder} compact />
      <p
        aria-live="polite"
        className={cn(
          'flex items-center justify-between gap-3 overflow-hidden text-xs font-medium whitespace-nowrap motion-safe:transition-colors min-[420px]:text-sm',
          cancelling ? 'text-destructive-text' : 'text-muted-foreground',
        )}
      >
        {/* an eighth of the finger's way, into its margin: it moves with the finger and stays on screen */}
        {/* the cancelling slide goes left in every language (use-hold-to-record reads it so): the arrow is not mirrored */}
        <span className="ms-3 flex items-center gap-1" style={{ transform: `translateX(${Math.max(slide, -CANCEL_SLIDE_PX) / 8}px)` }}>
          <ArrowLeft aria-hidden className="size-4" />
          {intl.formatMessage(cancelling ? COMPOSER_MESSAGES.releaseToCancel : COMPOSER_MESSAGES.slideToCancel)}
        </span>
        <span className="flex items-center gap-1">
          <ArrowUp aria-hidden className="size-4" />
          {intl.formatMessage(COMPOSER_MESSAGES.slideToLock)}
        </span>
      </p>
    </div>
  )
}
