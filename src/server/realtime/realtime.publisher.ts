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
  // a null is a person who deleted their account (a message's receiver, decision 60): nobody to tell
  const recipients = [...new Set(to.filter((id): id is string => id !== null))]
  if (recipients.length === 0) return
  const envelope: RealtimeEnvelope = { to: recipients, event }
  await executor.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(envelope)})`)
}
