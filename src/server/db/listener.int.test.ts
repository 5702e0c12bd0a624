import type { FastifyBaseLogger } from 'fastify'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { createTestDatabase } from '#server/test/test-db.ts'
import { createListener, LISTENER_APPLICATION_NAME } from './listener.ts'

const database = await createTestDatabase()
afterAll(() => database.close())

const log = { warn: vi.fn() } as unknown as FastifyBaseLogger

/** The backends of this database that the listening connection holds. */
async function listeningBackends(): Promise<number[]> {
  const { rows } = await database.pool.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and application_name = $1`,
    [LISTENER_APPLICATION_NAME],
  )
  return rows.map((row) => row.pid)
}

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
    const pids = await listeningBackends()
    expect(pids).toHaveLength(1)
    await database.pool.query('select pg_terminate_backend($1)', [pids[0]])
    await expect.poll(() => states).toEqual([true, false, true])
    await listener.close()
    expect(states).toEqual([true, false, true, false])
  })

  it('shares one connection among the listeners of a pool; closing one leaves the others listening', async () => {
    const heard: string[] = []
    const first = createListener({ pool: database.pool, channels: { test_a: (p) => heard.push(`a ${p}`) }, log, what: 'first' })
    const secondStates: boolean[] = []
    const second = createListener({
      pool: database.pool,
      channels: { test_b: (p) => heard.push(`b ${p}`) },
      log,
      what: 'second',
      onState: (listening) => secondStates.push(listening),
    })
    await first.start()
    await second.start()
    expect(await listeningBackends()).toHaveLength(1)
    await database.pool.query(`select pg_notify('test_a', '1'), pg_notify('test_b', '2')`)
    await expect.poll(() => heard.sort()).toEqual(['a 1', 'b 2'])

    await first.close()
    await database.pool.query(`select pg_notify('test_a', '3'), pg_notify('test_b', '4')`)
    await expect.poll(() => heard).toContain('b 4')
    expect(heard).not.toContain('a 3')
    expect(await listeningBackends()).toHaveLength(1)
    expect(secondStates).toEqual([true])

    await second.close()
    expect(await listeningBackends()).toHaveLength(0)
    expect(secondStates).toEqual([true, false])
  })
})
