import { useCallback, useEffect, useRef, useState } from 'react'
import { RECORDING_MAX_SECONDS } from '#shared/limits.ts'
import {
  AUDIO_BITS_PER_SECOND,
  AUDIO_CONSTRAINTS,
  chooseMimeType,
  mapStartError,
  permissionFromState,
  type MicrophonePermission,
  type RecorderStartFailure,
} from './recorder-helpers.ts'

export type RecorderStatus = 'idle' | 'starting' | 'recording' | 'recorded'

/** A finished recording: the audio, an object URL for the preview (released on discard), its type and length. */
export type Recording = { blob: Blob; url: string; mimeType: string; durationSeconds: number }

/** What went wrong: a start failure, or a recording that produced no usable audio. */
export type RecorderError = RecorderStartFailure | 'processing-failed'

export type UseRecorderOptions = {
  /** Stops by itself after this many seconds (spec: 10 minutes). */
  maxSeconds?: number
  /** Called once per failure, for a toast; 'denied' and 'no-microphone' are also kept in state for a card. */
  onError?: (error: RecorderError, cause: unknown) => void
}

export type UseRecorder = {
  status: RecorderStatus
  /** Whole seconds since recording started; kept after stopping. */
  elapsedSeconds: number
  recording: Recording | null
  permission: MicrophonePermission
  /** True once getUserMedia reported that there is no usable microphone; cleared by a successful start. */
  microphoneMissing: boolean
  /** Asks for the microphone and starts recording; resolves true when recording runs. */
  start: () => Promise<boolean>
  stop: () => void
  /** Drops the recording (or an unfinished one) and releases the object URL and the microphone. */
  discard: () => void
  /** Discards, then starts again. */
  reRecord: () => Promise<boolean>
  /** What has been recorded so far while recording (a playable stream from the start), else null. */
  snapshot: () => Blob | null
}

const TICK_MS = 250

function stopTracks(stream: MediaStream | null) {
  stream?.getTracks().forEach((track) => track.stop())
}

/**
 * Records one voice message with MediaRecorder (spec 001 section 4 "Recording" and "Microphone permission"):
 * idle -> recording (elapsed timer, auto-stop at the limit) -> recorded (blob and preview URL). Reusable for messages,
 * welcome audio and invitations; the caller decides what to do with the blob.
 */
export function useRecorder({ maxSeconds = RECORDING_MAX_SECONDS, onError }: UseRecorderOptions = {}): UseRecorder {
  const [status, setStatus] = useState<RecorderStatus>('idle')
  const [elapsedSeconds, setElapsedSeconds] = useState(0)
  const [recording, setRecording] = useState<Recording | null>(null)
  const [permission, setPermission] = useState<MicrophonePermission>('unknown')
  const [microphoneMissing, setMicrophoneMissing] = useState(false)

  const onErrorRef = useRef(onError)
  useEffect(() => {
    onErrorRef.current = onError
  }, [onError])

  const streamRef = useRef<MediaStream | null>(null)
  const recorderRef = useRef<MediaRecorder | null>(null)
  /** the chunks of the recording in progress, for `snapshot` */
  const chunksRef = useRef<Blob[]>([])
  const urlRef = useRef<string | null>(null)
  const timerRef = useRef<ReturnType<typeof setInterval> | null>(null)
  const startedAtRef = useRef(0)
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

  const stop = useCallback(() => {
    const recorder = recorderRef.current
    clearTimer()
    if (recorder && recorder.state !== 'inactive') recorder.stop()
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
      if (event.data.size > 0) chunks.push(event.data)
    })
    recorder.addEventListener('stop', () => {
      if (session !== sessionRef.current) return
      clearTimer()
      const durationSeconds = Math.min((Date.now() - startedAtRef.current) / 1000, maxSeconds)
      stopTracks(streamRef.current)
      streamRef.current = null
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

    try {
      // A timeslice makes the browser hand over data every second, so a long recording is not one giant buffer.
      recorder.start(1000)
    } catch (error) {
      release()
      return fail('error', error)
    }
    recorderRef.current = recorder
    startedAtRef.current = Date.now()
    setStatus('recording')
    timerRef.current = setInterval(() => {
      const seconds = (Date.now() - startedAtRef.current) / 1000
      setElapsedSeconds(Math.min(Math.floor(seconds), maxSeconds))
      if (seconds >= maxSeconds) stop()
    }, TICK_MS)
    return true
  }, [maxSeconds, release, stop])

  const discard = useCallback(() => {
    release()
    setRecording(null)
    setElapsedSeconds(0)
    setStatus('idle')
  }, [release])

  const reRecord = useCallback(() => {
    discard()
    return start()
  }, [discard, start])

  const snapshot = useCallback((): Blob | null => {
    const recorder = recorderRef.current
    if (!recorder || recorder.state !== 'recording' || chunksRef.current.length === 0) return null
    return new Blob(chunksRef.current, { type: recorder.mimeType || chunksRef.current[0]?.type || 'audio/webm' })
  }, [])

  return { status, elapsedSeconds, recording, permission, microphoneMissing, start, stop, discard, reRecord, snapshot }
}
