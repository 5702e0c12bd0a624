import { useCallback, useSyncExternalStore } from 'react'

/**
 * 'Play next automatically': on unless the person turned it off on this device. The one player (audio-player.ts)
 * honours it wherever a message was started: the playback screen, a conversation card, the mini player.
 */
export const PLAY_NEXT_STORAGE_KEY = 'hearth.playback.playNext'

const listeners = new Set<() => void>()
/** the choice made in this page, for browsers without storage */
let chosen = true

/** The setting as it stands; the player reads it each time a track ends. */
export function readPlayNext(): boolean {
  try {
    const stored = window.localStorage.getItem(PLAY_NEXT_STORAGE_KEY)
    return stored === null ? chosen : stored !== 'off'
  } catch {
    return chosen
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  // another tab changed it
  window.addEventListener('storage', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', listener)
  }
}

/** The setting and its setter, remembered in localStorage. */
export function usePlayNextSetting(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, readPlayNext, () => true)
  const set = useCallback((next: boolean) => {
    chosen = next
    try {
      window.localStorage.setItem(PLAY_NEXT_STORAGE_KEY, next ? 'on' : 'off')
    } catch {
      // storage unavailable: the switch still works for this page
    }
    for (const listener of listeners) listener()
  }, [])
  return [on, set]
}
