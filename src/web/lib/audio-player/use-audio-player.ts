import { useSyncExternalStore } from 'react'
import { HIGHLIGHT_REFRESH_MS } from '#shared/playback.ts'
import { createAudioPlayer, INITIAL_PLAYER_STATE, type AudioPlayer, type PlayerState } from './audio-player.ts'
import { connectMediaSession } from './media-session.ts'
import { readPlayNext } from './play-next-setting.ts'
import { createPositionStore } from './positions.ts'
import { readStoredRate, storeRate } from './rate-setting.ts'
import { onAudioPlayerMade } from './reset.ts'
import { isSignedUrlFresh } from './signed-url.ts'

let instance: AudioPlayer | null = null

function browserStorage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/**
 * The app's one player, made on first use around one hidden <audio data-slot="audio-player"> in the body. Exactly
 * one thing plays: when any other audio or video of the page starts (a recording preview, a welcome message) this
 * player pauses, and when this player starts the others pause. It starts at the speed chosen last on this device and
 * plays on by itself as 'Play next automatically' says. Nothing pauses it when the page is hidden: listening with the
 * screen off is the point of Play all new.
 */
export function audioPlayer(): AudioPlayer {
  if (instance) return instance
  const element = document.createElement('audio')
  element.preload = 'metadata'
  element.dataset.slot = 'audio-player'
  element.hidden = true
  element.setAttribute('aria-hidden', 'true')
  document.body.append(element)
  const storage = browserStorage()
  const player = createAudioPlayer({
    element,
    positions: createPositionStore(storage),
    isFresh: (url) => isSignedUrlFresh(url, Date.now()),
    playNext: readPlayNext,
    initialRate: readStoredRate(storage),
    onRateChange: (rate) => storeRate(storage, rate),
  })
  document.addEventListener(
    'play',
    (event) => {
      if (event.target !== element && event.target instanceof HTMLMediaElement) player.pause()
    },
    true,
  )
  element.addEventListener('play', () => {
    for (const other of document.querySelectorAll<HTMLMediaElement>('audio, video')) if (other !== element) other.pause()
  })
  // the lock screen and headset buttons (decision 141); the element lives as long as the page, so a locked phone or a
  // hidden tab plays on, and the queue moves on from the element's own `ended`
  if ('mediaSession' in navigator && typeof MediaMetadata === 'function') connectMediaSession(player, navigator.mediaSession, MediaMetadata)
  instance = player
  onAudioPlayerMade(() => player.reset())
  return player
}

/**
 * Reads the player's state through `selector`. Select a primitive (or a stable object such as the current track)
 * so that a screen re-renders only when what it shows changes.
 */
export function useAudioPlayer<T>(selector: (state: PlayerState) => T): T {
  const player = audioPlayer()
  return useSyncExternalStore(
    player.subscribe,
    () => selector(player.getState()),
    () => selector(INITIAL_PLAYER_STATE),
  )
}

/** How one track is doing, for a control that shows it (a card's play button, waveform and time). */
export function useTrackStatus(id: string) {
  const current = useAudioPlayer((s) => s.currentTrack?.id === id)
  const playing = useAudioPlayer((s) => s.currentTrack?.id === id && s.isPlaying)
  const loading = useAudioPlayer((s) => s.currentTrack?.id === id && s.loading && !s.isPlaying)
  const time = useAudioPlayer((s) => (s.currentTrack?.id === id ? s.currentTime : 0))
  const duration = useAudioPlayer((s) => (s.currentTrack?.id === id ? s.duration : 0))
  const error = useAudioPlayer((s) => (s.currentTrack?.id === id ? s.error : null))
  return { current, playing, loading, time, duration, error }
}

/** the playhead as last read, so that every render of one tick sees the same value */
let playhead = 0

function subscribeToPlayhead(callback: () => void) {
  const player = audioPlayer()
  const update = () => {
    playhead = player.position()
    callback()
  }
  const timer = window.setInterval(update, HIGHLIGHT_REFRESH_MS)
  const unsubscribe = player.subscribe(update)
  update()
  return () => {
    window.clearInterval(timer)
    unsubscribe()
  }
}

/**
 * The playhead of the current track, read from the audio element every 200 ms (docs/product/playback.md: highlight
 * refresh) and at every change of the player, for the transcript highlight. Re-renders only when it moved.
 */
export function usePlayhead(): number {
  return useSyncExternalStore(
    subscribeToPlayhead,
    () => playhead,
    () => 0,
  )
}
