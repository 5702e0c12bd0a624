import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '#server/test/test-app.ts'

// nothing runs the jobs here: they stay as queued
const { app, db } = await createTestApp({}, { jobs: { workers: false } })

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
      const counted = { execute: (query: Parameters<typeof tx.execute>[0]) => ((statements += 1), tx.execute(query)) }
      await app.jobs.enqueueMany(counted as unknown as typeof tx, [
        { name: 'transcribe-message', data: { messageId } },
        { name: 'notify-new-message-mail', data: { messageId }, delayMs: 60_000 },
        { name: 'push-new-message', data: { messageId } },
      ])
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
