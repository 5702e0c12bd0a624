import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Database, Executor } from '#server/db/client.ts'
import { publishRealtime } from './realtime.publisher.ts'
import {
  deleteInstancePresence,
  deletePresence,
  deleteStalePresence,
  isUserOnline,
  listPresenceWatchers,
  lockPresence,
  refreshInstancePresence,
  upsertPresence,
} from './realtime.queries.ts'

/**
 * Keeps this instance's rows of `realtime_presence` in step with its open sockets (decision 24) and announces
 * `presence.changed` to the people who see a person when that person comes online anywhere or goes offline everywhere.
 * Work for one person runs in order on this instance and under an advisory lock across instances, so two instances
 * closing a person's last sockets at the same moment cannot both miss the offline moment.
 */
export function createPresenceTracker({
  db,
  log,
  connectionsOf,
  instanceId = randomUUID(),
}: {
  db: Database
  log: FastifyBaseLogger
  /** this instance's open sockets of a person, read when the work runs so that queued changes collapse */
  connectionsOf: (userId: string) => number
  instanceId?: string
}) {
  const queues = new Map<string, Promise<void>>()
  let closing = false

  function enqueue(userId: string, work: () => Promise<void>): Promise<void> {
    const previous = queues.get(userId) ?? Promise.resolve()
    const next = previous
      .then(work)
      .catch((error: unknown) => log.warn({ err: error, userId }, 'realtime: presence update failed'))
      .finally(() => {
        if (queues.get(userId) === next) queues.delete(userId)
      })
    queues.set(userId, next)
    return next
  }

  /** Writes this instance's count for the person; announces the change when their overall presence flipped. */
  function sync(userId: string): Promise<void> {
    return enqueue(userId, () =>
      db.transaction(async (tx) => {
        await lockPresence(tx, userId)
        const before = await isUserOnline(tx, userId)
        const connections = closing ? 0 : connectionsOf(userId)
        if (connections > 0) await upsertPresence(tx, instanceId, userId, connections)
        else await deletePresence(tx, instanceId, userId)
        const after = connections > 0 || (await isUserOnline(tx, userId))
        if (before !== after) await announce(tx, userId, after)
      }),
    )
  }

  /** After rows were removed outside `sync` (stale sweep, shutdown): announces offline if nothing else keeps them online. */
  function announceIfOffline(userId: string): Promise<void> {
    return enqueue(userId, () =>
      db.transaction(async (tx) => {
        await lockPresence(tx, userId)
        if (!(await isUserOnline(tx, userId))) await announce(tx, userId, false)
      }),
    )
  }

  async function announce(tx: Executor, userId: string, online: boolean) {
    await publishRealtime(tx, await listPresenceWatchers(tx, userId), { type: 'presence.changed', user_id: userId, online })
  }

  return {
    instanceId,
    /** A socket of this person opened or closed on this instance; resolves once the change is written. */
    changed(userId: string): Promise<void> {
      return closing ? Promise.resolve() : sync(userId)
    },

    /**
     * The heartbeat: refreshes seen_at of this instance's rows, re-creates any row that went missing (after a stall
     * longer than the time-to-live), and sweeps rows of crashed instances, announcing those people offline.
     */
    async refresh(userIds: string[]): Promise<void> {
      if (closing) return
      try {
        const refreshed = new Set(await refreshInstancePresence(db, instanceId, userIds))
        const missing = userIds.filter((id) => !refreshed.has(id))
        const stale = await deleteStalePresence(db)
        await Promise.all([...missing.map(sync), ...stale.filter((id) => !missing.includes(id)).map(announceIfOffline)])
      } catch (error) {
        log.warn({ err: error }, 'realtime: presence refresh failed')
      }
    },

    /** Shutdown: finishes queued work, removes this instance's rows and announces who went offline with them. */
    async close(): Promise<void> {
      closing = true
      await Promise.all(queues.values())
      try {
        const userIds = [...new Set(await deleteInstancePresence(db, instanceId))]
        await Promise.all(userIds.map(announceIfOffline))
      } catch (error) {
        log.warn({ err: error }, 'realtime: could not remove presence on shutdown')
      }
    },
  }
}
