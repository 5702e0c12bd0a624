import { CircleAlert, CloudOff, RotateCcw, RotateCw, SlidersHorizontal } from 'lucide-react'
import type * as React from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { Message } from '#shared/messages.ts'
import { PLAYBACK_RATE_MAX, PLAYBACK_RATE_MIN, PLAYBACK_RATE_PRESETS, PLAYBACK_RATE_STEP, PLAYBACK_SKIP_SECONDS } from '#shared/playback.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Popover, PopoverContent, PopoverTrigger } from '#web/components/ui/popover.tsx'
import { Slider } from '#web/components/ui/slider.tsx'
import { Waveform } from '#web/resources/messages/components/waveform.tsx'
import type { AudioTrack } from '#web/lib/audio-player/audio-player.ts'
import { audioPlayer, useAudioPlayer, useTrackStatus } from '#web/lib/audio-player/use-audio-player.ts'
import { formatDuration } from '#shared/duration.ts'
import { cn } from '#web/lib/utils.ts'
import { SpeedButton } from '#web/resources/messages/components/speed-button.tsx'
import { useFormatRate } from '#web/resources/messages/playback-rate.ts'
import { PLAYER_ERRORS } from './player-errors.ts'
import { PlayPauseIcon } from '#web/components/play-pause-icon.tsx'

/**
 * The 'Playback Error' panel of the screen, with a way to try again when there is audio to try. `calm` for audio
 * out of reach for now (the store away, decision 216): nothing is broken, so no error title or colour.
 */
export function PlaybackErrorPanel({ text, onRetry, calm = false }: { text: string; onRetry?: () => void; calm?: boolean }) {
  const Icon = calm ? CloudOff : CircleAlert
  return (
    <div
      role={calm ? 'status' : 'alert'}
      className={cn(
        'flex items-start gap-3 rounded-xl border p-4 text-sm',
        calm ? 'border-border bg-muted/40' : 'border-destructive/30 bg-destructive/5',
      )}
    >
      <Icon aria-hidden className={cn('mt-0.5 size-5 shrink-0', calm ? 'text-muted-foreground' : 'text-destructive-text')} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {!calm && (
          <p className="font-semibold">
            <FormattedMessage {...PLAYER_ERRORS.title} />
          </p>
        )}
        <p className="text-muted-foreground">{text}</p>
        {onRetry && (
          <Button variant="outline" size="sm" className="mt-2 self-start" onClick={onRetry}>
            <FormattedMessage id="playback.error.tryAgain" defaultMessage="Try again" />
          </Button>
        )}
      </div>
    </div>
  )
}

/** Speed 1.0-2.0 in 0.1 steps (a slider) with the presets 1, 1.2, 1.5, 1.8 and 2 (docs/product/playback.md). */
export function SpeedControl({ className, ...props }: React.ComponentProps<'div'>) {
  const rate = useAudioPlayer((s) => s.rate)
  const player = audioPlayer()
  const intl = useIntl()
  const formatRate = useFormatRate()
  return (
    <div data-slot="speed-control" role="group" aria-labelledby="speed-label" className={cn('flex flex-col gap-3', className)} {...props}>
      <div className="flex items-center justify-between gap-2">
        <span id="speed-label" className="text-sm font-medium">
          <FormattedMessage id="player.speed" defaultMessage="Speed" />
        </span>
        <output aria-live="off" className="rounded-full bg-muted px-2.5 py-0.5 text-sm font-semibold tabular-nums">
          <span dir="ltr">{formatRate(rate)}</span>
        </output>
      </div>
      <Slider
        min={PLAYBACK_RATE_MIN}
        max={PLAYBACK_RATE_MAX}
        step={PLAYBACK_RATE_STEP}
        value={[rate]}
        onValueChange={([value]) => player.setRate(value ?? rate)}
        aria-label={intl.formatMessage({ id: 'player.speed.slider', defaultMessage: 'Playback speed' })}
        aria-valuetext={formatRate(rate)}
      />
      <div className="grid grid-cols-5 gap-1.5">
        {PLAYBACK_RATE_PRESETS.map((preset) => {
          const active = Math.abs(rate - preset) < 0.01
          return (
            <Button
              key={preset}
              variant={active ? 'default' : 'outline'}
              size="sm"
              aria-pressed={active}
              aria-label={intl.formatMessage({ id: 'player.speed.preset', defaultMessage: 'Speed {rate}' }, { rate: formatRate(preset) })}
              onClick={() => player.setRate(preset)}
              className="px-0 tabular-nums"
            >
              <span dir="ltr">{formatRate(preset)}</span>
            </Button>
          )
        })}
      </div>
    </div>
  )
}

type SpeedPillProps = React.ComponentProps<'div'> & {
  /** the fine 0.1 steps in a popover next to the pill (the playback screen); the mini player has the pill only */
  fine?: boolean
}

/** The shared speed pill (`SpeedButton`), with the slider's fine steps behind a button next to it. */
export function SpeedPill({ fine = false, className, ...props }: SpeedPillProps) {
  const fineSpeed = useIntl().formatMessage({ id: 'player.speed.fine', defaultMessage: 'Fine speed' })
  return (
    <div data-slot="speed-pill" className={cn('flex items-center gap-0.5', className)} {...props}>
      <SpeedButton />
      {fine && (
        <Popover>
          <PopoverTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              aria-label={fineSpeed}
              title={fineSpeed}
              className="size-8 rounded-full text-muted-foreground"
            >
              <SlidersHorizontal aria-hidden className="size-4" />
            </Button>
          </PopoverTrigger>
          <PopoverContent side="top" align="start">
            <SpeedControl />
          </PopoverContent>
        </Popover>
      )}
    </div>
  )
}

type PlaybackControlsProps = React.ComponentProps<'div'> & {
  message: Message
  /** builds the shared player's track of this message (the screen loads it when it opens) */
  track: () => AudioTrack
  /** who speaks, for 'Play message from {speaker}' */
  speaker: string
  /** the reader's own message: 'Play message from you' */
  own: boolean
}

/** Back or Forward PLAYBACK_SKIP_SECONDS: a round arrow with the seconds written inside it. */
function SkipButton({ direction, disabled, onClick }: { direction: 'back' | 'forward'; disabled: boolean; onClick: () => void }) {
  const intl = useIntl()
  const Arrow = direction === 'back' ? RotateCcw : RotateCw
  const values = { seconds: PLAYBACK_SKIP_SECONDS }
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={
        direction === 'back'
          ? intl.formatMessage({ id: 'player.skip.back', defaultMessage: 'Back {seconds} seconds' }, values)
          : intl.formatMessage({ id: 'player.skip.forward', defaultMessage: 'Forward {seconds} seconds' }, values)
      }
      title={
        direction === 'back'
          ? intl.formatMessage({ id: 'player.skip.back.short', defaultMessage: 'Back {seconds} s' }, values)
          : intl.formatMessage({ id: 'player.skip.forward.short', defaultMessage: 'Forward {seconds} s' }, values)
      }
      disabled={disabled}
      onClick={onClick}
      className="relative size-12 rounded-full"
    >
      <Arrow aria-hidden className="size-7" />
      <span aria-hidden className="absolute inset-0 grid place-items-center pt-0.5 text-[0.6rem] font-bold">
        {PLAYBACK_SKIP_SECONDS}
      </span>
    </Button>
  )
}

/**
 * The big player of the playback screen: waveform with progress (from 768 px; a phone keeps the bar short), a seek
 * slider (disabled until the duration is known), elapsed and total time, the speed pill, back 15 s, play/pause,
 * forward 15 s, and the 'Playback Error' panel.
 */
export function PlaybackControls({ message, track, speaker, own, className, ...props }: PlaybackControlsProps) {
  const intl = useIntl()
  const subject = intl.formatMessage(
    { id: 'player.messageFrom', defaultMessage: '{own, select, true {message from you} other {message from {name}}}' },
    { own: own ? 'true' : 'false', name: speaker },
  )
  const { current, playing, loading, time, duration } = useTrackStatus(message.id)
  const errorKind = useAudioPlayer((s) => (s.currentTrack?.id === message.id ? s.errorKind : null))
  const player = audioPlayer()
  const noAudio = !message.audio_url.trim()
  const total = duration > 0 ? duration : message.duration_seconds
  const known = current && duration > 0
  // ±15 s needs only this message in the player: a message just received may not know its length until it has played
  // through (its recorder declared none and the browser's WebM says Infinity), and the player seeks it all the same
  const canSkip = current && !noAudio && !errorKind
  const busy = loading && !playing
  const toggle = () => void player.toggle(track())

  return (
    <div data-slot="playback-controls" className={cn('flex flex-col gap-4', className)} {...props}>
      <Waveform peaks={message.waveform} progress={current && total > 0 ? time / total : 0} className="hidden h-16 md:block" />
      {/* time runs left to right in every language (decision 221): the seek bar, its times and the ±15 s buttons */}
      <div dir="ltr" className="flex flex-col gap-2">
        <Slider
          dir="ltr"
          min={0}
          max={known ? duration : 1}
          step={0.1}
          value={[known ? Math.min(time, duration) : 0]}
          disabled={!known}
          onValueChange={([value]) => player.seek(value ?? 0)}
          aria-label={intl.formatMessage({ id: 'player.seek', defaultMessage: 'Seek' })}
          aria-valuetext={intl.formatMessage(
            { id: 'player.timeOf', defaultMessage: '{time} of {total}' },
            { time: formatDuration(time), total: formatDuration(total) },
          )}
        />
        <div className="flex justify-between text-xs text-muted-foreground tabular-nums">
          <span>
            <span className="sr-only">
              <FormattedMessage id="player.elapsed" defaultMessage="Elapsed" />{' '}
            </span>
            {formatDuration(current ? time : 0)}
          </span>
          <span>
            <span className="sr-only">
              <FormattedMessage id="player.total" defaultMessage="Total" />{' '}
            </span>
            {formatDuration(total)}
          </span>
        </div>
      </div>
      <div className="grid grid-cols-[1fr_auto_1fr] items-center gap-2">
        <SpeedPill fine className="justify-self-start" />
        <div dir="ltr" className="flex items-center gap-3 md:gap-6">
          <SkipButton direction="back" disabled={!canSkip} onClick={() => player.skip(-PLAYBACK_SKIP_SECONDS)} />
          <Button
            aria-label={intl.formatMessage(
              playing || busy
                ? { id: 'player.pauseSubject', defaultMessage: 'Pause {subject}' }
                : { id: 'player.playSubject', defaultMessage: 'Play {subject}' },
              { subject },
            )}
            title={
              playing || busy
                ? intl.formatMessage({ id: 'player.pause', defaultMessage: 'Pause' })
                : intl.formatMessage({ id: 'player.play', defaultMessage: 'Play' })
            }
            aria-busy={busy || undefined}
            disabled={noAudio}
            onClick={toggle}
            className="size-14 rounded-full shadow-md md:size-18"
          >
            <PlayPauseIcon busy={busy} playing={playing} className="size-7 md:size-8" />
          </Button>
          <SkipButton direction="forward" disabled={!canSkip} onClick={() => player.skip(PLAYBACK_SKIP_SECONDS)} />
        </div>
      </div>
      {noAudio ? (
        <PlaybackErrorPanel text={intl.formatMessage(PLAYER_ERRORS['invalid-url'])} />
      ) : (
        errorKind && (
          <PlaybackErrorPanel
            text={intl.formatMessage(PLAYER_ERRORS[errorKind])}
            calm={errorKind === 'unreachable'}
            onRetry={() => void player.play(track())}
          />
        )
      )}
    </div>
  )
}
