import { sql } from 'drizzle-orm'
import type { RealtimeEvent } from '#shared/realtime.ts'
import type { Executor } from '#server/db/client.ts'

/** The PostgreSQL channel every server instance listens on. */
export const REALTIME_CHANNEL = 'hearth_events'

export type RealtimeEnvelope = { to: string[]; event: RealtimeEvent }

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; the envelope's recipients and type must fit beside it. */
export const NOTIFY_PAYLOAD_LIMIT = 7900

/**
 * Queues an event for these users. Inside a transaction PostgreSQL delivers it at COMMIT and drops it
 * on ROLLBACK, so nobody hears about a change that did not happen. An event too large for a notification
 * (a long transcript's word times) goes without what changed: its receivers refetch instead.
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
  const payload = JSON.stringify(envelope)
  if (Buffer.byteLength(payload) < NOTIFY_PAYLOAD_LIMIT) return payload
  return JSON.stringify({ to: recipients, event: withoutChanges(event) })
}

/** The event with only its ids: what changed is left for the receiver to read again. */
export function withoutChanges(event: RealtimeEvent): RealtimeEvent {
  if (event.type === 'message.created') return { type: event.type, message_id: event.message_id, contact_id: event.contact_id }
  if (event.type === 'message.updated') return { type: event.type, message_id: event.message_id, contact_id: event.contact_id }
  return event
}
