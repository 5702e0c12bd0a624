import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import type { RealtimeEnvelope } from './realtime.publisher.ts'
import { REALTIME_CHANNEL } from './realtime.publisher.ts'
import { createPresenceTracker } from './realtime.presence.ts'
import { realtimePresence } from '#server/db/schema.ts'
import { insertConnectedPair, insertPerson } from '#server/test/data.ts'
import { createTestDatabase } from '#server/test/test-db.ts'

const database = await createTestDatabase()
const { db } = database
const listener = await database.pool.connect()
const heard: RealtimeEnvelope[] = []
listener.on('notification', (message) => heard.push(JSON.parse(message.payload ?? '{}') as RealtimeEnvelope))
await listener.query(`LISTEN ${REALTIME_CHANNEL}`)
afterAll(async () => {
  listener.release()
  await database.close()
})

const log = { warn: vi.fn() } as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> }
afterEach(() => {
  expect(log.warn).not.toHaveBeenCalled()
  heard.length = 0
})

/** Two people in each other's circle. */
async function pair() {
  const ada = await insertPerson(db)
  const bob = await insertPerson(db)
  await insertConnectedPair(db, ada, bob, { mutual: true })
  return { ada, bob }
}

function rowsOf(userId: string) {
  return db.select().from(realtimePresence).where(eq(realtimePresence.userId, userId))
}

function presenceEvents() {
  return heard.filter((e) => e.event.type === 'presence.changed')
}

describe('presence tracker', () => {
  it('writes the open socket count, refreshes seen_at with the heartbeat, and re-creates a row that went missing', async () => {
    const { ada, bob } = await pair()
    const sockets = new Map([[bob.id, 2]])
    const tracker = createPresenceTracker({ db, log, connectionsOf: (id) => sockets.get(id) ?? 0 })

    await tracker.changed(bob.id)
    expect(await rowsOf(bob.id)).toMatchObject([{ instanceId: tracker.instanceId, connections: 2 }])
    await expect.poll(presenceEvents).toEqual([{ to: [ada.id], event: { type: 'presence.changed', user_id: bob.id, online: true } }])

    await db.update(realtimePresence).set({ seenAt: sql`now() - interval '60 seconds'` })
    await tracker.refresh([bob.id])
    const [row] = await rowsOf(bob.id)
    expect(Date.now() - (row?.seenAt.getTime() ?? 0)).toBeLessThan(10_000)

    // After a stall longer than the time-to-live another instance swept the row: the next heartbeat puts it back.
    await db.delete(realtimePresence).where(eq(realtimePresence.userId, bob.id))
    await tracker.refresh([bob.id])
    expect(await rowsOf(bob.id)).toHaveLength(1)

    sockets.delete(bob.id)
    await tracker.changed(bob.id)
    expect(await rowsOf(bob.id)).toEqual([])
    await expect.poll(() => presenceEvents().at(-1)?.event).toEqual({ type: 'presence.changed', user_id: bob.id, online: false })
    await tracker.close()
  })

  it("sweeps a crashed instance's stale rows and announces those people offline", async () => {
    const { ada, bob } = await pair()
    await db
      .insert(realtimePresence)
      .values({ instanceId: randomUUID(), userId: bob.id, connections: 1, seenAt: sql`now() - interval '2 minutes'` })
    const tracker = createPresenceTracker({ db, log, connectionsOf: () => 0 })

    await tracker.refresh([])
    expect(await rowsOf(bob.id)).toEqual([])
    await expect.poll(presenceEvents).toEqual([{ to: [ada.id], event: { type: 'presence.changed', user_id: bob.id, online: false } }])
    await tracker.close()
  })

  it('removes its rows on shutdown and announces who went offline with them, but not someone still online elsewhere', async () => {
    const { ada, bob } = await pair()
    const sockets = new Map([
      [ada.id, 1],
      [bob.id, 1],
    ])
    const closing = createPresenceTracker({ db, log, connectionsOf: (id) => sockets.get(id) ?? 0 })
    const other = createPresenceTracker({ db, log, connectionsOf: (id) => (id === ada.id ? 1 : 0) })
    await Promise.all([closing.changed(ada.id), closing.changed(bob.id), other.changed(ada.id)])
    await expect.poll(() => presenceEvents().length).toBe(2)
    heard.length = 0

    await closing.close()
    expect(await rowsOf(bob.id)).toEqual([])
    expect(await rowsOf(ada.id)).toMatchObject([{ instanceId: other.instanceId }])
    await expect.poll(presenceEvents).toEqual([{ to: [ada.id], event: { type: 'presence.changed', user_id: bob.id, online: false } }])
    await other.close()
  })
})
