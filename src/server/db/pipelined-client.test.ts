import pg from 'pg'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PipelinedClient } from './pipelined-client.ts'

/** node-postgres answering each statement as `answer` says, without a server */
function answering(answer: (text: string) => Promise<unknown>) {
  return vi
    .spyOn(pg.Client.prototype, 'query')
    .mockImplementation(((config: string | { text: string }) =>
      answer(typeof config === 'string' ? config : config.text)) as unknown as typeof pg.Client.prototype.query)
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('PipelinedClient', () => {
  it('sends BEGIN at once and answers it without waiting; the next statement answers as it did', async () => {
    const sent = answering(async (text) => ({ rows: [text] }))
    const client = new PipelinedClient({})
    expect(client.pipeline).toBe(true)
    await expect(client.query('begin')).resolves.toMatchObject({ command: 'BEGIN', rows: [] })
    expect(sent).toHaveBeenCalledTimes(1)
    await expect(client.query('select 1')).resolves.toEqual({ rows: ['select 1'] })
  })

  it("refuses the statement after a BEGIN that failed with BEGIN's error, though the statement itself succeeded", async () => {
    answering(async (text) => (text === 'begin' ? Promise.reject(new Error('begin failed')) : { rows: [] }))
    const client = new PipelinedClient({})
    await client.query('begin')
    await expect(client.query('insert into t default values')).rejects.toThrow('begin failed')
    // checked once: the statement after that one answers for itself
    await expect(client.query('select 1')).resolves.toEqual({ rows: [] })
  })

  it("answers the statement's own failure after a BEGIN that succeeded, and leaves any other statement alone", async () => {
    answering(async (text) => (text === 'select broken' ? Promise.reject(new Error('broken')) : { rows: [] }))
    const client = new PipelinedClient({})
    await client.query('begin')
    await expect(client.query('select broken')).rejects.toThrow('broken')
    await expect(client.query({ text: 'begin isolation level serializable' })).resolves.toEqual({ rows: [] })
  })
})
