import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { DISK_TEXTS } from '#shared/disk.ts'
import { registerErrorHandling } from './errors.ts'

/** What drizzle throws when PostgreSQL refuses a statement: its own error, with PostgreSQL's as the cause. */
class WrappedQueryError extends Error {
  constructor(cause: unknown) {
    super('Failed query: insert into "audio_uploads" ...', { cause })
  }
}

const failures: Record<string, () => Error> = {
  // a file written to a full disk
  enospc: () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 }),
  // PostgreSQL's disk_full from the insert that follows the file, as drizzle hands it over
  database: () => new WrappedQueryError(Object.assign(new Error('could not extend file "base/16385/16387"'), { code: '53100' })),
  // sharp and ffmpeg say it only in words
  words: () => new Error('VipsForeignSave: write error: No space left on device'),
  other: () => new Error('something else'),
}

const app = Fastify()
registerErrorHandling(app)
for (const [name, failure] of Object.entries(failures))
  app.get(`/${name}`, async () => {
    throw failure()
  })

describe('a write that meets a full disk', () => {
  it.each(['enospc', 'database', 'words'])('%s: answers 507 with the plain text, never a 500', async (name) => {
    const response = await app.inject({ method: 'GET', url: `/${name}` })
    expect(response.statusCode).toBe(507)
    expect(response.json()).toEqual({ error: { code: 'DISK_FULL', message: DISK_TEXTS.full } })
  })

  it('leaves every other failure a 500', async () => {
    expect((await app.inject({ method: 'GET', url: '/other' })).statusCode).toBe(500)
  })
})
