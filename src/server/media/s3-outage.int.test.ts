import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { ERROR_CODES } from '#shared/error-codes.ts'
import { DECLARED_SECONDS_HEADER, type Message } from '#shared/messages.ts'
import { audioUploads } from '#server/db/schema.ts'
import type { Analyzer } from '#server/speech/analysis/analyzer.ts'
import { SpeechEngineError, type EngineChoice } from '#server/speech/engine.ts'
import { makeAudio } from '#server/test/audio-files.ts'
import { insertSignedInPair, type SignedInPerson } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { startS3Server, startSilentServer } from '#server/test/s3-server.ts'
import { createTestApp, TEST_ORIGIN } from '#server/test/test-app.ts'
import { sendRecording } from '#server/test/uploads.ts'
import { createS3Storage } from './s3-storage.ts'
import { createLocalStorage, StorageUnavailableError } from './storage.ts'
import { migrateStorage } from './storage-migrate.ts'

// The bucket goes away while Hearth runs (decision 216): uploads are refused with a calm 503 at once, health says
// which part is down, jobs that need the store wait for it, and nothing acknowledged before is lost.
const s3 = await startS3Server()
const dataDir = await fs.mkdtemp('/tmp/hearth-int-s3-outage-')

/** the engine refuses (for good) while this is set: a message that then fails is retried by its person later */
let engineRefuses = false
const SPOKEN = 'See you at the station'
const engine: EngineChoice = {
  name: 'pocketsphinx',
  reason: 'test double',
  engine: {
    name: 'test',
    async transcribe() {
      if (engineRefuses) throw new SpeechEngineError('the engine refused', false)
      return { text: SPOKEN, words: [], language: 'en', confidence: 0.9 }
    },
  },
}
const analyzer: Analyzer = { name: 'test', analyze: async () => ({ emotions: ['calm'], topics: ['plans'], sentiment: 0.5 }) }

const { app, db, pool } = await createTestApp(
  { DATA_DIR: dataDir, RATE_LIMIT_ENABLED: 'false', METRICS_TOKEN: 'metrics-token-of-the-outage-test', ...s3.env },
  { speech: { choice: engine, analyzer }, jobs: { storageRetryMinMs: 300, maintenanceIntervalSeconds: 1 } },
)
const api = apiClient(app)
afterAll(async () => {
  await s3.close()
})

const messageOf = async (person: SignedInPerson, id: string) => (await api.get(`/api/messages/${id}`, person.cookie)).json() as Message
const statusOf = async (person: SignedInPerson, id: string) => (await messageOf(person, id)).processing_status

/** Follows the app's signed URL to the bucket, as a browser's audio element does. */
async function play(appUrl: string) {
  const answer = await app.inject({ method: 'GET', url: appUrl })
  if (answer.statusCode !== 302) return { status: answer.statusCode, body: answer.json() as unknown, bytes: 0 }
  const fetched = await fetch(String(answer.headers.location))
  return { status: fetched.status, body: null, bytes: (await fetched.arrayBuffer()).byteLength }
}

const upload = async (person: SignedInPerson) =>
  app.inject({
    method: 'POST',
    url: '/api/audio',
    payload: await makeAudio({ seconds: 1 }),
    headers: { origin: TEST_ORIGIN, cookie: person.cookie, 'content-type': 'audio/webm', [DECLARED_SECONDS_HEADER]: '1' },
  })

/** the state of the transcription job of `messageId` in pg-boss's table, and how often it was retried */
const jobOf = async (messageId: string) => {
  const { rows } = await pool.query<{ state: string; retry_count: number }>(
    `SELECT state, retry_count FROM pgboss.job WHERE name = 'transcribe-message' AND data->>'messageId' = $1 ORDER BY created_on DESC LIMIT 1`,
    [messageId],
  )
  return rows[0] ?? null
}

describe('the store going away while Hearth runs', () => {
  it('refuses uploads with a calm 503 at once, says so in health, lets a transcription wait for it, and loses nothing', async () => {
    const { ada, adaToBob } = await insertSignedInPair(app, db)
    // acknowledged before the outage: stored (and measured) in the bucket
    const before = await sendRecording(app, ada.cookie, adaToBob)
    await expect.poll(() => statusOf(ada, before.id), { timeout: 20_000, interval: 200 }).toBe('completed')
    const acknowledged = await messageOf(ada, before.id)
    // a message whose transcription failed for a reason of the engine's; its person asks again during the outage
    engineRefuses = true
    const refused = await sendRecording(app, ada.cookie, adaToBob)
    await expect.poll(() => statusOf(ada, refused.id), { timeout: 20_000, interval: 200 }).toBe('failed')
    engineRefuses = false
    const uploadsBefore = await db.$count(audioUploads, eq(audioUploads.userId, ada.id))

    await s3.stop()

    // the upload answers (well before a client gives up) with the store's calm refusal, and leaves no row behind
    const startedAt = Date.now()
    const refusedUpload = await upload(ada)
    expect(Date.now() - startedAt).toBeLessThan(15_000)
    expect(refusedUpload.statusCode).toBe(503)
    expect(refusedUpload.json()).toEqual({
      error: {
        code: ERROR_CODES.storageUnavailable,
        message: "Hearth can't reach its storage right now. Please try again in a little while.",
        reason: 'error.api.storageUnavailable',
      },
    })
    expect(await db.$count(audioUploads, eq(audioUploads.userId, ada.id))).toBe(uploadsBefore)
    expect((await fs.readdir(path.join(dataDir, 'tmp'))).filter((name) => name.startsWith('upload-'))).toEqual([])

    // health names the part that is down, and nothing of its address or keys
    const health = await app.inject({ method: 'GET', url: '/api/health' })
    expect(health.statusCode).toBe(200)
    expect(health.json()).toMatchObject({
      status: 'degraded',
      database: { status: 'up' },
      storage: { driver: 's3', status: 'unreachable', reason: 'unreachable' },
    })
    expect(health.body).not.toContain(s3.endpoint)
    expect(health.body).not.toContain(s3.config.secretAccessKey)
    const metrics = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-of-the-outage-test' },
    })
    expect(metrics.body).toMatch(/\nhearth_storage_up 0\n/)

    // a recording that cannot be fetched now is out of reach, not gone
    const away = await play(acknowledged.audio_url)
    expect(away.status).toBe(503)
    expect(away.body).toMatchObject({ error: { code: ERROR_CODES.storageUnavailable } })

    // a transcription that starts now meets the absent store: it waits, its attempt uncounted, and is never failed
    expect((await api.post(`/api/messages/${refused.id}/retry-transcription`, ada.cookie)).statusCode).toBeLessThan(300)
    await expect.poll(async () => (await jobOf(refused.id))?.state, { timeout: 10_000, interval: 100 }).toBe('retry')
    expect((await jobOf(refused.id))?.retry_count).toBe(0)
    expect(await statusOf(ada, refused.id)).not.toBe('failed')
    // it keeps trying while the store stays away
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(await statusOf(ada, refused.id)).not.toBe('failed')

    await s3.restart()

    await expect.poll(() => statusOf(ada, refused.id), { timeout: 30_000, interval: 250 }).toBe('completed')
    expect((await messageOf(ada, refused.id)).transcription).toBe(SPOKEN)
    // the message acknowledged before the outage plays, every byte of it
    const back = await play(acknowledged.audio_url)
    expect(back.status).toBe(200)
    expect(back.bytes).toBeGreaterThan(100)
    expect((await upload(ada)).statusCode).toBe(201)
  })

  it('tells a store that refuses the keys and one that never answers from a missing object, promptly', async () => {
    const file = path.join(dataDir, `put-${randomBytes(4).toString('hex')}`)
    await fs.writeFile(file, 'voice')
    const wrongKey = createS3Storage({ ...s3.config, secretAccessKey: 'not-the-key', accessKeyId: 'SOMEONE' })
    const put = await wrongKey.putFile('someone/1-a.webm', file).catch((error: unknown) => error)
    expect(put).toBeInstanceOf(StorageUnavailableError)
    expect((put as StorageUnavailableError).kind).toBe('credentials')
    await expect(fs.stat(file)).resolves.toBeDefined() // nothing moved: the caller still holds the file
    expect(await wrongKey.health()).toEqual({ status: 'unreachable', reason: 'credentials' })
    wrongKey.close()

    const right = createS3Storage(s3.config)
    expect(await right.size('someone/missing.webm')).toBeNull()
    expect(await right.health()).toEqual({ status: 'ok' })
    right.close()

    const silent = await startSilentServer()
    const hanging = createS3Storage({ ...s3.config, endpoint: silent.endpoint })
    const startedAt = Date.now()
    const [stored, health] = await Promise.all([
      hanging.putFile('someone/2-b.webm', file).catch((error: unknown) => error),
      hanging.health().then((answer) => ({ answer, after: Date.now() - startedAt })),
    ])
    // it answered, well before a person's patience (or a proxy's) runs out, rather than hanging
    expect(Date.now() - startedAt).toBeLessThan(15_000)
    expect(stored).toBeInstanceOf(StorageUnavailableError)
    expect((stored as StorageUnavailableError).kind).toBe('timeout')
    expect(health.answer).toEqual({ status: 'unreachable', reason: 'timeout' })
    expect(health.after).toBeLessThan(5_000)
    hanging.close()
    await silent.close()
  })

  it('storage:migrate waits for a bucket that went away and copies on once it is back', async () => {
    const root = await fs.mkdtemp(path.join(dataDir, 'local-media-'))
    const local = createLocalStorage(root)
    const who = 'user_' + randomBytes(4).toString('hex')
    const source = path.join(dataDir, `m-${randomBytes(4).toString('hex')}`)
    await fs.writeFile(source, randomBytes(700))
    await local.putFile(`${who}/1-a.webm`, source)
    const bucket = createS3Storage(s3.config)
    await s3.stop()
    const lines: string[] = []
    const waits: number[] = []
    const result = await migrateStorage({
      from: local,
      to: bucket,
      tmpDir: path.join(dataDir, 'migrate'),
      log: (line) => lines.push(line),
      wait: async (ms) => {
        waits.push(ms)
        if (waits.length === 2) await s3.restart()
      },
    })
    expect(result).toEqual({ copied: 1, skipped: 0, failed: 0 })
    expect(waits).toEqual([5_000, 10_000])
    expect(lines[0]).toMatch(/the bucket cannot be reached \(unreachable\); trying .* again in 5 s/)
    expect(await bucket.size(`${who}/1-a.webm`)).toBe(700)
    bucket.close()
  })
})
