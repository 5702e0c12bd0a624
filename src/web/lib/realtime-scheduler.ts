import { REALTIME_DEBOUNCE_MS, REALTIME_REFETCH_GUARD_MS } from '#shared/realtime-connection.ts'

/**
 * Collapses bursts of realtime events into refetches (docs/product/circle.md): a key is refreshed 500 ms after
 * the last event for it, and never twice within 1 s; an event inside the guard is served when it ends.
 */
export function createRefetchScheduler<Key = string>(
  refresh: (key: Key) => void,
  { debounceMs = REALTIME_DEBOUNCE_MS, guardMs = REALTIME_REFETCH_GUARD_MS, now = () => Date.now() } = {},
) {
  const timers = new Map<Key, ReturnType<typeof setTimeout>>()
  const lastRun = new Map<Key, number>()

  function run(key: Key) {
    timers.delete(key)
    const since = now() - (lastRun.get(key) ?? -Infinity)
    if (since < guardMs) {
      timers.set(
        key,
        setTimeout(() => run(key), guardMs - since),
      )
      return
    }
    lastRun.set(key, now())
    refresh(key)
  }

  return {
    schedule(key: Key) {
      clearTimeout(timers.get(key))
      timers.set(
        key,
        setTimeout(() => run(key), debounceMs),
      )
    },
    dispose() {
      for (const timer of timers.values()) clearTimeout(timer)
      timers.clear()
    },
  }
}
