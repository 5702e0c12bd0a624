import fs from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { AudioUpload, Message } from '#shared/messages.ts'
import { realtimeEventSchema, type RealtimeEvent } from '#shared/realtime.ts'
import { buildApp } from '#server/app.ts'
import { connectDatabase } from '#server/db/client.ts'
import { JOB_NAMES } from '#server/jobs/job-queue.ts'
import { createSmtpMailer } from '#server/notify/mailer.ts'
import { pocketsphinxAvailable } from '#server/speech/engines/pocketsphinx.ts'
import { insertSignedInPair } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { speechFixtureOrSpoken } from '#server/test/speech-fixtures.ts'
import { createTestApp, TEST_ORIGIN } from '#server/test/test-app.ts'

// A web instance and, later, a worker instance on one database and one data folder (the audio store both read),
// both transcribing with Debian's pocketsphinx, a real engine: the same clip must read the same wherever it runs.
const clip = speechFixtureOrSpoken('coffee-sunday.webm', "Hey! I really miss you. Let's grab coffee on Sunday.")
const canRun = (await pocketsphinxAvailable()) && clip !== null

const {
  app: web,
  db,
  databaseUrl,
  env,
  secrets,
  smtp,
} = await createTestApp({
  DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-roles-'),
  HEARTH_ROLE: 'web',
  TRANSCRIBE_ENGINE: 'pocketsphinx',
})
await web.listen({ port: 0, host: '127.0.0.1' })
const open: { close: () => Promise<void> }[] = []
afterAll(async () => {
  for (const instance of open) await instance.close()
})

/** Another instance of `role` on the web instance's database and data folder, as a second machine would run it. */
async function startInstance(role: 'worker' | 'all') {
  const database = connectDatabase(databaseUrl, { max: 5 })
  const app = await buildApp({
    env: { ...env, HEARTH_ROLE: role },
    db: database.db,
    pool: database.pool,
    secrets,
    mailer: createSmtpMailer(smtp.url, env.MAIL_FROM),
    jobs: { leaseSeconds: 2, maintenanceIntervalSeconds: 1 },
  })
  await app.ready()
  let closing: Promise<void> | undefined
  const instance = { app, close: () => (closing ??= (async () => (await app.close(), await database.close()))()) }
  open.push(instance)
  return instance
}

/** Sends the clip from Ada to Bob through `app`, as the record screen does. */
async function sendClip(app: FastifyInstance, cookie: string, contactId: string): Promise<Message> {
  const upload = await app.inject({
    method: 'POST',
    url: '/api/audio',
    payload: await fs.readFile(clip!),
    headers: { origin: TEST_ORIGIN, cookie, 'content-type': clip!.endsWith('.webm') ? 'audio/webm' : 'audio/wav' },
  })
  expect(upload.statusCode).toBe(201)
  const { upload_id } = upload.json() as AudioUpload
  const sent = await apiClient(app).post('/api/messages', cookie, { contact_id: contactId, upload_id })
  expect(sent.statusCode).toBe(201)
  return sent.json() as Message
}

async function openSocket(cookie: string): Promise<{ socket: WebSocket; events: RealtimeEvent[] }> {
  const address = web.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { cookie, origin: TEST_ORIGIN } })
  const events: RealtimeEvent[] = []
  socket.on('message', (data) => events.push(realtimeEventSchema.parse(JSON.parse(String(data)))))
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  return { socket, events }
}

const jobState = async (messageId: string) =>
  (
    await db.execute<{ state: string }>(
      sql`select state from pgboss.job where name = 'transcribe-message' and data->>'messageId' = ${messageId}`,
    )
  ).rows.map((row) => row.state)

describe('HEARTH_ROLE: web instances and worker instances', () => {
  let madeByWorker: Message | undefined

  it.skipIf(!canRun)(
    'a message sent to a web instance waits untranscribed until a worker instance starts, then is told live',
    async () => {
      const { ada, bob, adaToBob, bobToAda } = await insertSignedInPair(web, db)
      const bobSocket = await openSocket(bob.cookie)

      // the web instance queues the transcription and runs no job of any kind
      expect(web.jobs.working()).toEqual([])
      const message = await sendClip(web, ada.cookie, adaToBob)
      expect(message).toMatchObject({ processing_status: 'pending', transcription: null })
      expect(await jobState(message.id)).toEqual(['created'])

      // a worker instance runs every job of the job table, and serves its health and nothing else
      const worker = await startInstance('worker')
      expect(worker.app.jobs.working().sort()).toEqual([...JOB_NAMES].sort())
      expect((await worker.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
      for (const url of ['/', '/api/config', `/api/contacts/${bobToAda}/messages`, '/api/realtime']) {
        expect((await worker.app.inject({ method: 'GET', url, headers: { cookie: bob.cookie } })).statusCode).toBe(404)
      }

      const read = async () => (await apiClient(web).get(`/api/messages/${message.id}`, bob.cookie)).json() as Message
      await expect.poll(async () => (await read()).processing_status, { timeout: 30_000, interval: 250 }).toBe('completed')
      madeByWorker = await read()
      expect(madeByWorker.transcription).toMatch(/\w/)
      expect(madeByWorker.transcript_engine).toBe('pocketsphinx')
      // the worker's NOTIFY reached Bob's socket on the web instance
      await expect
        .poll(() =>
          bobSocket.events.some(
            (e) => e.type === 'message.updated' && e.message_id === message.id && e.changes?.transcription !== undefined,
          ),
        )
        .toBe(true)
      bobSocket.socket.close()
      await worker.close()
    },
    60_000,
  )

  it.skipIf(!canRun)(
    'an all-in-one instance makes the same transcript of the same clip',
    async () => {
      expect(madeByWorker).toBeDefined()
      const all = await startInstance('all')
      expect(all.app.jobs.working().sort()).toEqual([...JOB_NAMES].sort())
      const { ada, bob, adaToBob } = await insertSignedInPair(all.app, db, ['Cleo', 'Dan'])
      const message = await sendClip(all.app, ada.cookie, adaToBob)
      const read = async () => (await apiClient(all.app).get(`/api/messages/${message.id}`, bob.cookie)).json() as Message
      await expect.poll(async () => (await read()).processing_status, { timeout: 30_000, interval: 250 }).toBe('completed')
      const madeInProcess = await read()
      expect(madeInProcess.transcription).toBe(madeByWorker?.transcription)
      expect(madeInProcess.word_timestamps).toEqual(madeByWorker?.word_timestamps)
      expect(madeInProcess.transcript_confidence).toBe(madeByWorker?.transcript_confidence)
    },
    60_000,
  )
})
