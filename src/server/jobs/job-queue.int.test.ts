import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { LISTENER_APPLICATION_NAME } from '#server/db/listener.ts'
import { createTestApp } from '#server/test/test-app.ts'
import { createJobQueue } from './job-queue.ts'

// nothing runs the jobs here: they stay as queued
const { app, db, pool } = await createTestApp({}, { jobs: { workers: false } })

type QueuedRow = { name: string; data: { messageId: string }; waits: boolean; retry_limit: number; expire_in: string; state: string }
async function queuedFor(messageId: string): Promise<QueuedRow[]> {
  const { rows } = await db.execute<QueuedRow>(sql`
    select name, data, start_after > now() + interval '30 seconds' as waits, retry_limit, expire_in::text, state
    from pgboss.job where data->>'messageId' = ${messageId} order by name`)
  return rows
}

describe('enqueueMany', () => {
  it('queues jobs of several names in one statement of the transaction, as enqueue would queue each', async () => {
    const messageId = crypto.randomUUID()
    let statements = 0
    await db.transaction(async (tx) => {
      // their wake leaves with the statement that ends the transaction, so the queuing itself is one statement
      const execute = tx.execute.bind(tx)
      const counting = vi.spyOn(tx, 'execute').mockImplementation((query) => ((statements += 1), execute(query)))
      await app.jobs.enqueueMany(tx, [
        { name: 'transcribe-message', data: { messageId } },
        { name: 'notify-new-message-mail', data: { messageId }, delayMs: 60_000 },
        { name: 'push-new-message', data: { messageId } },
      ])
      counting.mockRestore()
    })
    expect(statements).toBe(1)
    const rows = await queuedFor(messageId)
    expect(rows.map((r) => [r.name, r.waits, r.state])).toEqual([
      ['notify-new-message-mail', true, 'created'],
      ['push-new-message', false, 'created'],
      ['transcribe-message', false, 'created'],
    ])
    // the same retries and lease as a job queued alone
    const alone = crypto.randomUUID()
    await app.jobs.enqueue(null, 'push-new-message', { messageId: alone })
    const [single] = await queuedFor(alone)
    for (const row of rows)
      expect({ retry: row.retry_limit, lease: row.expire_in }).toEqual({ retry: single?.retry_limit, lease: single?.expire_in })
  })

  it('queues none of them when the transaction rolls back', async () => {
    const messageId = crypto.randomUUID()
    await expect(
      db.transaction(async (tx) => {
        await app.jobs.enqueueMany(tx, [
          { name: 'transcribe-message', data: { messageId } },
          { name: 'push-new-message', data: { messageId } },
        ])
        throw new Error('the send failed after queuing')
      }),
    ).rejects.toThrow('the send failed after queuing')
    expect(await queuedFor(messageId)).toEqual([])
  })
})

// a second instance's queue, the only one to run nudges here, that polls once an hour: a job it runs at once was
// woken, not found by a poll
const worker = await createJobQueue({ pool, log: app.log, pollingIntervalSeconds: 3600, supervises: false })
afterAll(() => worker.stop({ graceful: false }))
const seen = new Map<string, { resolve: () => void }>()
const ran = (id: string) => new Promise<void>((resolve) => seen.set(id, { resolve }))
const runAt = new Map<string, number>()
await worker.work('nudge', async ({ contactId }) => {
  runAt.set(contactId, Date.now())
  seen.get(contactId)?.resolve()
  return { status: 'done' }
})

describe('waking the instances that run a job', () => {
  it('runs a job queued on another instance when its transaction commits, without waiting for a poll', async () => {
    const id = crypto.randomUUID()
    const done = ran(id)
    await db.transaction(async (tx) => {
      await app.jobs.enqueueMany(tx, [{ name: 'nudge', data: { contactId: id } }])
      // a wake sent before the commit would be spent now on a fetch that sees nothing, and the job would wait an hour
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(runAt.has(id)).toBe(false)
    })
    await done
  })

  it('wakes a delayed job when it is due, not before', async () => {
    const id = crypto.randomUUID()
    const done = ran(id)
    const queuedAt = Date.now()
    await app.jobs.enqueue(null, 'nudge', { contactId: id }, { delayMs: 400 })
    await done
    expect(runAt.get(id)! - queuedAt).toBeGreaterThanOrEqual(400)
  })

  it('looks for jobs again once its listening connection is back, for a wake lost meanwhile', async () => {
    // a job no wake announces, the way one queued while the connection was away goes unheard
    const id = crypto.randomUUID()
    const done = ran(id)
    await pool.query(`insert into pgboss.job (name, data) values ('nudge', $1)`, [{ contactId: id }])
    await pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1`,
      [LISTENER_APPLICATION_NAME],
    )
    await done
  })
})
