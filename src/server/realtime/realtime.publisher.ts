import { sql, type SQL } from 'drizzle-orm'
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
  const notification = realtimeNotification(to, event)
  if (notification) await executor.execute(sql`select ${notification}`)
}

/**
 * The `pg_notify(...)` call that publishes an event, for a statement that changes something and tells about it in one
 * round trip (decision 106); null when there is nobody to tell.
 */
export function realtimeNotification(to: (string | null)[], event: RealtimeEvent): SQL | null {
  const payload = realtimePayload(to, event)
  return payload === null ? null : sql`pg_notify(${REALTIME_CHANNEL}, ${payload})`
}

/**
 * The NOTIFY payload of an event on REALTIME_CHANNEL, for a prepared statement that sends it itself (decision 115);
 * null when there is nobody to tell.
 */
export function realtimePayload(to: (string | null)[], event: RealtimeEvent): string | null {
  // a null is a person who deleted their account (a message's receiver, decision 60): nobody to tell
  const recipients = [...new Set(to.filter((id): id is string => id !== null))]
  if (recipients.length === 0) return null
  const envelope: RealtimeEnvelope = { to: recipients, event }
  return JSON.stringify(envelope)
}
