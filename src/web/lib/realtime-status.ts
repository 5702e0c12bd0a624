import { useSyncExternalStore } from 'react'
import type { RealtimeStatus } from './realtime-client.ts'

/**
 * Whether this tab's realtime socket is open, for the screens that fall back to polling while it is not
 * (docs/product/playback.md). RealtimeSync is the only writer.
 */
let status: RealtimeStatus = 'closed'
const listeners = new Set<() => void>()

export function setRealtimeStatus(next: RealtimeStatus): void {
  if (next === status) return
  status = next
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useRealtimeOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => status === 'open',
    () => false,
  )
}
