import { MicOff, Pause, Play, Square, TriangleAlert, X } from 'lucide-react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useIntl, type MessageDescriptor } from 'react-intl'
import { RECORDING_MAX_SECONDS } from '#shared/limits.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Waveform, WaveBar } from '#web/resources/messages/components/waveform.tsx'
import type { AudioTrack } from '#web/lib/audio-player/audio-player.ts'
import { audioPlayer, useTrackStatus } from '#web/lib/audio-player/use-audio-player.ts'
import { formatDuration } from '#shared/duration.ts'
import { CAP_NOTICE_SECONDS, LIVE_LEVEL_BARS } from '../take-analysis.ts'
import { analyseTake, type TakeAnalysis } from '../take-analysis.ts'
import type { Recording, UseRecorder } from '../use-recorder.ts'
import { cn } from '#web/lib/utils.ts'

const RECORDER_MESSAGES = {
  recording: { id: 'recorder.recording', defaultMessage: 'Recording' },
  paused: { id: 'recorder.paused', defaultMessage: 'Paused' },
  pause: { id: 'recorder.pause', defaultMessage: 'Pause' },
  resume: { id: 'recorder.resume', defaultMessage: 'Resume' },
  cancel: { id: 'recorder.cancel', defaultMessage: 'Cancel recording' },
  cantHear: { id: 'recorder.cantHear', defaultMessage: "We can't hear you." },
  cantHearDetail: { id: 'recorder.cantHear.detail', defaultMessage: 'Check that your microphone is on and not muted.' },
  nearSilent: { id: 'recorder.nearSilent', defaultMessage: 'This recording sounds silent.' },
  nearSilentDetail: { id: 'recorder.nearSilent.detail', defaultMessage: 'Listen to it first: your microphone may have been muted.' },
  capNear: { id: 'recorder.capNear', defaultMessage: '{time} left: recordings stop at 10 minutes' },
  preview: { id: 'recorder.preview', defaultMessage: 'Your recording' },
  previewLabel: { id: 'recorder.preview.label', defaultMessage: 'Recording preview' },
  play: { id: 'recorder.preview.play', defaultMessage: 'Play your recording' },
  pausePreview: { id: 'recorder.preview.pause', defaultMessage: 'Pause your recording' },
  seek: { id: 'recorder.preview.seek', defaultMessage: 'Seek in your recording' },
  seekValue: { id: 'recorder.preview.seekValue', defaultMessage: '{time} of {total}' },
} satisfies Record<string, MessageDescriptor>

/** The states change with a short fade (none under reduced motion). */
export const RECORDER_TRANSITION = 'motion-safe:animate-in-pop'

/**
 * The microphone's recent levels as bars scrolling to the left, so the person sees that they are heard. Ember bars
 * while recording, neutral ones while paused (no faded bars: both stay over 3:1 on the page in either theme).
 */
export function LiveLevelMeter({ levels, paused = false, className }: { levels: number[]; paused?: boolean; className?: string }) {
  const bars = [...Array.from({ length: Math.max(LIVE_LEVEL_BARS - levels.length, 0) }, () => 0), ...levels.slice(-LIVE_LEVEL_BARS)]
  return (
    <svg
      data-slot="live-level-meter"
      aria-hidden
      focusable="false"
      viewBox={`0 0 ${LIVE_LEVEL_BARS * 4} 32`}
      preserveAspectRatio="none"
      className={cn('h-10 w-full', className)}
    >
      {bars.map((level, index) => (
        <WaveBar key={index} index={index} height={Math.max(2, level * 30)} className={paused ? 'fill-muted-foreground' : 'fill-primary'} />
      ))}
    </svg>
  )
}

type LiveRecordingProps = {
  recorder: UseRecorder
  /** the stop button's visible text and name */
  stopLabel: string
  /** a quiet 'Cancel recording' under the controls */
  onCancel?: () => void
  compact?: boolean
  children?: ReactNode
}

/** 'Recording' (or 'Paused') with its pulsing dot, the live level meter and the running time. */
export function RecordingStatusRow({ recorder, compact = false }: { recorder: UseRecorder; compact?: boolean }) {
  const intl = useIntl()
  const paused = recorder.status === 'paused'
  return (
    <div className="flex w-full items-center gap-3">
      <p className="flex shrink-0 items-center gap-2 text-sm font-semibold text-destructive-text">
        <span aria-hidden className="relative flex size-3">
          {!paused && (
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-destructive opacity-60 motion-reduce:animate-none" />
          )}
          <span className={cn('relative inline-flex size-3 rounded-full', paused ? 'bg-muted-foreground' : 'bg-destructive')} />
        </span>
        {intl.formatMessage(paused ? RECORDER_MESSAGES.paused : RECORDER_MESSAGES.recording)}
      </p>
      <LiveLevelMeter levels={recorder.levels} paused={paused} className="min-w-0 flex-1" />
      <p role="timer" aria-live="off" dir="ltr" className={cn('shrink-0 font-semibold tabular-nums', compact ? 'text-lg' : 'text-2xl')}>
        {formatDuration(recorder.elapsedSeconds)}
      </p>
    </div>
  )
}

/**
 * While recording or paused: the 'Recording' label, the running time, the live level meter, "We can't hear you"
 * after a few seconds of near silence, the 10-minute cap once it nears, Pause/Resume and Stop. Focus lands on Stop
 * when recording starts.
 */
export function LiveRecording({ recorder, stopLabel, onCancel, compact = false, children }: LiveRecordingProps) {
  const intl = useIntl()
  const stopRef = useRef<HTMLButtonElement>(null)
  useEffect(() => stopRef.current?.focus(), [])
  const paused = recorder.status === 'paused'
  const left = RECORDING_MAX_SECONDS - recorder.elapsedSeconds
  return (
    <div data-slot="live-recording" className={cn('flex w-full flex-col items-center gap-3', RECORDER_TRANSITION)}>
      <RecordingStatusRow recorder={recorder} compact={compact} />
      {recorder.silent && !paused && (
        <div
          role="status"
          data-slot="cant-hear-you"
          className="flex w-full items-start gap-2 rounded-xl border border-destructive/40 bg-destructive/5 px-3 py-2 text-start text-sm"
        >
          <MicOff aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive-text" />
          <p>
            <span className="font-semibold">{intl.formatMessage(RECORDER_MESSAGES.cantHear)}</span>{' '}
            {intl.formatMessage(RECORDER_MESSAGES.cantHearDetail)}
          </p>
        </div>
      )}
      {left <= CAP_NOTICE_SECONDS && (
        <p data-slot="cap-notice" className="text-sm font-medium text-muted-foreground tabular-nums">
          {intl.formatMessage(RECORDER_MESSAGES.capNear, { time: formatDuration(Math.max(left, 0)) })}
        </p>
      )}
      <div className="flex w-full items-center gap-2">
        <Button variant="outline" size={compact ? 'default' : 'lg'} onClick={paused ? recorder.resume : recorder.pause} className="flex-1">
          {paused ? <Play aria-hidden /> : <Pause aria-hidden />}
          {intl.formatMessage(paused ? RECORDER_MESSAGES.resume : RECORDER_MESSAGES.pause)}
        </Button>
        <Button ref={stopRef} variant="destructive" size={compact ? 'default' : 'lg'} onClick={recorder.stop} className="flex-[2]">
          <Square aria-hidden className="fill-current" />
          {stopLabel}
        </Button>
      </div>
      {onCancel && (
        <Button variant="ghost" size="sm" onClick={onCancel}>
          <X aria-hidden />
          {intl.formatMessage(RECORDER_MESSAGES.cancel)}
        </Button>
      )}
      {children}
    </div>
  )
}

/** The waveform and silence check of a take, worked out once per blob. */
function useTakeAnalysis(blob: Blob | null): TakeAnalysis {
  const [analysis, setAnalysis] = useState<{ blob: Blob; result: TakeAnalysis } | null>(null)
  useEffect(() => {
    if (!blob) return
    let cancelled = false
    analyseTake(blob)
      .then((result) => {
        if (!cancelled) setAnalysis({ blob, result })
      })
      // an undecodable take still plays and sends; it only has no drawn waveform
      .catch(() => {
        if (!cancelled) setAnalysis({ blob, result: { peaks: null, nearSilent: false } })
      })
    return () => {
      cancelled = true
    }
  }, [blob])
  return analysis && analysis.blob === blob ? analysis.result : { peaks: null, nearSilent: false }
}

type RecordingPreviewProps = {
  recording: Recording
  /** the accessible name of the preview group ('Recording preview', 'Your welcome message') */
  label?: string
  /** the buttons under the player (Send, Save...); focus moves to the first of them when the preview appears, or to
   * Play when that one is disabled */
  children?: ReactNode
  className?: string
}

/**
 * A finished take on Hearth's own player: Play/Pause, its waveform (drawn from the audio) filling as it plays and
 * draggable to seek, the time; a warning when the take is near silent. It plays on the app's one player, so a message
 * playing elsewhere stops.
 */
export function RecordingPreview({ recording, label, children, className }: RecordingPreviewProps) {
  const intl = useIntl()
  const { peaks, nearSilent } = useTakeAnalysis(recording.blob)
  const track: AudioTrack = {
    id: `recording:${recording.url}`,
    url: recording.url,
    title: intl.formatMessage(RECORDER_MESSAGES.preview),
    durationHint: recording.durationSeconds,
  }
  const { current, playing, time, duration } = useTrackStatus(track.id)
  const total = duration > 0 && Number.isFinite(duration) ? duration : recording.durationSeconds
  const actionsRef = useRef<HTMLDivElement>(null)
  const trackId = track.id

  const playRef = useRef<HTMLButtonElement>(null)

  // after Stop, focus moves to the first action (Send); when that one is disabled (the limit), to Play
  useEffect(() => {
    const first = actionsRef.current?.querySelector<HTMLButtonElement>('button')
    ;(first && !first.disabled ? first : playRef.current)?.focus()
  }, [])
  // the take's URL is released with it: the player lets go first
  useEffect(
    () => () => {
      const player = audioPlayer()
      if (player.getState().currentTrack?.id === trackId) player.reset()
    },
    [trackId],
  )

  const seek = async (seconds: number) => {
    const player = audioPlayer()
    if (player.getState().currentTrack?.id !== track.id) await player.load(track, { autoplay: false })
    player.seek(seconds)
  }
  const shown = current && (playing || time > 0) ? time : total
  return (
    <div
      data-slot="recording-preview"
      role="group"
      aria-label={label ?? intl.formatMessage(RECORDER_MESSAGES.previewLabel)}
      className={cn('flex w-full flex-col gap-3', RECORDER_TRANSITION, className)}
    >
      <div className="flex min-w-0 items-center gap-3 rounded-2xl border bg-background/60 px-3 py-2">
        <Button
          ref={playRef}
          size="icon"
          className="size-11 shrink-0 rounded-full"
          aria-label={intl.formatMessage(playing ? RECORDER_MESSAGES.pausePreview : RECORDER_MESSAGES.play)}
          onClick={() => void audioPlayer().toggle(track)}
        >
          {playing ? (
            <Pause aria-hidden className="size-5 fill-current" />
          ) : (
            <Play aria-hidden className="size-5 translate-x-px fill-current" />
          )}
        </Button>
        {/* time runs left to right in every language (decision 221) */}
        <div
          dir="ltr"
          className="relative min-w-0 flex-1 rounded-md has-[input:focus-visible]:ring-[3px] has-[input:focus-visible]:ring-ring"
        >
          <Waveform peaks={peaks ?? []} progress={current && total > 0 ? time / total : 0} className="h-8" />
          <input
            type="range"
            aria-label={intl.formatMessage(RECORDER_MESSAGES.seek)}
            min={0}
            max={Math.max(total, 0.1)}
            step={0.1}
            value={current ? Math.min(time, total) : 0}
            aria-valuetext={intl.formatMessage(RECORDER_MESSAGES.seekValue, {
              time: formatDuration(current ? time : 0),
              total: formatDuration(total),
            })}
            onChange={(event) => void seek(Number(event.target.value))}
            className="absolute inset-0 size-full cursor-pointer opacity-0"
          />
        </div>
        <span dir="ltr" className="shrink-0 text-sm text-muted-foreground tabular-nums">
          {formatDuration(shown)}
        </span>
      </div>
      {nearSilent && (
        <div
          role="alert"
          data-slot="near-silent"
          className="flex items-start gap-2 rounded-xl border border-destructive/40 bg-destructive/5 px-3 py-2 text-start text-sm"
        >
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive-text" />
          <p>
            <span className="font-semibold">{intl.formatMessage(RECORDER_MESSAGES.nearSilent)}</span>{' '}
            {intl.formatMessage(RECORDER_MESSAGES.nearSilentDetail)}
          </p>
        </div>
      )}
      {children && (
        <div ref={actionsRef} className="flex w-full flex-col gap-2">
          {children}
        </div>
      )}
    </div>
  )
}
