import { LoaderCircle, Pause, Play } from 'lucide-react'
import type * as React from 'react'
import type { Message } from '#shared/messages.ts'
import { Button } from '#web/components/ui/button.tsx'
import { audioPlayer, useTrackStatus } from '#web/lib/audio-player/use-audio-player.ts'
import { formatDuration } from '#web/lib/duration.ts'
import { cn } from '#web/lib/utils.ts'
import { useMessageTrack } from '#web/features/messages/message-track.ts'
import { Waveform } from './waveform.tsx'

type PlayButtonProps = Omit<React.ComponentProps<typeof Button>, 'onClick' | 'children'> & {
  message: Message
  /** who is speaking, for the name 'Play message from {speaker}' ('you' for your own) */
  speaker: string
  /** the mini player's title while this plays */
  title: string
  /** each time the person starts it */
  onPlay?: () => void
  iconClassName?: string
}

/**
 * Play/Pause of one message on the app's shared player: pressing it plays this message (whatever played before
 * stops), pressing again pauses. Shows a spinner while the audio loads.
 */
export function MessagePlayButton({ message, speaker, title, onPlay, iconClassName, className, ...props }: PlayButtonProps) {
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
        void audioPlayer().toggle(toTrack(message, title))
      }}
      aria-busy={busy || undefined}
      className={cn('relative z-10 rounded-full', className)}
      {...props}
    >
      {busy ? (
        <LoaderCircle aria-hidden className={cn('size-5 animate-spin', iconClassName)} />
      ) : playing ? (
        <Pause aria-hidden className={cn('size-5 fill-current', iconClassName)} />
      ) : (
        <Play aria-hidden className={cn('size-5 translate-x-px fill-current', iconClassName)} />
      )}
    </Button>
  )
}

type VoicePlayerProps = Omit<React.ComponentProps<'div'>, 'onPlay' | 'title'> & {
  message: Message
  /** who is speaking, for the name 'Play message from {speaker}' ('you' for your own) */
  speaker: string
  /** the mini player's title while this plays */
  title: string
  /** each time the person starts it */
  onPlay?: () => void
}

/**
 * A conversation card's player: Play/Pause, the waveform filling as it plays, and the time (the duration until it
 * starts, then the elapsed time). Everything comes from the shared player, so the mini player, the playback screen
 * and this card always agree.
 */
export function VoicePlayer({ message, speaker, title, onPlay, className, ...props }: VoicePlayerProps) {
  const { current, playing, time, duration } = useTrackStatus(message.id)
  const total = duration > 0 ? duration : message.duration_seconds
  const progress = current && total > 0 ? time / total : 0
  return (
    <div data-slot="voice-player" className={cn('flex min-w-0 items-center gap-3', className)} {...props}>
      <MessagePlayButton message={message} speaker={speaker} title={title} onPlay={onPlay} className="size-11" />
      <Waveform peaks={message.waveform} progress={progress} className="h-8 min-w-0 flex-1" />
      <span className="shrink-0 text-sm text-muted-foreground tabular-nums">
        <span className="sr-only">{current && (playing || time > 0) ? 'Elapsed ' : 'Duration '}</span>
        {current && (playing || time > 0) ? formatDuration(time) : formatDuration(message.duration_seconds)}
      </span>
    </div>
  )
}
