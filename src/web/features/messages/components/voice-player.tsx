import { Pause, Play } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import type * as React from 'react'
import { toast } from 'sonner'
import { Button } from '#web/components/ui/button.tsx'
import { formatDuration } from '#web/lib/recorder/recorder-helpers.ts'
import { cn } from '#web/lib/utils.ts'
import { PLAYBACK_TEXTS } from '../message-text.ts'
import { Waveform } from './waveform.tsx'

/** Only one voice message plays at a time: starting one pauses the one before. */
let current: HTMLAudioElement | null = null

type VoicePlayerProps = Omit<React.ComponentProps<'div'>, 'onPlay'> & {
  src: string
  durationSeconds: number
  peaks: number[]
  /** who is speaking, for the names: 'Play message from {speaker}' and the audio's 'Voice message from {speaker}' */
  speaker: string
  size?: 'default' | 'lg'
  /** each time playback starts */
  onPlay?: () => void
}

/**
 * A voice message's Play/Pause button, waveform (filling as it plays) and time. The native <audio> element stays in
 * the page, labelled 'Voice message from {speaker}', but its own controls are not shown: the button drives it.
 */
export function VoicePlayer({ src, durationSeconds, peaks, speaker, size = 'default', onPlay, className, ...props }: VoicePlayerProps) {
  const audio = useRef<HTMLAudioElement>(null)
  const [playing, setPlaying] = useState(false)
  const [time, setTime] = useState(0)
  const [duration, setDuration] = useState(durationSeconds)
  const large = size === 'lg'

  useEffect(() => {
    const element = audio.current
    return () => {
      if (current === element) current = null
    }
  }, [])

  const toggle = async () => {
    const element = audio.current
    if (!element) return
    if (!src) {
      toast.error(PLAYBACK_TEXTS.error, { description: PLAYBACK_TEXTS.unavailable })
      return
    }
    if (!element.paused) {
      element.pause()
      return
    }
    try {
      await element.play()
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return
      setPlaying(false)
      toast.error(PLAYBACK_TEXTS.error, { description: PLAYBACK_TEXTS.failed })
    }
  }

  const total = Number.isFinite(duration) && duration > 0 ? duration : durationSeconds
  const progress = total > 0 ? time / total : 0

  return (
    <div data-slot="voice-player" className={cn('flex min-w-0 items-center gap-3', large && 'gap-4', className)} {...props}>
      <Button
        size="icon"
        variant="default"
        aria-label={`${playing ? 'Pause' : 'Play'} message from ${speaker}`}
        title={playing ? 'Pause' : 'Play'}
        onClick={() => void toggle()}
        className={cn('relative z-10 rounded-full', large ? 'size-16' : 'size-11')}
      >
        {playing ? (
          <Pause aria-hidden className={cn('fill-current', large ? 'size-7' : 'size-5')} />
        ) : (
          <Play aria-hidden className={cn('translate-x-px fill-current', large ? 'size-7' : 'size-5')} />
        )}
      </Button>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Waveform peaks={peaks} progress={progress} className={large ? 'h-14' : 'h-8'} />
        {large && (
          <div className="flex justify-between text-xs text-muted-foreground tabular-nums">
            <span>{formatDuration(time)}</span>
            <span>{formatDuration(total)}</span>
          </div>
        )}
      </div>
      {!large && (
        <span className="shrink-0 text-sm text-muted-foreground tabular-nums">
          <span className="sr-only">Duration </span>
          {playing || time > 0 ? formatDuration(time) : formatDuration(durationSeconds)}
        </span>
      )}
      <audio
        ref={audio}
        // `controls` keeps the element rendered (without it browsers hide it); it sits visually hidden and out of
        // the tab order, so keyboard users meet only the Play button
        controls
        tabIndex={-1}
        preload="none"
        src={src || undefined}
        aria-label={`Voice message from ${speaker}`}
        className="sr-only"
        onPlay={(event) => {
          if (current && current !== event.currentTarget) current.pause()
          current = event.currentTarget
          setPlaying(true)
          onPlay?.()
        }}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false)
          setTime(0)
        }}
        onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
        onError={() => {
          if (!audio.current?.getAttribute('src')) return
          setPlaying(false)
          toast.error(PLAYBACK_TEXTS.error, { description: 'This audio file cannot be played' })
        }}
      />
    </div>
  )
}
