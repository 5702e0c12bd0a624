import { sql } from 'drizzle-orm'
import { PgTransaction } from 'drizzle-orm/pg-core'
import type { RealtimeEvent } from '#shared/realtime.ts'
import type { Database, Executor } from '#server/db/client.ts'
import { preparedStatement } from '#server/db/prepared-statement.ts'

/** The PostgreSQL channel every server instance listens on. */
export const REALTIME_CHANNEL = 'hearth_events'

/**
 * `from`: the instance that published it and delivered it to its own sockets already; absent, every instance delivers
 * it. When present it is written first, so that its own instance can skip the notification by its opening characters
 * (`ownNotificationPrefix`) without parsing it.
 */
export type RealtimeEnvelope = { to: string[]; event: RealtimeEvent; from?: string }

/** How a notification published by this instance begins: the hub skips those without parsing them. */
export function ownNotificationPrefix(instanceId: string): string {
  return `{"from":${JSON.stringify(instanceId)},`
}

/**
 * How an instance delivers an event to its own sockets (its realtime hub), without waiting for its NOTIFY to come back.
 * `encoded` is the event as JSON, encoded once for the notification and every socket.
 */
type LocalDelivery = { instanceId: string; deliver: (to: string[], encoded: string) => void }

const localDeliveries = new WeakMap<Database, LocalDelivery>()
/** Transactions begun on a database with local delivery: the deliveries each makes once it has committed. */
const afterCommit = new WeakMap<object, { db: Database; deliveries: (() => void)[] }>()

/**
 * Has this instance's events delivered to its own sockets as soon as their transaction commits, rather than when
 * PostgreSQL's NOTIFY comes back (decision 154). Wraps `db.transaction` to learn when each transaction has committed;
 * answers how to undo it (at close).
 */
export function deliverLocally(db: Database, local: LocalDelivery): () => void {
  const begin = db.transaction.bind(db)
  localDeliveries.set(db, local)
  db.transaction = async function transaction(run, config) {
    const deliveries: (() => void)[] = []
    const result = await begin(async (tx) => {
      afterCommit.set(tx, { db, deliveries })
      return run(tx)
    }, config)
    // COMMIT has answered: the change is visible, so the event may be told (a rollback threw above and tells nothing)
    for (const deliver of deliveries) deliver()
    return result
  } as Database['transaction']
  return () => {
    localDeliveries.delete(db)
    db.transaction = begin
  }
}

/**
 * Where an event published through `executor` is delivered locally: inside a transaction begun by `deliverLocally`'s
 * database, after its commit; on that database itself (a statement that commits on its own), once the statement has
 * answered. Anywhere else (a nested transaction, a database without a hub) it is not: the NOTIFY brings it to every
 * instance, this one included.
 */
function localScope(executor: Executor): { local: LocalDelivery; later: ((deliver: () => void) => void) | null } | null {
  if (executor instanceof PgTransaction) {
    const scope = afterCommit.get(executor)
    const local = scope && localDeliveries.get(scope.db)
    return scope && local ? { local, later: (deliver) => scope.deliveries.push(deliver) } : null
  }
  const local = localDeliveries.get(executor as Database)
  return local ? { local, later: null } : null
}

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; the envelope's recipients and type must fit beside it. */
export const NOTIFY_PAYLOAD_LIMIT = 7900

/**
 * Queues an event for these users. Inside a transaction PostgreSQL delivers it at COMMIT and drops it
 * on ROLLBACK, so nobody hears about a change that did not happen. An event too large for a notification
 * (a long transcript's word times) goes without what changed: its receivers refetch instead.
 */
export async function publishRealtime(executor: Executor, to: (string | null)[], event: RealtimeEvent): Promise<void> {
  const announcement = prepareAnnouncement(executor, to, event)
  if (announcement.payload === null) return
  await executor.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${announcement.payload})`)
  announcement.sent()
}

const notifyManyStatement = preparedStatement<{ told: string }, { payloads: string[] }>(
  'hearth_notify_many',
  sql`select pg_notify(${REALTIME_CHANNEL}, payload)::text as told from unnest(${sql.placeholder('payloads')}::text[]) as payload`,
)

/**
 * Several events at once, as publishRealtime queues each, in one prepared statement (a send tells both people:
 * decision 181). They are delivered in the order given.
 */
export async function publishRealtimeMany(executor: Executor, events: { to: (string | null)[]; event: RealtimeEvent }[]): Promise<void> {
  const announcements = events.map(({ to, event }) => prepareAnnouncement(executor, to, event))
  const payloads = announcements.flatMap((announcement) => (announcement.payload === null ? [] : [announcement.payload]))
  if (payloads.length === 0) return
  await notifyManyStatement(executor, { payloads })
  for (const announcement of announcements) announcement.sent()
}

/**
 * An event to announce through `executor`: `payload` is what to NOTIFY on REALTIME_CHANNEL (null when there is nobody
 * to tell), and `sent()` is called once that NOTIFY has been sent: it delivers the event to this instance's own sockets,
 * after the commit. publishRealtime uses it, and so does a statement that changes something and tells about it in one
 * round trip (the circle's reorder, decisions 106 and 115), which calls `sent()` only when it did notify.
 */
export function prepareAnnouncement(
  executor: Executor,
  to: (string | null)[],
  event: RealtimeEvent,
): { payload: string | null; sent: () => void } {
  // a null is a person who deleted their account (a message's receiver, decision 60): nobody to tell
  const recipients = [...new Set(to.filter((id): id is string => id !== null))]
  if (recipients.length === 0) return { payload: null, sent: () => undefined }
  const scope = localScope(executor)
  // the event is encoded once: the notification embeds the same JSON that this instance's sockets are sent
  const encoded = JSON.stringify(event)
  const start = scope ? ownNotificationPrefix(scope.local.instanceId) : '{'
  let payload = `${start}"to":${JSON.stringify(recipients)},"event":${encoded}}`
  // too large for a notification: other instances get the ids only and their tabs refetch; this instance's own
  // sockets still get the whole event, which never passes through PostgreSQL
  if (Buffer.byteLength(payload) >= NOTIFY_PAYLOAD_LIMIT) {
    payload = `${start}"to":${JSON.stringify(recipients)},"event":${JSON.stringify(withoutChanges(event))}}`
  }
  if (!scope) return { payload, sent: () => undefined }
  const deliver = () => scope.local.deliver(recipients, encoded)
  return { payload, sent: () => (scope.later ? scope.later(deliver) : deliver()) }
}

/** The event with only its ids: what changed is left for the receiver to read again. */
export function withoutChanges(event: RealtimeEvent): RealtimeEvent {
  if (event.type === 'message.created') return { type: event.type, message_id: event.message_id, contact_id: event.contact_id }
  if (event.type === 'message.updated') return { type: event.type, message_id: event.message_id, contact_id: event.contact_id }
  return event
}
