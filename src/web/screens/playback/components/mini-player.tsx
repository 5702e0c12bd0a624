import { Suspense, useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { toast } from '#web/lib/toast.ts'
import { useIntl } from 'react-intl'
import { audioPlayer, useAudioPlayer } from '#web/lib/audio-player/use-audio-player.ts'
import { lazyWithPreload } from '#web/lib/lazy-after-paint.ts'
import { PLAYER_ERRORS } from './player-errors.ts'

// the bar and its speed popover load after the first paint, not with the first screen (decision 108)
const MiniPlayerBar = lazyWithPreload(async () => (await import('./mini-player-bar.tsx')).MiniPlayerBar)

/** Screens with their own controls, or where a player would be in the way (docs/product/playback.md). */
export function miniPlayerHiddenOn(pathname: string): boolean {
  return pathname.startsWith('/playback/') || pathname === '/settings' || pathname.startsWith('/contacts/add/link')
}

/** Whether `pathname` is the playback screen of this track, whose own panel says when it cannot play. */
export const showsOwnPlaybackError = (pathname: string, trackId: string | undefined) =>
  trackId !== undefined && pathname === `/playback/${encodeURIComponent(trackId)}`

/**
 * 'Playback Error' toasts of the error catalogue (docs/product/playback.md), once per failure, wherever it happened,
 * except on the failed message's own playback screen: its 'Playback Error' panel says it already (decision 209).
 */
function usePlaybackErrorToasts(pathname: string) {
  const where = useRef(pathname)
  const intl = useIntl()
  // the toasts are told in the language on screen when they are raised
  const say = useRef(intl)
  useEffect(() => {
    say.current = intl
  }, [intl])
  useEffect(() => {
    where.current = pathname
  }, [pathname])
  useEffect(() => {
    const player = audioPlayer()
    let previous: string | null = null
    const announce = () => {
      const { error, errorKind, currentTrack } = player.getState()
      const fresh = error && error !== previous && errorKind && !showsOwnPlaybackError(where.current, currentTrack?.id)
      // audio out of reach for now is told calmly: nothing is broken, another press later plays it (decision 216)
      const t = say.current
      if (fresh && errorKind === 'unreachable') toast(t.formatMessage(PLAYER_ERRORS.unreachable))
      else if (fresh) toast.error(t.formatMessage(PLAYER_ERRORS.title), { description: t.formatMessage(PLAYER_ERRORS[errorKind]) })
      previous = error
    }
    // this loads after the first paint: a failure from a tap made before then is told now
    announce()
    return player.subscribe(announce)
  }, [])
}

/**
 * The floating mini player (docs/product/playback.md): mounted once in the app shell, shown
 * while a message is playing or paused part-way, hidden on /playback, /settings and /contacts/add/link.
 */
export function MiniPlayer() {
  const { pathname } = useLocation()
  usePlaybackErrorToasts(pathname)
  MiniPlayerBar.usePreloadAfterPaint()
  const track = useAudioPlayer((s) => s.currentTrack)
  // a queue stays on screen between its messages
  const active = useAudioPlayer((s) => (s.started || s.queue !== null) && s.error === null)

  // a take being previewed plays in its recorder, which shows its own controls
  if (!track || !active || miniPlayerHiddenOn(pathname) || track.id.startsWith('recording:')) return null
  return (
    <Suspense fallback={null}>
      <MiniPlayerBar track={track} />
    </Suspense>
  )
}
