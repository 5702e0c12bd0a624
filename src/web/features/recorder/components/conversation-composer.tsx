import { Ban, Mic, Send, Trash2 } from 'lucide-react'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { useBlocker, useSearchParams } from 'react-router'
import type { Contact } from '#shared/contacts.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx'
import { MicrophoneProblem, toastRecorderError } from '#web/features/audio/components/recorder-states.tsx'
import { LiveRecording, RecordingPreview, RECORDER_TRANSITION } from '#web/features/audio/components/voice-recorder.tsx'
import { useRecorder } from '#web/lib/recorder/use-recorder.ts'
import { useAuth } from '#web/lib/use-auth.ts'
import { cn } from '#web/lib/utils.ts'
import { useOutbox, useTakes } from '../queries.ts'
import { sendBlockedReason } from '../send-limits.ts'
import type { Take, TakeState } from '../take-store.ts'
import { useOnline } from '../use-online.ts'
import { TakeRow } from './take-row.tsx'

export const COMPOSER_TEXTS = {
  record: 'Record a message',
  stop: 'Stop',
  send: 'Send',
  discard: 'Discard',
  leaveTitle: 'Leave your recording?',
  leaveBody: (name: string) => `It stays on this device as an unsent message to ${name}: you can send it from this conversation later.`,
  stay: 'Stay',
  leave: 'Leave',
} as const

/**
 * The composer at the bottom of a conversation (issue 17 "Record in place"): record, listen, send, without leaving.
 * Every second of a take goes to this device's store while it records, a finished take stays there as a draft until
 * it is sent, and Send hands it to the outbox, which sends in the background (or once the connection returns). Drafts
 * and waiting messages for this person show above the controls. At the message limit the mic is disabled and says why.
 */
export function ConversationComposer({ contact, autoStart = false }: { contact: Contact; autoStart?: boolean }) {
  const { user } = useAuth()
  const outbox = useOutbox()
  const online = useOnline()
  const takes = useTakes(contact.id)
  const reasonId = useId()
  const micRef = useRef<HTMLButtonElement>(null)
  const [activeId, setActiveId] = useState<string | null>(null)
  const activeRef = useRef<string | null>(null)
  const blocked = sendBlockedReason(contact)

  const keep = useCallback(
    (blob: Blob, durationSeconds: number, state: TakeState) => {
      const id = activeRef.current
      if (!outbox || !user || !id) return
      const take: Take = {
        id,
        ownerId: user.id,
        contactId: contact.id,
        contactName: contact.name,
        replyTo: null,
        blob,
        durationSeconds,
        state,
        error: null,
        uploadId: null,
        updatedAt: Date.now(),
      }
      void outbox.keep(take)
    },
    [outbox, user, contact.id, contact.name],
  )
  const recorder = useRecorder({ onError: toastRecorderError, onData: (blob, seconds) => keep(blob, seconds, 'recording') })
  const { recording } = recorder
  const taking = recorder.status === 'recording' || recorder.status === 'paused' || recorder.status === 'recorded'

  // a finished take is a draft until it is sent
  useEffect(() => {
    if (recording) keep(recording.blob, recording.durationSeconds, 'draft')
  }, [recording, keep])

  // leaving while recording: what was kept so far stays as a draft
  useEffect(
    () => () => {
      const take = outbox?.getTakes().find((t) => t.id === activeRef.current)
      if (take?.state === 'recording') void outbox?.keep({ ...take, state: 'draft' })
    },
    [outbox],
  )

  const setActive = (id: string | null) => {
    activeRef.current = id
    setActiveId(id)
  }

  const start = async () => {
    setActive(crypto.randomUUID())
    if (!(await recorder.start())) setActive(null)
  }

  const [, setSearchParams] = useSearchParams()
  useEffect(() => {
    if (!autoStart) return
    // the take starts once; a reload of the page does not start another
    setSearchParams({}, { replace: true })
    // after this render: starting sets state
    if (!blocked) void Promise.resolve().then(start)
    // only on arrival from a one-tap mic
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const done = () => {
    recorder.discard()
    setActive(null)
    // focus returns to the mic once it is back
    requestAnimationFrame(() => micRef.current?.focus())
  }

  const send = () => {
    const take = outbox?.getTakes().find((t) => t.id === activeId)
    if (!take || !outbox) return
    void outbox.enqueue(take)
    done()
  }

  const discard = () => {
    if (activeId) void outbox?.discard(activeId)
    done()
  }

  const listen = (take: Take) => {
    setActive(take.id)
    recorder.restore(take.blob, take.durationSeconds)
  }

  const blocker = useBlocker(({ currentLocation, nextLocation }) => taking && currentLocation.pathname !== nextLocation.pathname)
  useEffect(() => {
    if (!taking) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [taking])

  const kept = takes.filter((take) => take.id !== activeId)

  return (
    <section
      aria-label={`Message for ${contact.name}`}
      data-slot="conversation-composer"
      className="sticky bottom-0 z-10 -mx-4 mt-auto flex flex-col gap-3 border-t bg-background/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur sm:-mx-6 sm:px-6"
    >
      {kept.length > 0 && (
        <ul aria-label="Unsent messages" className="flex flex-col gap-2">
          {kept.map((take) => (
            <TakeRow
              key={take.id}
              take={take}
              online={online}
              canSend={!blocked}
              onSend={() => void outbox?.enqueue(take)}
              onListen={taking ? undefined : () => listen(take)}
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
      {recorder.status === 'recording' || recorder.status === 'paused' ? (
        <LiveRecording recorder={recorder} stopLabel={COMPOSER_TEXTS.stop} onCancel={discard} compact />
      ) : recorder.status === 'recorded' && recording ? (
        <RecordingPreview recording={recording}>
          <div className="grid grid-cols-[2fr_1fr] gap-2">
            <Button onClick={send} disabled={Boolean(blocked)} aria-describedby={blocked ? reasonId : undefined}>
              <Send aria-hidden />
              {COMPOSER_TEXTS.send}
            </Button>
            <Button variant="outline" onClick={discard}>
              <Trash2 aria-hidden />
              {COMPOSER_TEXTS.discard}
            </Button>
          </div>
        </RecordingPreview>
      ) : (
        <Button
          ref={micRef}
          size="lg"
          className={cn('w-full', RECORDER_TRANSITION)}
          aria-label={`${COMPOSER_TEXTS.record} for ${contact.name}`}
          aria-describedby={blocked ? reasonId : undefined}
          disabled={Boolean(blocked) || recorder.status === 'starting'}
          onClick={() => void start()}
        >
          <Mic aria-hidden />
          {COMPOSER_TEXTS.record}
        </Button>
      )}
      <Dialog open={blocker.state === 'blocked'} onOpenChange={(open) => !open && blocker.reset?.()}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{COMPOSER_TEXTS.leaveTitle}</DialogTitle>
            <DialogDescription>{COMPOSER_TEXTS.leaveBody(contact.name)}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => blocker.reset?.()}>
              {COMPOSER_TEXTS.stay}
            </Button>
            <Button
              onClick={() => {
                recorder.stop()
                blocker.proceed?.()
              }}
            >
              {COMPOSER_TEXTS.leave}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  )
}
