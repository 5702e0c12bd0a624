import type { FastifyBaseLogger } from 'fastify'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { createTestDatabase } from '#server/test/test-db.ts'
import { createListener } from './listener.ts'

const database = await createTestDatabase()
afterAll(() => database.close())

const log = { warn: vi.fn() } as unknown as FastifyBaseLogger

describe('a listening connection', () => {
  it("hands each channel's notifications to its own handler", async () => {
    const heard: string[] = []
    const listener = createListener({
      pool: database.pool,
      channels: { test_first: (payload) => heard.push(`first ${payload}`), test_second: (payload) => heard.push(`second ${payload}`) },
      log,
      what: 'test',
    })
    await listener.start()
    await database.pool.query(`select pg_notify('test_second', 'b'), pg_notify('test_first', 'a'), pg_notify('test_other', 'c')`)
    await expect.poll(() => heard.length).toBe(2)
    expect(heard.sort()).toEqual(['first a', 'second b'])
    await listener.close()
  })

  it('says it stopped listening as soon as its connection is lost, before it listens again', async () => {
    const states: boolean[] = []
    const listener = createListener({
      pool: database.pool,
      channels: { test_state: () => undefined },
      log,
      what: 'test',
      onState: (listening) => states.push(listening),
    })
    await listener.start()
    expect(states).toEqual([true])
    const { rows } = await database.pool.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and query = 'LISTEN test_state'`,
    )
    expect(rows).toHaveLength(1)
    await database.pool.query('select pg_terminate_backend($1)', [rows[0]?.pid])
    await expect.poll(() => states).toEqual([true, false, true])
    await listener.close()
    expect(states).toEqual([true, false, true, false])
  })
})
