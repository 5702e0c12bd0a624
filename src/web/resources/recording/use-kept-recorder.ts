import { useCallback, useEffect, useRef, useState } from 'react'
import type { Contact } from '#shared/contacts.ts'
import { useRecorder, type RecorderError } from './use-recorder.ts'
import { useAuth } from '#web/lib/use-auth.ts'
import { useOutbox } from './queries.ts'
import type { Take, TakeState } from './take-store.ts'

type Options = {
  /** who the take is for; undefined while the contact loads (nothing is kept until it is known) */
  contact: Pick<Contact, 'id' | 'name'> | undefined
  replyTo?: string | null
  onError?: (error: RecorderError, cause: unknown) => void
}

/**
 * The recorder with its take kept on this device (decision 67): every second of audio goes to the take store while
 * recording, the finished take stays there as a draft, and leaving the screen mid-recording leaves what was kept as a
 * draft. `discard` forgets the take; `handOver` lets the screen go of a take the outbox now owns.
 */
export function useKeptRecorder({ contact, replyTo = null, onError }: Options) {
  const { user } = useAuth()
  const outbox = useOutbox()
  const [activeId, setActiveId] = useState<string | null>(null)
  const activeRef = useRef<string | null>(null)
  // the ids, not the objects: a new object with the same person must not keep the take again
  const ownerId = user?.id
  const contactId = contact?.id
  const contactName = contact?.name

  const setActive = (id: string | null) => {
    activeRef.current = id
    setActiveId(id)
  }

  const keep = useCallback(
    (blob: Blob, durationSeconds: number, state: TakeState) => {
      const id = activeRef.current
      if (!outbox || !ownerId || !id || !contactId || contactName === undefined) return
      const take: Take = {
        id,
        ownerId,
        contactId,
        contactName,
        replyTo,
        blob,
        durationSeconds,
        state,
        error: null,
        uploadId: null,
        updatedAt: Date.now(),
      }
      void outbox.keep(take)
    },
    [outbox, ownerId, contactId, contactName, replyTo],
  )
  const recorder = useRecorder({ onError, onData: (blob, seconds) => keep(blob, seconds, 'recording') })
  const { recording } = recorder

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

  const start = useCallback(async (): Promise<boolean> => {
    setActive(crypto.randomUUID())
    const started = await recorder.start()
    if (!started) setActive(null)
    return started
  }, [recorder])

  /** Opens a kept take (a draft) in the recorder, to listen and send. */
  const listen = (take: Take) => {
    setActive(take.id)
    recorder.restore(take.blob, take.durationSeconds)
  }

  /** The kept row of the take in the recorder, if any. */
  const current = (): Take | null => outbox?.getTakes().find((t) => t.id === activeRef.current) ?? null

  const discard = () => {
    if (activeRef.current) void outbox?.discard(activeRef.current)
    recorder.discard()
    setActive(null)
  }

  const handOver = () => {
    recorder.discard()
    setActive(null)
  }

  const taking = recorder.status === 'recording' || recorder.status === 'paused' || recorder.status === 'recorded'
  return { recorder, activeId, taking, start, listen, current, discard, handOver }
}
