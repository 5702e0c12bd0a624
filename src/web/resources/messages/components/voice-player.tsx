import * as React from 'react'
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl'
import type { Message } from '#shared/messages.ts'
import { Button } from '#web/components/ui/button.tsx'
import type { AudioTrack } from '#web/lib/audio-player/audio-player.ts'
import { audioPlayer, useTrackStatus } from '#web/lib/audio-player/use-audio-player.ts'
import { formatDuration } from '#shared/duration.ts'
import { cn } from '#web/lib/utils.ts'
import { useMessageTrack, type TrackSpeaker } from '../message-track.ts'
import { Waveform } from './waveform.tsx'
import { SpeedButton } from './speed-button.tsx'
import { PlayPauseIcon } from '#web/components/play-pause-icon.tsx'

const PLAYER: Record<
  'play' | 'pause' | 'playSubject' | 'pauseSubject' | 'seekSubject' | 'elapsed' | 'duration' | 'timeOf' | 'subject',
  MessageDescriptor
> = defineMessages({
  play: { id: 'player.play', defaultMessage: 'Play' },
  pause: { id: 'player.pause', defaultMessage: 'Pause' },
  playSubject: { id: 'player.playSubject', defaultMessage: 'Play {subject}' },
  pauseSubject: { id: 'player.pauseSubject', defaultMessage: 'Pause {subject}' },
  seekSubject: { id: 'player.seekSubject', defaultMessage: 'Seek {subject}' },
  elapsed: { id: 'player.elapsed', defaultMessage: 'Elapsed' },
  duration: { id: 'player.duration', defaultMessage: 'Duration' },
  timeOf: { id: 'player.timeOf', defaultMessage: '{time} of {total}' },
  subject: {
    id: 'player.messageFrom',
    defaultMessage: '{own, select, true {message from you} other {message from {name}}}',
  },
})

/** 'message from Ada' (or 'message from you'), the subject of a message's controls, in the reader's language. */
function useMessageSubject(speaker: string, own: boolean | undefined): string {
  return useIntl().formatMessage(PLAYER.subject, { own: own ? 'true' : 'false', name: speaker })
}

/**
 * What a control of one track needs: the track's id (to read its state from the shared player), a way to build the
 * track when it is played or moved, and what it is, for the names ('Play message from Ada', 'Seek message from Ada').
 */
type TrackControl = {
  trackId: string
  track: () => AudioTrack
  /** 'message from Ada', 'welcome message from Ada' */
  subject: string
}

type TrackPlayButtonProps = Omit<React.ComponentProps<typeof Button>, 'onClick' | 'children' | 'onPlay'> &
  TrackControl & {
    /** each time the person starts it */
    onPlay?: () => void
    iconClassName?: string
  }

/**
 * Play/Pause of one track on the app's shared player: pressing it plays this track (whatever played before stops),
 * pressing again pauses. Shows a spinner while the audio loads.
 */
export function TrackPlayButton({ trackId, track, subject, onPlay, iconClassName, className, ...props }: TrackPlayButtonProps) {
  const { playing, loading } = useTrackStatus(trackId)
  const intl = useIntl()
  const busy = loading && !playing
  return (
    <Button
      data-slot="message-play-button"
      size="icon"
      variant="default"
      aria-label={intl.formatMessage(playing || busy ? PLAYER.pauseSubject : PLAYER.playSubject, { subject })}
      title={intl.formatMessage(playing || busy ? PLAYER.pause : PLAYER.play)}
      onClick={() => {
        if (!playing && !busy) onPlay?.()
        void audioPlayer().toggle(track())
      }}
      aria-busy={busy || undefined}
      className={cn('relative z-10 shrink-0 rounded-full', className)}
      {...props}
    >
      <PlayPauseIcon busy={busy} playing={playing} className={iconClassName} />
    </Button>
  )
}

type MessageTrackProps = {
  message: Message
  /** who is speaking, for the name 'Play message from {speaker}' */
  speaker: string
  /** the reader's own message: 'Play message from you' */
  own?: boolean
  /** the mini player's title while this plays */
  title: string
  /** the person on the other side, for the mini player's avatar */
  other?: TrackSpeaker
  /** each time the person starts it */
  onPlay?: () => void
}

/** Play/Pause of one message on the shared player. */
export function MessagePlayButton({
  message,
  speaker,
  own,
  title,
  other,
  ...props
}: Omit<TrackPlayButtonProps, keyof TrackControl> & MessageTrackProps) {
  const toTrack = useMessageTrack()
  const subject = useMessageSubject(speaker, own)
  return <TrackPlayButton trackId={message.id} track={() => toTrack(message, title, other)} subject={subject} {...props} />
}

type TrackPlayerProps = Omit<React.ComponentProps<'div'>, 'onPlay' | 'title'> &
  TrackControl & {
    /** the waveform's peaks; without them the bar is an even line that fills the same way */
    peaks?: number[]
    /** seconds, when the server measured them; otherwise read from the file's metadata */
    durationSeconds?: number
    /** the audio's address, for reading its length when `durationSeconds` is not given */
    url?: string
    /** show the speed pill beside the time (a bubble shows it in its own footer instead) */
    speed?: boolean
    /** a conversation bubble's smaller Play */
    compact?: boolean
    onPlay?: () => void
  }

/**
 * Hearth's player, the same on every screen: Play/Pause, the waveform filling as it plays (tap or drag to move, arrow
 * keys step), the time (the duration until it starts, then the elapsed time) and the speed. Everything comes from the
 * shared player, so this, the mini player and the playback screen always agree, and only one thing plays at a time.
 */
export function TrackPlayer({
  trackId,
  track,
  subject,
  peaks = [],
  durationSeconds,
  url,
  speed = true,
  compact = false,
  onPlay,
  className,
  ...props
}: TrackPlayerProps) {
  const { current, playing, time, duration } = useTrackStatus(trackId)
  const probed = useMetadataDuration(durationSeconds === undefined ? url : undefined)
  const known = durationSeconds ?? probed
  const total = current && duration > 0 && Number.isFinite(duration) ? duration : known
  const elapsed = current && (playing || time > 0)
  const intl = useIntl()
  return (
    <div data-slot="voice-player" className={cn('flex min-w-0 items-center gap-2.5', className)} {...props}>
      <TrackPlayButton trackId={trackId} track={track} subject={subject} onPlay={onPlay} className={compact ? 'size-9' : 'size-10'} />
      <SeekableWaveform
        trackId={trackId}
        track={track}
        subject={subject}
        peaks={peaks}
        current={current}
        time={current ? time : 0}
        total={total}
      />
      <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
        <span className="sr-only">{intl.formatMessage(elapsed ? PLAYER.elapsed : PLAYER.duration)} </span>
        {elapsed ? formatDuration(time) : total > 0 ? formatDuration(total) : '-:--'}
      </span>
      {speed && <SpeedButton className="h-7 min-w-11 px-2 text-xs" />}
    </div>
  )
}

type VoicePlayerProps = Omit<TrackPlayerProps, keyof TrackControl | 'peaks' | 'durationSeconds' | 'url' | 'onPlay'> & MessageTrackProps

/** A message on Hearth's player (`TrackPlayer`): its waveform and the server's duration. */
export function VoicePlayer({ message, speaker, own, title, other, ...props }: VoicePlayerProps) {
  const toTrack = useMessageTrack()
  const subject = useMessageSubject(speaker, own)
  return (
    <TrackPlayer
      trackId={message.id}
      track={() => toTrack(message, title, other)}
      subject={subject}
      peaks={message.waveform}
      durationSeconds={message.duration_seconds}
      {...props}
    />
  )
}

/**
 * The length of an audio file as its metadata says (0 until known, or when the file does not say): a detached
 * element that only reads the header and never plays, so the shared player stays the one thing that sounds.
 */
function useMetadataDuration(url: string | undefined): number {
  const [seconds, setSeconds] = React.useState(0)
  React.useEffect(() => {
    if (!url || typeof Audio === 'undefined') return
    const probe = new Audio()
    probe.preload = 'metadata'
    const read = () => {
      if (Number.isFinite(probe.duration) && probe.duration > 0) setSeconds(probe.duration)
    }
    probe.addEventListener('loadedmetadata', read)
    probe.addEventListener('durationchange', read)
    probe.src = url
    return () => {
      probe.removeEventListener('loadedmetadata', read)
      probe.removeEventListener('durationchange', read)
      probe.removeAttribute('src')
    }
  }, [url])
  return seconds
}

/** Seconds one arrow key moves the playhead on a waveform. */
const KEY_STEP_SECONDS = 5

type SeekableWaveformProps = TrackControl & {
  peaks: number[]
  /** whether this track is the shared player's */
  current: boolean
  time: number
  total: number
}

/**
 * A waveform as a slider: tap a point or drag along it to move the playhead there, arrow keys move it by 5 s. A track
 * that is not playing is loaded, without starting, so it plays from where it was put.
 */
function SeekableWaveform({ trackId, track, subject, peaks, current, time, total }: SeekableWaveformProps) {
  const dragging = React.useRef(false)
  const intl = useIntl()
  const seekTo = async (seconds: number) => {
    const player = audioPlayer()
    if (!current || player.getState().currentTrack?.id !== trackId) await player.load(track(), { autoplay: false })
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
      aria-label={intl.formatMessage(PLAYER.seekSubject, { subject })}
      aria-valuemin={0}
      aria-valuemax={Math.round(total)}
      aria-valuenow={Math.round(time)}
      aria-valuetext={intl.formatMessage(PLAYER.timeOf, { time: formatDuration(time), total: formatDuration(total) })}
      data-slot="waveform-seek"
      dir="ltr"
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
      <Waveform peaks={peaks} progress={total > 0 ? time / total : 0} className="h-7 w-full" />
    </div>
  )
}
