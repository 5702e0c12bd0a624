import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { API_ERROR_TEXTS } from '#shared/api-error.ts'
import type { AudioUpload, Message } from '#shared/messages.ts'
import { realtimeEventSchema, type RealtimeEvent } from '#shared/realtime.ts'
import { connectDatabase, type DbHandle } from '#server/db/client.ts'
import { startEmbeddedPostgres, type EmbeddedDatabase } from '#server/db/embedded-postgres.ts'
import { makeAudio } from '#server/test/audio-files.ts'
import { insertConnectedPair, insertPerson, type InsertedPerson } from '#server/test/data.ts'
import { killHearthProcesses, startHearthProcess, type HearthProcess } from '#server/test/hearth-process.ts'
import { signInOverHttp } from '#server/test/sign-in.ts'

// A PostgreSQL of its own (DATABASE_URL) that is stopped and started again under a running web instance and a
// running worker instance, as a restart or a failover of a managed database does (decision 217).
const ORIGIN = 'http://localhost:3998'
const PASSWORDS = { password: 'restart-superuser', appPassword: 'restart-app-role' }
const root = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-int-restart-'))
await fs.chmod(root, 0o755)
const clusterDir = path.join(root, 'pg')
const startCluster = (port?: number) => startEmbeddedPostgres({ dir: clusterDir, ...PASSWORDS, log: () => undefined, port })

let cluster: EmbeddedDatabase
let database: DbHandle
let web: HearthProcess
let worker: HearthProcess
let ada: InsertedPerson
let aToB: string
let bToA: string
let adaCookie: string
let bobCookie: string

afterAll(async () => {
  killHearthProcesses()
  await database?.close().catch(() => undefined)
  await cluster?.stop()
  await fs.rm(root, { recursive: true, force: true })
})

/** Both on one data folder, as on one machine: the same secrets, and the recordings the web stores the worker reads. */
async function startInstance(role: 'web' | 'worker') {
  return startHearthProcess({
    DATA_DIR: path.join(root, 'data'),
    PUBLIC_URL: ORIGIN,
    DATABASE_URL: cluster.url,
    HEARTH_ROLE: role,
    TRANSCRIBE_ENGINE: 'none',
    RATE_LIMIT_ENABLED: 'false',
  })
}

beforeAll(async () => {
  cluster = await startCluster()
  // the web instance first, which migrates; the worker starts while the people are made
  web = await startInstance('web')
  const workerStarted = startInstance('worker')
  database = connectDatabase(cluster.url, { max: 2 })
  ada = await insertPerson(database.db, { name: 'Ada' })
  const bob = await insertPerson(database.db, { name: 'Bob' })
  ;({ aToB, bToA } = await insertConnectedPair(database.db, ada, bob))
  adaCookie = await signInOverHttp(web.url, ada, ORIGIN)
  bobCookie = await signInOverHttp(web.url, bob, ORIGIN)
  worker = await workerStarted
}, 60_000)

/** Ada sends Bob a one-second recording; answers the message once it was acknowledged (201). */
async function send(): Promise<Message> {
  const upload = await fetch(`${web.url}/api/audio`, {
    method: 'POST',
    headers: { origin: ORIGIN, cookie: adaCookie, 'content-type': 'audio/webm' },
    body: new Uint8Array(await makeAudio({ seconds: 1 })),
  })
  expect(upload.status).toBe(201)
  const { upload_id } = (await upload.json()) as AudioUpload
  const sent = await fetch(`${web.url}/api/messages`, {
    method: 'POST',
    headers: { origin: ORIGIN, cookie: adaCookie, 'content-type': 'application/json' },
    body: JSON.stringify({ contact_id: aToB, upload_id }),
  })
  expect(sent.status).toBe(201)
  return (await sent.json()) as Message
}

const contacts = () => fetch(`${web.url}/api/contacts`, { headers: { cookie: adaCookie } })

describe('the database of DATABASE_URL restarts under running instances', () => {
  it('answers 503 while it is away, recovers by itself, resyncs open sockets, runs new jobs and keeps every acknowledged message', async () => {
    const before = [await send(), await send()]

    const events: RealtimeEvent[] = []
    const socket = new WebSocket(`${web.url.replace('http', 'ws')}/api/realtime`, { headers: { cookie: bobCookie, origin: ORIGIN } })
    socket.on('message', (data) => events.push(realtimeEventSchema.parse(JSON.parse(String(data)))))
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))

    await cluster.stop()
    // an API request and a sign-in (through Better Auth) are answered, with 503 and a calm text
    const away = await contacts()
    expect(away.status).toBe(503)
    expect(((await away.json()) as { error: { message: string } }).error.message).toBe(API_ERROR_TEXTS.databaseUnavailable)
    const signIn = await fetch(`${web.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ email: ada.email, password: ada.password }),
    })
    expect(signIn.status).toBe(503)
    // in Better Auth's error shape, which the sign-in screens show
    expect(((await signIn.json()) as { message: string }).message).toBe(API_ERROR_TEXTS.databaseUnavailable)
    expect(socket.readyState).toBe(WebSocket.OPEN)

    cluster = await startCluster(cluster.port)
    // the same request succeeds once the pools reconnect, with no restart of Hearth
    await expect.poll(async () => (await contacts()).status, { timeout: 15_000, interval: 200 }).toBe(200)
    // the realtime hub listens again and tells the open socket that it may have missed events
    await expect.poll(() => events.some((event) => event.type === 'resync'), { timeout: 15_000 }).toBe(true)

    const after = await send()
    await expect.poll(() => events.some((e) => e.type === 'message.created' && e.message_id === after.id), { timeout: 10_000 }).toBe(true)
    socket.close()

    // the jobs of the message sent after the restart run on the worker
    const jobStates = async () => {
      const { rows } = await database.pool.query<{ state: string }>(
        `select state from pgboss.job where name = 'push-new-message' and data->>'messageId' = $1`,
        [after.id],
      )
      return rows.map((row) => row.state)
    }
    await expect.poll(jobStates, { timeout: 15_000, interval: 200 }).toEqual(['completed'])

    const listed = await fetch(`${web.url}/api/contacts/${bToA}/messages`, { headers: { cookie: bobCookie } })
    expect(listed.status).toBe(200)
    const body = (await listed.json()) as { messages?: Message[] } | Message[]
    const ids = (Array.isArray(body) ? body : (body.messages ?? [])).map((message) => message.id)
    expect(ids).toEqual(expect.arrayContaining([...before, after].map((message) => message.id)))
    expect(worker.output()).not.toContain('[hearth] stopping')
    expect(web.output()).not.toContain('[hearth] stopping')
  })
})
