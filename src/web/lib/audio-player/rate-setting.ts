import { clampPlaybackRate, PLAYBACK_RATE_DEFAULT } from '#shared/playback.ts'

/** The chosen speed, remembered on this device and read once when the player is made. */
export const RATE_STORAGE_KEY = 'hearth.playback.rate'

type RateStorage = Pick<Storage, 'getItem' | 'setItem'>

/** The remembered speed, made valid (1.0-2.0 on a 0.1 step); the default when none is stored or it is not a number. */
export function readStoredRate(storage: RateStorage | null): number {
  let stored: string | null = null
  try {
    stored = storage?.getItem(RATE_STORAGE_KEY) ?? null
  } catch {
    return PLAYBACK_RATE_DEFAULT
  }
  if (stored === null || stored.trim() === '') return PLAYBACK_RATE_DEFAULT
  return clampPlaybackRate(Number(stored))
}

/** Remembers a chosen speed; without storage (private mode, quota) the speed still holds for this page. */
export function storeRate(storage: RateStorage | null, rate: number): void {
  try {
    storage?.setItem(RATE_STORAGE_KEY, String(clampPlaybackRate(rate)))
  } catch {
    // nothing to remember it in
  }
}
