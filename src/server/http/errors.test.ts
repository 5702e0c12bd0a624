import Fastify from 'fastify'
import { DrizzleQueryError } from 'drizzle-orm/errors'
import { afterEach, describe, expect, it } from 'vitest'
import { API_ERROR_TEXTS } from '#shared/api-error.ts'
import { DISK_TEXTS } from '#shared/disk.ts'
import { ERROR_CODES } from '#shared/error-codes.ts'
import { registerErrorHandling } from './errors.ts'

/** An error as node-postgres or Node's sockets make it: a message and, for most, a code. */
const withCode = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {})
/** As drizzle throws a failed statement: the driver's error is its cause. */
const failedQuery = (cause: Error) => new DrizzleQueryError('select 1 from "session" where "token" = $1', ['a-token'], cause)

const failures: Record<string, () => Error> = {
  // a file written to a full disk
  enospc: () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 }),
  // PostgreSQL's disk_full from the insert that follows the file, as drizzle hands it over
  database: () => failedQuery(withCode('could not extend file "base/16385/16387"', '53100')),
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
    expect(response.json()).toEqual({ error: { code: 'DISK_FULL', message: DISK_TEXTS.full, reason: 'error.disk.full' } })
  })

  it('leaves every other failure a 500', async () => {
    expect((await app.inject({ method: 'GET', url: '/other' })).statusCode).toBe(500)
  })
})

const apps: ReturnType<typeof Fastify>[] = []
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()))
})

/** What the error handler answers for a route that throws `error`. */
async function answerTo(error: unknown) {
  const app = Fastify()
  apps.push(app)
  registerErrorHandling(app)
  app.get('/fails', () => {
    throw error
  })
  const response = await app.inject({ method: 'GET', url: '/fails' })
  return {
    status: response.statusCode,
    body: response.json<{ error: { code: string; message: string } }>(),
    retryAfter: response.headers['retry-after'],
  }
}

describe('the error handler, when the database cannot be reached', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a connection reset under a statement', failedQuery(withCode('read ECONNRESET', 'ECONNRESET'))],
    ['a server shutting down (57P01)', failedQuery(withCode('terminating connection due to administrator command', '57P01'))],
    ['a server starting up (57P03)', failedQuery(withCode('the database system is starting up', '57P03'))],
    ['a connection exception (08006)', withCode('connection failure', '08006')],
    ['a connection that ended', failedQuery(withCode('Connection terminated unexpectedly'))],
    ['a connection that took too long', failedQuery(withCode('timeout expired'))],
    ['a client that lost its connection', withCode('Client has encountered a connection error and is not queryable')],
  ])('answers 503 with a calm text for %s', async (_what, error) => {
    expect(await answerTo(error)).toEqual({
      status: 503,
      body: {
        error: {
          code: ERROR_CODES.databaseUnavailable,
          message: API_ERROR_TEXTS.databaseUnavailable,
          reason: 'error.api.databaseUnavailable',
        },
      },
      retryAfter: '5',
    })
  })

  it('still answers 500 for a statement that failed on a database that is there, or for another server that is away', async () => {
    expect((await answerTo(failedQuery(withCode('relation "session" does not exist', '42P01')))).status).toBe(500)
    expect((await answerTo(new Error('something broke'))).status).toBe(500)
    // a speech engine or push service refusing the connection is not the database
    expect((await answerTo(new TypeError('fetch failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') }))).status).toBe(500)
  })
})
