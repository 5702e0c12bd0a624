import { sql } from 'drizzle-orm'
import type { RealtimeEvent } from '#shared/realtime.ts'
import type { Executor } from '#server/db/client.ts'

/** The PostgreSQL channel every server instance listens on. */
export const REALTIME_CHANNEL = 'hearth_events'

export type RealtimeEnvelope = { to: string[]; event: RealtimeEvent }

/**
 * Queues an event for these users. Inside a transaction PostgreSQL delivers it at COMMIT and drops it
 * on ROLLBACK, so nobody hears about a change that did not happen. Payloads stay far below the 8 kB
 * NOTIFY limit because events carry ids only.
 */
export async function publishRealtime(executor: Executor, to: (string | null)[], event: RealtimeEvent): Promise<void> {
  const payload = realtimePayload(to, event)
  if (payload !== null) await executor.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${payload})`)
}

/**
 * The NOTIFY payload of an event on REALTIME_CHANNEL: publishRealtime sends it, or a statement that changes something
 * and tells about it in one round trip (the circle's reorder, decisions 106 and 115); null when there is nobody to tell.
 */
export function realtimePayload(to: (string | null)[], event: RealtimeEvent): string | null {
  // a null is a person who deleted their account (a message's receiver, decision 60): nobody to tell
  const recipients = [...new Set(to.filter((id): id is string => id !== null))]
  if (recipients.length === 0) return null
  const envelope: RealtimeEnvelope = { to: recipients, event }
  return JSON.stringify(envelope)
}
