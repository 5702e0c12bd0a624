/**
 * Where each half-heard message was left, so that playing it again resumes there. Kept in localStorage under one
 * key as `{ [trackId]: [seconds, savedAt] }`; only the most recent 100 are kept, so it never grows without bound.
 */
export type PositionStore = {
  /** seconds to resume from; 0 when nothing is kept */
  get: (id: string) => number
  set: (id: string, seconds: number) => void
  clear: (id: string) => void
}

export const POSITIONS_STORAGE_KEY = 'hearth.playback.positions'
export const MAX_KEPT_POSITIONS = 100

type Saved = Record<string, [seconds: number, savedAt: number]>

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>

export function createPositionStore(storage: StorageLike | null, now: () => number = Date.now): PositionStore {
  const read = (): Saved => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(POSITIONS_STORAGE_KEY) ?? '{}')
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Saved) : {}
    } catch {
      return {}
    }
  }
  const write = (saved: Saved) => {
    try {
      storage?.setItem(POSITIONS_STORAGE_KEY, JSON.stringify(saved))
    } catch {
      // full or unavailable storage: resuming is a nicety
    }
  }
  return {
    get(id) {
      const entry = read()[id]
      const seconds = Array.isArray(entry) ? Number(entry[0]) : 0
      return Number.isFinite(seconds) && seconds > 0 ? seconds : 0
    },
    set(id, seconds) {
      const saved = read()
      saved[id] = [Math.round(seconds * 10) / 10, now()]
      const ids = Object.keys(saved)
      if (ids.length > MAX_KEPT_POSITIONS) {
        ids.sort((a, b) => (saved[a]?.[1] ?? 0) - (saved[b]?.[1] ?? 0))
        for (const old of ids.slice(0, ids.length - MAX_KEPT_POSITIONS)) delete saved[old]
      }
      write(saved)
    },
    clear(id) {
      const saved = read()
      if (!(id in saved)) return
      delete saved[id]
      write(saved)
    },
  }
}

/** For tests and for browsers without storage. */
export function createMemoryPositionStore(): PositionStore {
  const values = new Map<string, string>()
  return createPositionStore({ getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) })
}
