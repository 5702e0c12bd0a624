import { useSyncExternalStore } from 'react'
import type { RealtimeStatus } from './realtime-client.ts'

/**
 * Whether this tab's realtime socket is open, for the screens that fall back to polling while it is not
 * (spec 001: transcription and analysis polling). RealtimeSync is the only writer.
 */
let status: RealtimeStatus = 'closed'
const listeners = new Set<() => void>()

export function setRealtimeStatus(next: RealtimeStatus): void {
  if (next === status) return
  status = next
  for (const listener of listeners) listener()
}

export function getRealtimeStatus(): RealtimeStatus {
  return status
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
