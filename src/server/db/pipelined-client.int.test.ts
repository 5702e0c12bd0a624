import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { verification } from '#server/db/schema.ts'
import { createTestDatabase } from '#server/test/test-db.ts'
import { PipelinedClient } from './pipelined-client.ts'

const database = await createTestDatabase()
afterAll(() => database.close())

const xactId = async (executor: Pick<typeof database.db, 'execute'>) =>
  ((await executor.execute(sql`select pg_current_xact_id()::text as id`)).rows[0] as { id: string }).id

describe('the pool’s pipelined connections', () => {
  it('are what the pool makes, in pipeline mode', async () => {
    const client = await database.pool.connect()
    try {
      expect(client).toBeInstanceOf(PipelinedClient)
      expect(client.pipeline).toBe(true)
    } finally {
      client.release()
    }
  })

  it('run a transaction’s statements inside it, though its BEGIN is not waited for', async () => {
    const [first, second] = await database.db.transaction(async (tx) => [await xactId(tx), await xactId(tx)])
    expect(first).toBe(second)
    // outside a transaction each statement is its own
    expect(await xactId(database.db)).not.toBe(await xactId(database.db))
  })

  it('roll back the first statement of a transaction that fails', async () => {
    const identifier = `pipelined:${randomUUID()}`
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(verification).values({ id: randomUUID(), identifier, value: 'v', expiresAt: new Date(Date.now() + 60_000) })
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect(await database.db.select().from(verification).where(eq(verification.identifier, identifier))).toEqual([])
  })

  it('keep the process up when a checked-out connection is lost, and fail what it sends', async () => {
    const client = await database.pool.connect()
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid')
    await database.pool.query('select pg_terminate_backend($1)', [rows[0]?.pid])
    // answered at once; its failure is the next statement's answer
    await expect(client.query('begin')).resolves.toMatchObject({ command: 'BEGIN' })
    await expect(client.query('select 1')).rejects.toThrow()
    client.release(true)
  })
})
