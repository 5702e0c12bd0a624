import fs from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Message } from '#shared/messages.ts'
import { buildApp } from '#server/app.ts'
import { connectDatabase } from '#server/db/client.ts'
import { createSmtpMailer } from '#server/notify/mailer.ts'
import type { Analyzer } from '#server/speech/analysis/analyzer.ts'
import type { EngineChoice, Transcript } from '#server/speech/engine.ts'
import { insertSignedInPair } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { createTestApp } from '#server/test/test-app.ts'
import { sendRecording } from '#server/test/uploads.ts'

// The API instance takes requests but runs no jobs; jobs run on the instances started below. A running job's
// lease is 2 s, renewed while its instance lives; a job left by a dead instance is handed out again once it ends.
const jobs = { leaseSeconds: 2, maintenanceIntervalSeconds: 1 }
const { app, db, databaseUrl, env, secrets, smtp } = await createTestApp(
  { DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-restart-') },
  { jobs: { ...jobs, workers: false } },
)
const analyzer: Analyzer = { name: 'test', analyze: async () => ({ emotions: ['calm'], topics: ['home'], sentiment: 0 }) }

async function startInstance(choice: EngineChoice) {
  const database = connectDatabase(databaseUrl, { max: 5 })
  const instance = await buildApp({
    env,
    db: database.db,
    pool: database.pool,
    secrets,
    mailer: createSmtpMailer(smtp.url, env.MAIL_FROM),
    speech: { choice, analyzer },
    jobs,
  })
  return { instance, close: async () => (await instance.close(), await database.close()) }
}

async function sendMessage() {
  const { ada, bob, adaToBob } = await insertSignedInPair(app, db)
  const message = await sendRecording(app, ada.cookie, adaToBob)
  return async () => (await apiClient(app).get(`/api/messages/${message.id}`, bob.cookie)).json() as Message
}

describe('job leases across instances', () => {
  it('runs the job again on the next instance, and the cut-off attempt writes nothing', async () => {
    let cutOff: ((error: Error) => void) | undefined
    const dying = await startInstance({
      name: 'pocketsphinx',
      reason: 'test double that never finishes',
      engine: { name: 'test', transcribe: () => new Promise<Transcript>((_resolve, reject) => (cutOff = reject)) },
    })

    const read = await sendMessage()

    // the dying instance holds the job, mid-transcription, and dies: it takes no more work
    await expect.poll(() => cutOff !== undefined, { timeout: 10_000 }).toBe(true)
    expect((await read()).processing_status).toBe('processing')
    await dying.instance.jobs.stop({ graceful: false })

    // a new instance starts; the dead one's job expires and runs there
    const next = await startInstance({
      name: 'pocketsphinx',
      reason: 'test double',
      engine: {
        name: 'test',
        transcribe: async () => ({
          // three words: fewer are not enough to read a mood from (decision 92)
          text: 'we made it',
          words: [
            { word: 'we', start: 0, end: 0.2 },
            { word: 'made', start: 0.2, end: 0.5 },
            { word: 'it', start: 0.6, end: 0.8 },
          ],
          language: 'en',
        }),
      },
    })
    // picked up within lease + maintenance interval + pg-boss's first retry delay (5-10 s), not the old 30 minutes
    const diedAt = Date.now()
    await expect.poll(async () => (await read()).processing_status, { timeout: 30_000, interval: 250 }).toBe('completed')
    expect(Date.now() - diedAt).toBeLessThan(25_000)
    expect(await read()).toMatchObject({ transcription: 'we made it', emotions: ['calm'], topics: ['home'] })

    // the cut-off attempt finally fails; it is no longer the current attempt and changes nothing
    cutOff?.(new Error('process died'))
    await dying.close()
    await next.close()
    expect(await read()).toMatchObject({ processing_status: 'completed', transcription: 'we made it', processing_error: null })
  }, 60_000)

  it('keeps the lease of a job that runs longer than it while its instance lives: the job runs once', async () => {
    let runs = 0
    const slow = await startInstance({
      name: 'pocketsphinx',
      reason: 'test double that takes three leases',
      engine: {
        name: 'test',
        transcribe: async () => {
          runs += 1
          await new Promise((resolve) => setTimeout(resolve, 6_000))
          return { text: 'slow and sure', words: [], language: 'en' }
        },
      },
    })
    const read = await sendMessage()
    await expect.poll(async () => (await read()).processing_status, { timeout: 30_000, interval: 250 }).toBe('completed')
    await slow.close()
    expect(runs).toBe(1)
    const message = await read()
    expect(message).toMatchObject({ transcription: 'slow and sure', processing_error: null })
    // never expired and handed out again: one run, settled by the instance that ran it
    const job = await db.execute<{ state: string; retry_count: number }>(
      sql`select state, retry_count from pgboss.job where name = 'transcribe-message' and data->>'messageId' = ${message.id}`,
    )
    expect(job.rows).toEqual([{ state: 'completed', retry_count: 0 }])
  }, 40_000)
})
