import fs from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { MESSAGE_TEXTS } from '#shared/messages-texts.ts'
import { buildApp } from '#server/app.ts'
import { createSmtpMailer } from '#server/notify/mailer.ts'
import { makeAudio } from '#server/test/audio-files.ts'
import { insertSignedInPerson } from '#server/test/people.ts'
import { createTestApp, TEST_ORIGIN } from '#server/test/test-app.ts'
import { countRequest, deleteEndedRequestLimits } from './rate-limit.queries.ts'

// Two instances of the app on one database, as behind a load balancer (decision 83).
const first = await createTestApp({ DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-limits-'), UPLOADS_PER_MINUTE: '3' })
const second = await buildApp({
  env: first.env,
  db: first.db,
  pool: first.pool,
  secrets: first.secrets,
  mailer: createSmtpMailer(first.smtp.url, first.env.MAIL_FROM),
  jobs: { workers: false },
})
await second.ready()
afterAll(async () => {
  await second.close()
})

const uploadThrough = async (app: typeof second, cookie: string) =>
  app.inject({
    method: 'POST',
    url: '/api/audio',
    payload: await makeAudio({ seconds: 1 }),
    headers: { origin: TEST_ORIGIN, 'content-type': 'audio/webm', cookie },
  })

describe('request limits shared by every instance', () => {
  it('counts a person across instances: the limit is the limit, not the limit times the instances', async () => {
    const ada = await insertSignedInPerson(first.app, first.db)
    const bob = await insertSignedInPerson(first.app, first.db)
    expect((await uploadThrough(first.app, ada.cookie)).statusCode).toBe(201)
    expect((await uploadThrough(second, ada.cookie)).statusCode).toBe(201)
    expect((await uploadThrough(first.app, ada.cookie)).statusCode).toBe(201)
    const refused = await uploadThrough(second, ada.cookie)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ error: { code: 'RATE_LIMITED', message: MESSAGE_TEXTS.tooManyUploads } })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60)
    expect((await uploadThrough(first.app, bob.cookie)).statusCode).toBe(201)
  })

  it('starts a new window after the last one ended, and the sweep drops rows long ended', async () => {
    expect(await countRequest(first.db, 'test:a', 60_000)).toMatchObject({ count: 1 })
    expect((await countRequest(first.db, 'test:a', 60_000)).count).toBe(2)
    await first.db.execute(sql`update request_limits set window_start = now() - interval '2 days' where key = 'test:a'`)
    const fresh = await countRequest(first.db, 'test:a', 60_000)
    expect(fresh.count).toBe(1)
    expect(fresh.ttlMs).toBeGreaterThan(59_000)
    await first.db.execute(sql`update request_limits set window_start = now() - interval '2 days' where key = 'test:a'`)
    expect(await deleteEndedRequestLimits(first.db)).toBeGreaterThanOrEqual(1)
    expect((await first.db.execute(sql`select 1 from request_limits where key = 'test:a'`)).rows).toHaveLength(0)
  })
})
