import { useCallback, useEffect, useRef, useState, type MouseEvent, type PointerEvent } from 'react'
import type { MessageDescriptor } from 'react-intl'
import type { Contact } from '#shared/contacts.ts'
import { RECORDING_MAX_SECONDS } from '#shared/limits.ts'
import { announce } from '#web/lib/announce.ts'
import { formatActive } from '#web/i18n/active-intl.ts'
import { useAuth } from '#web/lib/use-auth.ts'
import type { Take, TakeState } from './outbox.ts'
import { useOutbox } from './queries.ts'
import { CAP_NOTICE_SECONDS, createLevelReader, createSilenceWatch, LEVEL_SAMPLE_MS, LIVE_LEVEL_BARS, meterLevel } from './take-analysis.ts'

/**
 * The recorder of a take, in three hooks: `useRecorder` (MediaRecorder, its format, the finished blob), the same with
 * its take kept on this device for one person (`useKeptRecorder`, which the outbox then sends), and what a press of
 * the mic means (`useHoldToRecord`).
 */

// The recorder's pure parts first: which format, which microphone settings, and what a failure to start means.

/** The formats we prefer, best first; the first one the browser's MediaRecorder accepts wins. */
export const AUDIO_FORMAT_PREFERENCE = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus', 'audio/wav'] as const

/** 64 kbps. */
export const AUDIO_BITS_PER_SECOND = 64_000

/** 44.1 kHz, mono, echo cancellation, noise suppression, auto gain. */
export const AUDIO_CONSTRAINTS: MediaStreamConstraints = {
  audio: { sampleRate: 44_100, channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
}

/** The first preferred type the recorder supports, or undefined to let the browser pick its own default. */
export function chooseMimeType(isTypeSupported: ((type: string) => boolean) | undefined): string | undefined {
  if (!isTypeSupported) return undefined
  return AUDIO_FORMAT_PREFERENCE.find((type) => {
    try {
      return isTypeSupported(type)
    } catch {
      return false
    }
  })
}

export type MicrophonePermission = 'unknown' | 'prompt' | 'granted' | 'denied'

/** Maps a Permissions API state (`navigator.permissions.query({ name: 'microphone' })`) to ours. */
export function permissionFromState(state: string | undefined): MicrophonePermission {
  if (state === 'granted' || state === 'denied' || state === 'prompt') return state
  return 'unknown'
}

/** Why recording could not start: the person said no, there is no microphone, the browser cannot record, or anything else. */
export type RecorderStartFailure = 'denied' | 'no-microphone' | 'unsupported' | 'error'

/** Maps a getUserMedia / MediaRecorder error to a start failure by its DOMException name. */
export function mapStartError(error: unknown): RecorderStartFailure {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String((error as { name: unknown }).name) : ''
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return 'denied'
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'no-microphone'
    case 'NotSupportedError':
    case 'SecurityError':
      return 'unsupported'
    default:
      return 'error'
  }
}

export type RecorderStatus = 'idle' | 'starting' | 'recording' | 'paused' | 'recorded'

/** A finished recording: the audio, an object URL for the preview (released on discard), its type and length. */
export type Recording = { blob: Blob; url: string; mimeType: string; durationSeconds: number }

/** What went wrong: a start failure, or a recording that produced no usable audio. */
export type RecorderError = RecorderStartFailure | 'processing-failed'

export type UseRecorderOptions = {
  /** Stops by itself after this many seconds (10 minutes by default). */
  maxSeconds?: number
  /** Called once per failure, for a toast; 'denied' and 'no-microphone' are also kept in state for a card. */
  onError?: (error: RecorderError, cause: unknown) => void
  /** Told each time the browser hands over audio while recording: everything so far (a playable stream), for a draft. */
  onData?: (sofar: Blob, elapsedSeconds: number) => void
}

export type UseRecorder = {
  status: RecorderStatus
  /** Whole seconds recorded (pauses excluded); kept after stopping. */
  elapsedSeconds: number
  /** The most recent microphone levels (0..1, oldest first) for the live meter; empty where Web Audio is missing. */
  levels: number[]
  /** The input has stayed near silence for a few seconds while recording ("We can't hear you"). */
  silent: boolean
  recording: Recording | null
  permission: MicrophonePermission
  /** True once getUserMedia reported that there is no usable microphone; cleared by a successful start. */
  microphoneMissing: boolean
  /** Asks for the microphone and starts recording; resolves true when recording runs. */
  start: () => Promise<boolean>
  stop: () => void
  pause: () => void
  resume: () => void
  /** Shows a take kept from before (a draft) as the recording, ready to preview and send. */
  restore: (blob: Blob, durationSeconds: number) => void
  /** Drops the recording (or an unfinished one) and releases the object URL and the microphone. */
  discard: () => void
  /** Discards, then starts again. */
  reRecord: () => Promise<boolean>
  /** What has been recorded so far while recording (a playable stream from the start), else null. */
  snapshot: () => Blob | null
}

const TICK_MS = LEVEL_SAMPLE_MS

function stopTracks(stream: MediaStream | null) {
  stream?.getTracks().forEach((track) => track.stop())
}

/** What a screen reader hears as the recorder changes state (said once each; the running time is not). */
/** What the recorder says in the polite live region as its state changes, in the language on screen. */
export const RECORDER_ANNOUNCEMENTS = {
  starting: { id: 'recorder.announce.starting', defaultMessage: 'Starting the microphone' },
  recording: { id: 'recorder.announce.recording', defaultMessage: 'Microphone on: recording' },
  resumed: { id: 'recorder.announce.resumed', defaultMessage: 'Microphone on again: recording' },
  paused: { id: 'recorder.announce.paused', defaultMessage: 'Microphone paused' },
  recorded: { id: 'recorder.announce.recorded', defaultMessage: 'Microphone off: your recording is ready to hear' },
  capNear: { id: 'recorder.announce.capNear', defaultMessage: 'One minute left: recordings stop at 10 minutes' },
} satisfies Record<string, MessageDescriptor>

/** Says each change of the recorder's state in the app's polite live region (decision 131); idle says nothing. */
function useAnnouncedStatus(status: RecorderStatus) {
  const previous = useRef<RecorderStatus>(status)
  useEffect(() => {
    const before = previous.current
    previous.current = status
    if (status === before || status === 'idle') return
    announce(formatActive(status === 'recording' && before === 'paused' ? RECORDER_ANNOUNCEMENTS.resumed : RECORDER_ANNOUNCEMENTS[status]))
  }, [status])
}

/**
 * Says the cap notice once a take nears its limit: once per take (a pause and resume do not repeat it), the running
 * count-down under it is never read out.
 */
function useAnnouncedCap(elapsedSeconds: number, maxSeconds: number) {
  const said = useRef(false)
  useEffect(() => {
    const near = elapsedSeconds > 0 && elapsedSeconds >= maxSeconds - CAP_NOTICE_SECONDS
    if (!near) said.current = false
    else if (!said.current) {
      said.current = true
      announce(formatActive(RECORDER_ANNOUNCEMENTS.capNear))
    }
  }, [elapsedSeconds, maxSeconds])
}

/**
 * Records one voice message with MediaRecorder (recording, pausing and the microphone permission):
 * idle -> recording (elapsed timer, auto-stop at the limit) -> recorded (blob and preview URL). Reusable for messages,
 * welcome audio and invitations; the caller decides what to do with the blob.
 */
export function useRecorder({ maxSeconds = RECORDING_MAX_SECONDS, onError, onData }: UseRecorderOptions = {}): UseRecorder {
  const [status, setStatus] = useState<RecorderStatus>('idle')
  useAnnouncedStatus(status)
  const [elapsedSeconds, setElapsedSeconds] = useState(0)
  useAnnouncedCap(status === 'recording' || status === 'paused' ? elapsedSeconds : 0, maxSeconds)
  const [recording, setRecording] = useState<Recording | null>(null)
  const [permission, setPermission] = useState<MicrophonePermission>('unknown')
  const [microphoneMissing, setMicrophoneMissing] = useState(false)
  const [levels, setLevels] = useState<number[]>([])
  const [silent, setSilent] = useState(false)

  const onErrorRef = useRef(onError)
  const onDataRef = useRef(onData)
  useEffect(() => {
    onErrorRef.current = onError
    onDataRef.current = onData
  }, [onError, onData])
  const levelReaderRef = useRef<ReturnType<typeof createLevelReader>>(null)
  /** milliseconds recorded before the current run (pauses split a take into runs) */
  const recordedMsRef = useRef(0)

  const streamRef = useRef<MediaStream | null>(null)
  const recorderRef = useRef<MediaRecorder | null>(null)
  /** the chunks of the recording in progress, for `snapshot` */
  const chunksRef = useRef<Blob[]>([])
  const urlRef = useRef<string | null>(null)
  const timerRef = useRef<ReturnType<typeof setInterval> | null>(null)
  /** when the current run started; null while paused */
  const startedAtRef = useRef<number | null>(0)
  /** Bumped by discard and unmount so that a pending start or a late stop event is ignored. */
  const sessionRef = useRef(0)

  const clearTimer = () => {
    if (timerRef.current !== null) clearInterval(timerRef.current)
    timerRef.current = null
  }

  const release = useCallback(() => {
    sessionRef.current += 1
    clearTimer()
    const recorder = recorderRef.current
    recorderRef.current = null
    if (recorder && recorder.state !== 'inactive') {
      try {
        recorder.stop()
      } catch {
        // already stopped
      }
    }
    stopTracks(streamRef.current)
    streamRef.current = null
    levelReaderRef.current?.close()
    levelReaderRef.current = null
    setLevels([])
    setSilent(false)
    if (urlRef.current) URL.revokeObjectURL(urlRef.current)
    urlRef.current = null
  }, [])

  // Microphone permission where the Permissions API knows it (Chrome, Edge, Firefox, Safari 16+).
  useEffect(() => {
    let cancelled = false
    let status: PermissionStatus | null = null
    const onChange = () => {
      if (status) setPermission(permissionFromState(status.state))
    }
    const query = typeof navigator !== 'undefined' ? navigator.permissions?.query?.bind(navigator.permissions) : undefined
    if (query) {
      query({ name: 'microphone' as PermissionName })
        .then((result) => {
          if (cancelled) return
          status = result
          setPermission(permissionFromState(result.state))
          result.addEventListener?.('change', onChange)
        })
        .catch(() => {
          // 'microphone' is not a known permission name in this browser: stays unknown until we ask.
        })
    }
    return () => {
      cancelled = true
      status?.removeEventListener?.('change', onChange)
    }
  }, [])

  useEffect(() => release, [release])

  const recordedMs = useCallback(() => recordedMsRef.current + (startedAtRef.current === null ? 0 : Date.now() - startedAtRef.current), [])

  const stop = useCallback(() => {
    const recorder = recorderRef.current
    clearTimer()
    if (recorder && recorder.state !== 'inactive') recorder.stop()
  }, [])

  const pause = useCallback(() => {
    const recorder = recorderRef.current
    if (!recorder || recorder.state !== 'recording') return
    recorder.pause()
    recordedMsRef.current = recordedMs()
    startedAtRef.current = null
    setSilent(false)
    setStatus('paused')
  }, [recordedMs])

  const resume = useCallback(() => {
    const recorder = recorderRef.current
    if (!recorder || recorder.state !== 'paused') return
    recorder.resume()
    startedAtRef.current = Date.now()
    setStatus('recording')
  }, [])

  const start = useCallback(async (): Promise<boolean> => {
    release()
    setRecording(null)
    setElapsedSeconds(0)
    const session = sessionRef.current
    const fail = (error: RecorderError, cause: unknown) => {
      if (error === 'denied') setPermission('denied')
      if (error === 'no-microphone') setMicrophoneMissing(true)
      setStatus('idle')
      onErrorRef.current?.(error, cause)
      return false
    }

    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      return fail('unsupported', new Error('MediaRecorder or getUserMedia is not available'))
    }
    setStatus('starting')
    let stream: MediaStream
    try {
      stream = await navigator.mediaDevices.getUserMedia(AUDIO_CONSTRAINTS)
    } catch (error) {
      if (session !== sessionRef.current) return false
      return fail(mapStartError(error), error)
    }
    if (session !== sessionRef.current) {
      stopTracks(stream)
      return false
    }
    streamRef.current = stream
    setPermission('granted')
    setMicrophoneMissing(false)

    const preferred = chooseMimeType(MediaRecorder.isTypeSupported?.bind(MediaRecorder))
    let recorder: MediaRecorder
    try {
      recorder = new MediaRecorder(stream, { ...(preferred ? { mimeType: preferred } : {}), audioBitsPerSecond: AUDIO_BITS_PER_SECOND })
    } catch (error) {
      release()
      return fail(mapStartError(error), error)
    }
    const chunks: Blob[] = []
    chunksRef.current = chunks
    recorder.addEventListener('dataavailable', (event: BlobEvent) => {
      if (event.data.size === 0) return
      chunks.push(event.data)
      if (recorder.state !== 'inactive' && session === sessionRef.current) {
        onDataRef.current?.(new Blob(chunks, { type: recorder.mimeType || chunks[0]?.type }), Math.floor(recordedMs() / 1000))
      }
    })
    recorder.addEventListener('stop', () => {
      if (session !== sessionRef.current) return
      clearTimer()
      const durationSeconds = Math.min(recordedMs() / 1000, maxSeconds)
      startedAtRef.current = null
      stopTracks(streamRef.current)
      streamRef.current = null
      levelReaderRef.current?.close()
      levelReaderRef.current = null
      setLevels([])
      setSilent(false)
      recorderRef.current = null
      const mimeType = recorder.mimeType || preferred || chunks[0]?.type || 'audio/webm'
      const blob = new Blob(chunks, { type: mimeType })
      if (blob.size === 0) {
        setStatus('idle')
        onErrorRef.current?.('processing-failed', new Error('The recording is empty'))
        return
      }
      const url = URL.createObjectURL(blob)
      urlRef.current = url
      setElapsedSeconds(Math.floor(durationSeconds))
      setRecording({ blob, url, mimeType, durationSeconds })
      setStatus('recorded')
    })
    recorder.addEventListener('error', (event) => {
      if (session !== sessionRef.current) return
      release()
      setStatus('idle')
      onErrorRef.current?.('processing-failed', event)
    })

    recordedMsRef.current = 0
    startedAtRef.current = Date.now()
    try {
      // A timeslice makes the browser hand over data every second, so a long recording is not one giant buffer.
      recorder.start(1000)
    } catch (error) {
      release()
      return fail('error', error)
    }
    recorderRef.current = recorder
    levelReaderRef.current = createLevelReader(stream)
    const silence = createSilenceWatch()
    setStatus('recording')
    timerRef.current = setInterval(() => {
      const seconds = recordedMs() / 1000
      setElapsedSeconds(Math.min(Math.floor(seconds), maxSeconds))
      if (seconds >= maxSeconds) stop()
      const reader = levelReaderRef.current
      if (!reader || startedAtRef.current === null) return
      const rms = reader.read()
      if (rms === null) return
      setSilent(silence.push(rms, Date.now()))
      setLevels((previous) => [...previous.slice(-(LIVE_LEVEL_BARS - 1)), meterLevel(rms)])
    }, TICK_MS)
    return true
  }, [maxSeconds, recordedMs, release, stop])

  const discard = useCallback(() => {
    release()
    setRecording(null)
    setElapsedSeconds(0)
    setStatus('idle')
  }, [release])

  const restore = useCallback(
    (blob: Blob, durationSeconds: number) => {
      release()
      const url = URL.createObjectURL(blob)
      urlRef.current = url
      setElapsedSeconds(Math.floor(durationSeconds))
      setRecording({ blob, url, mimeType: blob.type || 'audio/webm', durationSeconds })
      setStatus('recorded')
    },
    [release],
  )

  const reRecord = useCallback(() => {
    discard()
    return start()
  }, [discard, start])

  const snapshot = useCallback((): Blob | null => {
    const recorder = recorderRef.current
    if (!recorder || recorder.state === 'inactive' || chunksRef.current.length === 0) return null
    return new Blob(chunksRef.current, { type: recorder.mimeType || chunksRef.current[0]?.type || 'audio/webm' })
  }, [])

  return {
    status,
    elapsedSeconds,
    levels,
    silent,
    recording,
    permission,
    microphoneMissing,
    start,
    stop,
    pause,
    resume,
    restore,
    discard,
    reRecord,
    snapshot,
  }
}

// The recorder whose take is kept on this device, for a message to one person.

type KeptRecorderOptions = {
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
export function useKeptRecorder({ contact, replyTo = null, onError }: KeptRecorderOptions) {
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

// What a press of the mic means: a tap, a hold, a slide.

/** A press held this long is a hold (release sends); a shorter one is a tap (the take goes on hands-free). */
export const HOLD_MS = 600
/** Sliding this far left while holding cancels on release. */
export const CANCEL_SLIDE_PX = 96
/** Sliding this far up while holding locks the take: it goes on hands-free, as after a tap. */
export const LOCK_SLIDE_PX = 72

/**
 * Where a press of the mic stands: `pressing` (down, not yet a hold), `holding` (release sends), `cancelling` (slid
 * left: release discards). `idle` when no press is under way.
 */
export type HoldPhase = 'idle' | 'pressing' | 'holding' | 'cancelling'

/** What a press that moved `dx`/`dy` px (right and down positive) after `heldMs` means now. */
export function holdPhaseOf({ heldMs, dx, dy }: { heldMs: number; dx: number; dy: number }): HoldPhase | 'locked' {
  if (-dy >= LOCK_SLIDE_PX) return 'locked'
  if (-dx >= CANCEL_SLIDE_PX) return 'cancelling'
  // a slide is a hold from the start: nobody slides a tap
  return heldMs >= HOLD_MS || Math.hypot(dx, dy) > 12 ? 'holding' : 'pressing'
}

type HoldToRecordOptions = {
  /** starts a take; answers whether it started (no microphone, a refusal: false) */
  start: () => Promise<boolean>
  /** released while holding: stop and send */
  onRelease: () => void
  /** released after sliding left: discard */
  onCancel: () => void
  disabled?: boolean
}

/**
 * Press-and-hold on the mic, as people know it from WhatsApp and Signal (decision 112): the take starts on press;
 * a tap leaves it running hands-free (Stop, listen, Send, as before); holding and releasing sends it at once; sliding
 * left cancels and sliding up locks it hands-free. Keyboard and screen-reader users tap (Enter or Space), which
 * behaves exactly as a click always did. The pointer is captured, so the gesture follows the finger off the button.
 */
export function useHoldToRecord({ start, onRelease, onCancel, disabled = false }: HoldToRecordOptions) {
  const [phase, setPhase] = useState<HoldPhase>('idle')
  /** how far the finger slid left, for the hint to follow it */
  const [slide, setSlide] = useState(0)
  const press = useRef<{ x: number; y: number; at: number; pointerId: number } | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  /** the click that ends a pointer press is that press's, not a keyboard tap */
  const pointerClick = useRef(false)

  useEffect(() => () => clearTimeout(timer.current), [])

  // the click, if the browser sends one, comes right after the pointer's release
  const forgetPointerClick = () => setTimeout(() => (pointerClick.current = false), 0)

  const end = () => {
    clearTimeout(timer.current)
    press.current = null
    setPhase('idle')
    setSlide(0)
  }

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (disabled || event.button !== 0 || press.current) return
    pointerClick.current = true
    // no text selection or callout on a long press
    event.preventDefault()
    event.currentTarget.setPointerCapture?.(event.pointerId)
    press.current = { x: event.clientX, y: event.clientY, at: event.timeStamp, pointerId: event.pointerId }
    setPhase('pressing')
    timer.current = setTimeout(() => setPhase((now) => (now === 'pressing' ? 'holding' : now)), HOLD_MS)
    void start().then((started) => {
      if (!started) end()
    })
  }

  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const from = press.current
    if (!from || event.pointerId !== from.pointerId) return
    const dx = event.clientX - from.x
    const next = holdPhaseOf({ heldMs: event.timeStamp - from.at, dx, dy: event.clientY - from.y })
    // locked: the press is over, the take goes on hands-free
    if (next === 'locked') return end()
    setSlide(Math.min(0, dx))
    setPhase(next)
  }

  const onPointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    const from = press.current
    if (!from || event.pointerId !== from.pointerId) return
    const held = holdPhaseOf({ heldMs: event.timeStamp - from.at, dx: event.clientX - from.x, dy: event.clientY - from.y })
    end()
    forgetPointerClick()
    if (held === 'holding') onRelease()
    else if (held === 'cancelling') onCancel()
    // a tap, or locked: the take goes on hands-free
  }

  // the browser took the pointer (a system gesture): nothing is lost, the take goes on hands-free
  const onPointerCancel = () => {
    if (press.current) end()
    forgetPointerClick()
  }

  // Enter, Space, or a click no pointer press began
  const onClick = () => {
    if (!pointerClick.current && !disabled) void start()
  }

  return {
    phase,
    slide,
    pressed: phase !== 'idle',
    bind: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel, onClick, onContextMenu: (e: MouseEvent) => e.preventDefault() },
  }
}
