import { sql } from 'drizzle-orm'
import { PgTransaction } from 'drizzle-orm/pg-core'
import type { RealtimeEvent } from '#shared/realtime.ts'
import type { Database, Executor } from '#server/db/client.ts'
import { preparedStatement } from '#server/db/prepared-statement.ts'

/** The PostgreSQL channel every server instance listens on. */
export const REALTIME_CHANNEL = 'hearth_events'

/**
 * One event for these people. `from`: the instance that published it and delivered it to its own sockets already;
 * absent, every instance delivers it. When present it is written first, so that its own instance can skip the
 * notification by its opening characters (`ownNotificationPrefix`) without parsing it.
 */
export type RealtimeEnvelope = { to: string[]; event: RealtimeEvent; from?: string }
/** Several events of one transaction in one notification, in the order they were published. */
type RealtimeBatch = { events: { to: string[]; event: RealtimeEvent }[]; from?: string }
/** What a notification on REALTIME_CHANNEL holds: one event, or a transaction's events. */
export type RealtimeNotification = RealtimeEnvelope | RealtimeBatch

/** The events a notification holds, in order, each with the notification's `from`. */
export function envelopesOf(notification: RealtimeNotification): RealtimeEnvelope[] {
  if (!('events' in notification)) return [notification]
  if (!Array.isArray(notification.events)) throw new Error('a notification whose events are not a list')
  const { from } = notification
  return notification.events.map((entry) => (from === undefined ? entry : { ...entry, from }))
}

/** How a notification published by this instance begins: the hub skips those without parsing them. */
export function ownNotificationPrefix(instanceId: string): string {
  return `{"from":${JSON.stringify(instanceId)},`
}

/**
 * How an instance delivers an event to its own sockets (its realtime hub), without waiting for its NOTIFY to come back.
 * `encoded` is the event as JSON, encoded once for the notification and every socket.
 */
type LocalDelivery = { instanceId: string; deliver: (to: string[], encoded: string) => void }

/** An event's part of a notification, `"to":[...],"event":{...}`, and its size in bytes. */
type Entry = { text: string; bytes: number }
/**
 * A transaction begun on a database with local delivery: the events it publishes, sent in one statement just before
 * its COMMIT, and the deliveries it makes to this instance's sockets once it has committed.
 */
type TransactionScope = {
  db: Database
  start: string
  entries: Entry[]
  /** notifications on other channels that leave in the same statement (`notifyAtCommit`: the job queue's wakes) */
  others: { channel: string; payload: string }[]
  deliveries: (() => void)[]
}

const localDeliveries = new WeakMap<Database, LocalDelivery>()
const scopes = new WeakMap<object, TransactionScope>()

/**
 * Has this instance's events delivered to its own sockets as soon as their transaction commits, rather than when
 * PostgreSQL's NOTIFY comes back (decision 154), and a transaction's events sent to the other instances in as few
 * notifications as fit, by one statement at its end rather than one round trip per event (decision 182). Wraps
 * `db.transaction` to learn when each transaction's work is done and when it has committed; answers how to undo it
 * (at close).
 */
export function deliverLocally(db: Database, local: LocalDelivery): () => void {
  const begin = db.transaction.bind(db)
  localDeliveries.set(db, local)
  const start = ownNotificationPrefix(local.instanceId)
  db.transaction = async function transaction(run, config) {
    const scope: TransactionScope = { db, start, entries: [], others: [], deliveries: [] }
    let notified: Promise<unknown> | null = null
    const result = await begin(async (tx) => {
      scopes.set(tx, scope)
      const result = await run(tx)
      // still inside the transaction: PostgreSQL sends the notifications at COMMIT, and drops them on a rollback
      if (scope.entries.length > 0 || scope.others.length > 0) {
        const payloads = notifications(start, scope.entries)
        // Not awaited here: on the pool's pipelined connection the statement leaves with the COMMIT written right after
        // it, one round trip for both (decision 188). Should it fail, PostgreSQL answers that COMMIT by rolling back,
        // and the failure is thrown below, before anything is delivered.
        notified = notifyStatement(tx, {
          channels: [...payloads.map(() => REALTIME_CHANNEL), ...scope.others.map((other) => other.channel)],
          payloads: [...payloads, ...scope.others.map((other) => other.payload)],
        })
        notified.catch(() => undefined)
      }
      return result
    }, config)
    if (notified) await notified
    // COMMIT has answered: the change is visible, so the event may be told (a rollback threw above and tells nothing)
    for (const deliver of scope.deliveries) deliver()
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
function localScope(executor: Executor): { local: LocalDelivery; transaction: TransactionScope | null } | null {
  if (executor instanceof PgTransaction) {
    const scope = scopes.get(executor)
    const local = scope && localDeliveries.get(scope.db)
    return scope && local ? { local, transaction: scope } : null
  }
  const local = localDeliveries.get(executor as Database)
  return local ? { local, transaction: null } : null
}

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; the envelope's recipients and type must fit beside it. */
export const NOTIFY_PAYLOAD_LIMIT = 7900

/** Every notification of a transaction in one round trip, in order (prepared: the worker sends thousands a second). */
const notifyStatement = preparedStatement<Record<string, unknown>, { channels: string[]; payloads: string[] }>(
  'hearth_notify_at_commit',
  sql`select pg_notify(channel, payload)
    from unnest(${sql.placeholder('channels')}::text[], ${sql.placeholder('payloads')}::text[]) as notification(channel, payload)`,
)

/**
 * A notification on `channel` that leaves when the transaction `executor` commits, and not at all if it rolls back:
 * in a transaction begun on a database with local delivery, with its events in the one statement that ends it;
 * anywhere else, by a statement of its own (outside a transaction, at once). The job queue wakes the instances that
 * run a job this way (decision 185), so a send that queues jobs pays no round trip more for it.
 */
export async function notifyAtCommit(executor: Executor, channel: string, payload: string): Promise<void> {
  const scope = executor instanceof PgTransaction ? scopes.get(executor) : undefined
  if (scope) scope.others.push({ channel, payload })
  else await executor.execute(sql`select pg_notify(${channel}, ${payload})`)
}

/**
 * A transaction's events as notifications: as many in each as fit under NOTIFY_PAYLOAD_LIMIT, in order. Each event
 * fits in a notification of its own (prepareAnnouncement saw to it); one alone is written as a plain envelope, which
 * an instance of an older Hearth also reads.
 */
function notifications(start: string, entries: Entry[]): string[] {
  const written: string[] = []
  const overhead = Buffer.byteLength(start) + '"events":[]}'.length
  let batch: string[] = []
  let bytes = overhead
  const close = () => written.push(batch.length === 1 ? `${start}${batch[0]}}` : `${start}"events":[{${batch.join('},{')}}]}`)
  for (const entry of entries) {
    // the entry's braces and the comma before it
    const size = entry.bytes + 3
    if (batch.length > 0 && bytes + size >= NOTIFY_PAYLOAD_LIMIT) {
      close()
      batch = []
      bytes = overhead
    }
    batch.push(entry.text)
    bytes += size
  }
  if (batch.length > 0) close()
  return written
}

/**
 * Queues an event for these users. Inside a transaction PostgreSQL delivers it at COMMIT and drops it
 * on ROLLBACK, so nobody hears about a change that did not happen. An event too large for a notification
 * (a long transcript's word times) goes without what changed: its receivers refetch instead. In a transaction begun
 * on a database with local delivery, the event waits for the transaction's end, to leave with the others in one
 * statement (decision 182).
 */
export async function publishRealtime(executor: Executor, to: (string | null)[], event: RealtimeEvent): Promise<void> {
  const announcement = announce(executor, to, event)
  if (announcement === null) return
  if (announcement.transaction) announcement.transaction.entries.push(announcement.entry)
  else await notifyAtCommit(executor, REALTIME_CHANNEL, announcement.payload)
  announcement.sent()
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
  const announcement = announce(executor, to, event)
  return announcement ?? { payload: null, sent: () => undefined }
}

/**
 * prepareAnnouncement's work: also the event's entry, for a transaction that sends its events together (`transaction`,
 * null when the event is to be sent at once). Null when there is nobody to tell.
 */
function announce(
  executor: Executor,
  to: (string | null)[],
  event: RealtimeEvent,
): { payload: string; entry: Entry; transaction: TransactionScope | null; sent: () => void } | null {
  // a null is a person who deleted their account (a message's sender or receiver, decision 202): nobody to tell
  const recipients = [...new Set(to.filter((id): id is string => id !== null))]
  if (recipients.length === 0) return null
  const scope = localScope(executor)
  // the event is encoded once: the notification embeds the same JSON that this instance's sockets are sent
  const encoded = JSON.stringify(event)
  const start = scope ? ownNotificationPrefix(scope.local.instanceId) : '{'
  const addressed = `"to":${JSON.stringify(recipients)},"event":`
  let text = addressed + encoded
  let bytes = Buffer.byteLength(text)
  const startBytes = Buffer.byteLength(start)
  // too large for a notification: other instances get the ids only and their tabs refetch; this instance's own
  // sockets still get the whole event, which never passes through PostgreSQL
  if (startBytes + bytes + 1 >= NOTIFY_PAYLOAD_LIMIT) {
    text = addressed + JSON.stringify(withoutChanges(event))
    bytes = Buffer.byteLength(text)
  }
  const payload = `${start}${text}}`
  const entry = { text, bytes }
  if (!scope) return { payload, entry, transaction: null, sent: () => undefined }
  const { transaction } = scope
  const deliver = () => scope.local.deliver(recipients, encoded)
  return { payload, entry, transaction, sent: () => (transaction ? transaction.deliveries.push(deliver) : deliver()) }
}

/** The event with only its ids: what changed is left for the receiver to read again. */
export function withoutChanges(event: RealtimeEvent): RealtimeEvent {
  if (event.type === 'message.created') return { type: event.type, message_id: event.message_id, contact_id: event.contact_id }
  if (event.type === 'message.updated') return { type: event.type, message_id: event.message_id, contact_id: event.contact_id }
  return event
}
