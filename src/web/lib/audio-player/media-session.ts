import { pictureVariantUrl, type PhotoVariant } from '#shared/photo-variants.ts'
import { PLAYBACK_SKIP_SECONDS } from '#shared/playback.ts'
import { formatActive } from '#web/i18n/active-intl.ts'
import type { AudioPlayer, PlayerState } from './audio-player.ts'

/**
 * The phone's lock screen, notification shade and headset buttons (the Media Session API; decision 141): what plays
 * (who speaks, with their picture or the app's icon), whether it plays, where the playhead is, and the actions that
 * move the player. Only what the player's state says is shown; the actions are the player's own.
 */

/** The app's icon, at the sizes a lock screen or a car display picks from, when the speaker has no picture. */
export const APP_ARTWORK: readonly MediaImage[] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
]

export const MEDIA_SESSION_ARTIST = 'Hearth'

/** The square renditions of a picture (decision 55) worth a lock screen's while. */
const ARTWORK_RENDITIONS: [PhotoVariant, number][] = [
  ['avatar160', 160],
  ['avatar320', 320],
  ['avatar480', 480],
]

/** A speaker's picture at each rendition it comes in; a picture URL of another shape as it is. */
export function pictureArtwork(url: string): MediaImage[] {
  if (pictureVariantUrl(url, 'avatar40') === url) return [{ src: url }]
  return ARTWORK_RENDITIONS.map(([variant, width]) => ({
    src: pictureVariantUrl(url, variant) ?? url,
    sizes: `${width}x${width}`,
    type: 'image/webp',
  }))
}

/** The lock screen's album line, in the reader's language. */
const ALBUM = {
  queue: { id: 'player.lockScreen.queue', defaultMessage: 'New messages, {index} of {total}' },
  single: { id: 'player.lockScreen.single', defaultMessage: 'Voice message' },
}

export type SessionMetadata = { title: string; artist: string; album: string; artwork: MediaImage[] }

/**
 * What the lock screen names: the speaker as title (the track's title when no speaker is known), Hearth as artist,
 * and where the message sits as album: 'New messages, 2 of 5' while Play all new runs, else 'Voice message'. The
 * speaker's picture at several sizes is the artwork; without one, the app's icon at several sizes.
 */
export function sessionMetadata(state: Pick<PlayerState, 'currentTrack' | 'queue'>): SessionMetadata | null {
  const track = state.currentTrack
  if (!track) return null
  const picture = track.speaker?.pictureUrl
  return {
    title: track.speaker?.name ?? track.title,
    artist: MEDIA_SESSION_ARTIST,
    album: state.queue ? formatActive(ALBUM.queue, { ...state.queue }) : formatActive(ALBUM.single),
    artwork: picture ? pictureArtwork(picture) : [...APP_ARTWORK],
  }
}

/** 'playing' also while a play is on its way (loading, or the switch to the queue's next track), so the lock screen does not flicker. */
export function sessionPlaybackState(state: Pick<PlayerState, 'currentTrack' | 'isPlaying' | 'loading'>): MediaSessionPlaybackState {
  if (!state.currentTrack) return 'none'
  return state.isPlaying || state.loading ? 'playing' : 'paused'
}

/**
 * The position the lock screen's progress bar shows; null while the length is not known (setPositionState refuses a
 * duration of 0 and a position past the duration).
 */
export function sessionPosition(
  state: Pick<PlayerState, 'duration' | 'rate' | 'currentTrack'>,
  position: number,
): MediaPositionState | null {
  if (!state.currentTrack || !Number.isFinite(state.duration) || state.duration <= 0) return null
  const at = Number.isFinite(position) ? Math.min(Math.max(position, 0), state.duration) : 0
  return { duration: state.duration, position: at, playbackRate: state.rate > 0 ? state.rate : 1 }
}

/** The part of navigator.mediaSession used here (tests pass a fake one). */
export type MediaSessionLike = Pick<MediaSession, 'setActionHandler' | 'setPositionState' | 'metadata' | 'playbackState'>

type MetadataConstructor = new (init: MediaMetadataInit) => MediaMetadata

/**
 * Registers the lock screen's actions on `session` and keeps its metadata, playback state and position current with
 * the player's state. Returns a function that takes it all back.
 */
export function connectMediaSession(player: AudioPlayer, session: MediaSessionLike, Metadata: MetadataConstructor): () => void {
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => void player.play()],
    ['pause', () => player.pause()],
    ['stop', () => player.stop()],
    ['nexttrack', () => void player.next()],
    ['previoustrack', () => void player.previous()],
    ['seekbackward', (details) => player.skip(-(details.seekOffset ?? PLAYBACK_SKIP_SECONDS))],
    ['seekforward', (details) => player.skip(details.seekOffset ?? PLAYBACK_SKIP_SECONDS)],
    ['seekto', (details) => player.seek(details.seekTime ?? 0)],
  ]
  for (const [action, handler] of handlers) {
    try {
      session.setActionHandler(action, handler)
    } catch {
      // a browser that does not know an action (older ones lack 'stop' or 'seekto') still gets the others
    }
  }

  let shownTrack: PlayerState['currentTrack'] = null
  let shownQueue: PlayerState['queue'] = null
  let shownPosition: MediaPositionState | null = null

  const update = () => {
    const state = player.getState()
    if (state.currentTrack !== shownTrack || state.queue !== shownQueue) {
      shownTrack = state.currentTrack
      shownQueue = state.queue
      const metadata = sessionMetadata(state)
      session.metadata = metadata ? new Metadata(metadata) : null
    }
    const playbackState = sessionPlaybackState(state)
    if (session.playbackState !== playbackState) session.playbackState = playbackState
    const position = sessionPosition(state, player.position())
    const same =
      shownPosition !== null &&
      position !== null &&
      shownPosition.duration === position.duration &&
      shownPosition.playbackRate === position.playbackRate &&
      shownPosition.position === position.position
    if (position && !same) {
      shownPosition = position
      try {
        session.setPositionState(position)
      } catch {
        // a position the browser refuses (it changed under us) is corrected by the next update
      }
    }
  }
  const unsubscribe = player.subscribe(update)
  update()
  return () => {
    unsubscribe()
    for (const [action] of handlers) {
      try {
        session.setActionHandler(action, null)
      } catch {
        // as above
      }
    }
    session.metadata = null
    session.playbackState = 'none'
  }
}
