import { SkipForward, Square } from 'lucide-react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router'
import { Avatar } from '#web/components/avatar.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { useUnheardMessagesQuery } from '#web/resources/messages/queries.ts'
import type { AudioTrack } from '#web/lib/audio-player/audio-player.ts'
import { audioPlayer, useAudioPlayer } from '#web/lib/audio-player/use-audio-player.ts'
import { formatDuration } from '#shared/duration.ts'
import { cn } from '#web/lib/utils.ts'
import { SpeedPill } from './playback-controls.tsx'
import { PlayPauseIcon } from '#web/components/play-pause-icon.tsx'

/**
 * The floating mini player (docs/product/playback.md): while a message is playing or paused part-way, a small bar
 * above the bottom edge with Play/Pause, who speaks (their picture, initials without one; the name links to the
 * playback screen), elapsed/total time, where Play all new is ('2 of 5'), the speed pill, Next (in a queue, or when
 * the sender has another unheard message for play-next), a progress bar and Stop (which also ends a queue). While it shows, a spacer of its height ends the page, so it never covers the page's last buttons.
 */
export function MiniPlayerBar({ track }: { track: AudioTrack }) {
  const playing = useAudioPlayer((s) => s.isPlaying)
  const loading = useAudioPlayer((s) => s.loading && !s.isPlaying)
  const time = useAudioPlayer((s) => s.currentTime)
  const duration = useAudioPlayer((s) => (s.duration > 0 ? s.duration : (s.currentTrack?.durationHint ?? 0)))
  const queue = useAudioPlayer((s) => s.queue)
  // kept fresh by realtime: Next appears when the sender's next message arrives while this one plays
  useUnheardMessagesQuery({ enabled: Boolean(track.hasNext) && queue === null })
  const player = audioPlayer()
  const progress = duration > 0 ? Math.min(1, time / duration) : 0
  const busy = loading && !playing
  const intl = useIntl()
  const subject = intl.formatMessage({ id: 'player.messageFromTitle', defaultMessage: 'message from {title}' }, { title: track.title })
  const timeOf = (time: number, total: number) =>
    intl.formatMessage(
      { id: 'player.timeOf', defaultMessage: '{time} of {total}' },
      { time: formatDuration(time), total: formatDuration(total) },
    )

  return (
    <>
      <div aria-hidden data-slot="mini-player-spacer" className="h-24" />
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-40 px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
        <section
          data-slot="mini-player"
          aria-label={intl.formatMessage({ id: 'player.nowPlaying', defaultMessage: 'Now playing' })}
          className="pointer-events-auto relative mx-auto flex max-w-lg animate-in-pop items-center gap-2 overflow-hidden rounded-2xl border bg-card/95 py-2.5 ps-2.5 pe-2 shadow-lg ring-1 ring-black/5 backdrop-blur supports-[backdrop-filter]:bg-card/85 dark:ring-white/5"
        >
          <Button
            size="icon"
            aria-label={
              playing || busy
                ? intl.formatMessage({ id: 'player.pauseSubject', defaultMessage: 'Pause {subject}' }, { subject })
                : intl.formatMessage({ id: 'player.playSubject', defaultMessage: 'Play {subject}' }, { subject })
            }
            title={
              playing || busy
                ? intl.formatMessage({ id: 'player.pause', defaultMessage: 'Pause' })
                : intl.formatMessage({ id: 'player.play', defaultMessage: 'Play' })
            }
            aria-busy={busy || undefined}
            onClick={() => (playing || busy ? player.pause() : void player.play())}
            className="size-11 rounded-full"
          >
            <PlayPauseIcon busy={busy} playing={playing} />
          </Button>
          <Avatar
            name={track.speaker?.name ?? track.title}
            src={track.speaker?.pictureUrl}
            alt=""
            size="sm"
            className="hidden min-[360px]:inline-block"
          />
          <div className="flex min-w-0 flex-1 flex-col">
            {track.href ? (
              <Link
                to={track.href}
                className="truncate text-sm font-semibold underline-offset-4 outline-none hover:underline focus-visible:underline"
              >
                {track.title}
              </Link>
            ) : (
              <span className="truncate text-sm font-semibold">{track.title}</span>
            )}
            <span className="truncate text-xs text-muted-foreground tabular-nums">
              {queue && (
                <span data-slot="queue-position" className="font-medium text-foreground">
                  <FormattedMessage id="player.queuePosition" defaultMessage="{index} of {total}" values={{ ...queue }} />
                  <span aria-hidden> · </span>
                  <span className="sr-only">, </span>
                </span>
              )}
              <span className="sr-only">
                <FormattedMessage id="player.elapsed" defaultMessage="Elapsed" />{' '}
              </span>
              {formatDuration(time)}
              {/* a phone keeps the elapsed time; the total is still read out */}
              <span className="max-[419px]:sr-only">
                <span aria-hidden> / </span>
                <span className="sr-only">
                  {' '}
                  <FormattedMessage id="player.of" defaultMessage="of" />{' '}
                </span>
                {formatDuration(duration)}
              </span>
            </span>
          </div>
          <SpeedPill />
          {(queue || (track.next && (track.hasNext?.() ?? true))) && (
            <Button
              variant="ghost"
              size="icon"
              aria-label={intl.formatMessage({ id: 'playback.nav.next', defaultMessage: 'Next message' })}
              title={intl.formatMessage({ id: 'playback.nav.next', defaultMessage: 'Next message' })}
              onClick={() => void player.next()}
              className="rounded-full text-muted-foreground"
            >
              <SkipForward aria-hidden className="size-4 fill-current" />
            </Button>
          )}
          <Button
            variant="ghost"
            size="icon"
            aria-label={
              queue
                ? intl.formatMessage({ id: 'player.stopQueue', defaultMessage: 'Stop playing new messages' })
                : intl.formatMessage({ id: 'player.stop', defaultMessage: 'Stop' })
            }
            title={intl.formatMessage({ id: 'player.stop', defaultMessage: 'Stop' })}
            onClick={() => player.stop()}
            className="rounded-full text-muted-foreground"
          >
            <Square aria-hidden className="size-4 fill-current" />
          </Button>
          <div
            role="progressbar"
            dir="ltr"
            aria-label={intl.formatMessage({ id: 'player.progress', defaultMessage: 'Progress' })}
            aria-valuemin={0}
            aria-valuemax={Math.round(duration)}
            aria-valuenow={Math.round(time)}
            aria-valuetext={timeOf(time, duration)}
            className="absolute inset-x-0 bottom-0 h-1 bg-primary/15"
          >
            <div
              className={cn('h-full origin-left bg-primary transition-transform duration-200 ease-linear')}
              style={{ transform: `scaleX(${progress})` }}
            />
          </div>
        </section>
      </div>
    </>
  )
}
