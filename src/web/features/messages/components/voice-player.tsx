import * as React from 'react'
import type { Message } from '#shared/messages.ts'
import { Button } from '#web/components/ui/button.tsx'
import { audioPlayer, useTrackStatus } from '#web/lib/audio-player/use-audio-player.ts'
import { formatDuration } from '#shared/duration.ts'
import { cn } from '#web/lib/utils.ts'
import { useMessageTrack, type TrackSpeaker } from '#web/features/messages/message-track.ts'
import { Waveform } from './waveform.tsx'
import { PlayPauseIcon } from '#web/components/play-pause-icon.tsx'

type PlayButtonProps = Omit<React.ComponentProps<typeof Button>, 'onClick' | 'children'> & {
  message: Message
  /** who is speaking, for the name 'Play message from {speaker}' ('you' for your own) */
  speaker: string
  /** the mini player's title while this plays */
  title: string
  /** the person on the other side, for the mini player's avatar */
  other?: TrackSpeaker
  /** each time the person starts it */
  onPlay?: () => void
  iconClassName?: string
}

/**
 * Play/Pause of one message on the app's shared player: pressing it plays this message (whatever played before
 * stops), pressing again pauses. Shows a spinner while the audio loads.
 */
export function MessagePlayButton({ message, speaker, title, other, onPlay, iconClassName, className, ...props }: PlayButtonProps) {
  const toTrack = useMessageTrack()
  const { playing, loading } = useTrackStatus(message.id)
  const busy = loading && !playing
  return (
    <Button
      data-slot="message-play-button"
      size="icon"
      variant="default"
      aria-label={`${playing || busy ? 'Pause' : 'Play'} message from ${speaker}`}
      title={playing || busy ? 'Pause' : 'Play'}
      onClick={() => {
        if (!playing && !busy) onPlay?.()
        void audioPlayer().toggle(toTrack(message, title, other))
      }}
      aria-busy={busy || undefined}
      className={cn('relative z-10 rounded-full', className)}
      {...props}
    >
      <PlayPauseIcon busy={busy} playing={playing} className={iconClassName} />
    </Button>
  )
}

type VoicePlayerProps = Omit<React.ComponentProps<'div'>, 'onPlay' | 'title'> & {
  message: Message
  /** who is speaking, for the name 'Play message from {speaker}' ('you' for your own) */
  speaker: string
  /** the mini player's title while this plays */
  title: string
  /** the person on the other side, for the mini player's avatar */
  other?: TrackSpeaker
  /** each time the person starts it */
  onPlay?: () => void
}

/**
 * A conversation card's player: Play/Pause, the waveform filling as it plays, and the time (the duration until it
 * starts, then the elapsed time). Everything comes from the shared player, so the mini player, the playback screen
 * and this card always agree.
 */
export function VoicePlayer({ message, speaker, title, other, onPlay, className, ...props }: VoicePlayerProps) {
  const { current, playing, time, duration } = useTrackStatus(message.id)
  const total = duration > 0 ? duration : message.duration_seconds
  return (
    <div data-slot="voice-player" className={cn('flex min-w-0 items-center gap-3', className)} {...props}>
      <MessagePlayButton message={message} speaker={speaker} title={title} other={other} onPlay={onPlay} className="size-11" />
      <SeekableWaveform
        message={message}
        speaker={speaker}
        title={title}
        other={other}
        current={current}
        time={current ? time : 0}
        total={total}
      />
      <span className="shrink-0 text-sm text-muted-foreground tabular-nums">
        <span className="sr-only">{current && (playing || time > 0) ? 'Elapsed ' : 'Duration '}</span>
        {current && (playing || time > 0) ? formatDuration(time) : formatDuration(message.duration_seconds)}
      </span>
    </div>
  )
}

/** Seconds one arrow key moves the playhead on a waveform. */
const KEY_STEP_SECONDS = 5

type SeekableWaveformProps = {
  message: Message
  speaker: string
  title: string
  other?: TrackSpeaker
  /** whether this message is the shared player's track */
  current: boolean
  time: number
  total: number
}

/**
 * The card's waveform as a slider: tap a point or drag along it to move the playhead there, arrow keys
 * move it by 5 s. A message that is not playing is loaded, without starting, so it plays from where it was put.
 */
function SeekableWaveform({ message, speaker, title, other, current, time, total }: SeekableWaveformProps) {
  const toTrack = useMessageTrack()
  const dragging = React.useRef(false)
  const seekTo = async (seconds: number) => {
    const player = audioPlayer()
    if (!current) await player.load(toTrack(message, title, other), { autoplay: false })
    player.seek(Math.min(Math.max(seconds, 0), total))
  }
  const atPointer = (event: React.PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect()
    return box.width > 0 ? ((event.clientX - box.left) / box.width) * total : 0
  }
  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label={`Seek message from ${speaker}`}
      aria-valuemin={0}
      aria-valuemax={Math.round(total)}
      aria-valuenow={Math.round(time)}
      aria-valuetext={`${formatDuration(time)} of ${formatDuration(total)}`}
      data-slot="waveform-seek"
      className="relative z-10 min-w-0 flex-1 cursor-pointer touch-none rounded-md py-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
      onPointerDown={(event) => {
        dragging.current = true
        event.currentTarget.setPointerCapture?.(event.pointerId)
        void seekTo(atPointer(event))
      }}
      onPointerMove={(event) => {
        if (dragging.current) void seekTo(atPointer(event))
      }}
      onPointerUp={() => (dragging.current = false)}
      onPointerCancel={() => (dragging.current = false)}
      onKeyDown={(event) => {
        const to =
          event.key === 'ArrowRight' || event.key === 'ArrowUp'
            ? time + KEY_STEP_SECONDS
            : event.key === 'ArrowLeft' || event.key === 'ArrowDown'
              ? time - KEY_STEP_SECONDS
              : event.key === 'Home'
                ? 0
                : event.key === 'End'
                  ? total
                  : null
        if (to === null) return
        event.preventDefault()
        void seekTo(to)
      }}
    >
      <Waveform peaks={message.waveform} progress={total > 0 ? time / total : 0} className="h-8 w-full" />
    </div>
  )
}
