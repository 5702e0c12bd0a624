import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import type { AudioUpload, Message } from '#shared/messages.ts'
import { realtimeEventSchema, type RealtimeEvent } from '#shared/realtime.ts'
import { createS3Storage } from '#server/media/s3-storage.ts'
import { makeAudio } from '#server/test/audio-files.ts'
import { insertConnectedPair, insertPerson } from '#server/test/data.ts'
import { killHearthProcesses, startHearthProcess } from '#server/test/hearth-process.ts'
import { startS3Server } from '#server/test/s3-server.ts'
import { startSpeechServer } from '#server/test/speech-server.ts'
import { signInOverHttp } from '#server/test/sign-in.ts'
import { createTestDatabase } from '#server/test/test-db.ts'

// Two app processes (`npm start`'s server) on one PostgreSQL and one S3 server, as behind a proxy.
const ORIGIN = 'http://localhost:3999'
const s3 = await startS3Server()
const database = await createTestDatabase()
const secrets = JSON.stringify({ authSecret: 'a'.repeat(40), urlSigningKey: 'u'.repeat(40), postgresPassword: 'p'.repeat(16) })

// The first transcription asked for never gets an answer (the instance asking is killed meanwhile); later ones
// answer. Each instance sends its own API key, so the held request names its instance.
const held: { instance?: string } = {}
const speech = await startSpeechServer((instance) => {
  if (held.instance) return true
  held.instance = instance
  return false
})
const speechUrl = speech.url

afterAll(async () => {
  speech.close()
  killHearthProcesses()
  await database.close()
  await s3.close()
})

async function startInstance(name: string) {
  const dataDir = await fs.mkdtemp('/tmp/hearth-int-instance-')
  // instances share secrets.json, so each accepts the sessions and signed URLs of the other (decision 83)
  await fs.writeFile(path.join(dataDir, 'secrets.json'), secrets, { mode: 0o600 })
  const instance = await startHearthProcess({
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    DATABASE_URL: database.url,
    TRANSCRIBE_ENGINE: 'openai',
    OPENAI_BASE_URL: speechUrl,
    OPENAI_API_KEY: name,
    JOB_LEASE_SECONDS: '3',
    RATE_LIMIT_ENABLED: 'false',
    ...s3.env,
  })
  return { name, ...instance }
}

let one: Awaited<ReturnType<typeof startInstance>>
let two: Awaited<ReturnType<typeof startInstance>>
beforeAll(async () => {
  // one after the other: two free-port look-ups at once can answer the same port
  one = await startInstance('instance-1')
  two = await startInstance('instance-2')
}, 60_000)

let delivered: { message: Message; bobCookie: string } | undefined

describe('two instances on one PostgreSQL and one S3 server', () => {
  it('a message sent through instance 1 reaches a receiver on instance 2 live, who plays it through a URL instance 2 issued', async () => {
    const ada = await insertPerson(database.db, { name: 'Ada' })
    const bob = await insertPerson(database.db, { name: 'Bob' })
    const { aToB, bToA } = await insertConnectedPair(database.db, ada, bob)
    const adaCookie = await signInOverHttp(one.url, ada, ORIGIN)
    const bobCookie = await signInOverHttp(two.url, bob, ORIGIN)

    const events: RealtimeEvent[] = []
    const socket = new WebSocket(`${two.url.replace('http', 'ws')}/api/realtime`, { headers: { cookie: bobCookie, origin: ORIGIN } })
    socket.on('message', (data) => events.push(realtimeEventSchema.parse(JSON.parse(String(data)))))
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))

    const upload = await fetch(`${one.url}/api/audio`, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: adaCookie, 'content-type': 'audio/webm' },
      body: new Uint8Array(await makeAudio({ seconds: 1 })),
    })
    expect(upload.status).toBe(201)
    const { upload_id } = (await upload.json()) as AudioUpload
    const sent = await fetch(`${one.url}/api/messages`, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: adaCookie, 'content-type': 'application/json' },
      body: JSON.stringify({ contact_id: aToB, upload_id }),
    })
    expect(sent.status).toBe(201)
    const message = (await sent.json()) as Message

    await expect.poll(() => events.some((e) => e.type === 'message.created' && e.message_id === message.id), { timeout: 10_000 }).toBe(true)
    socket.close()

    const listed = await fetch(`${two.url}/api/contacts/${bToA}/messages`, { headers: { cookie: bobCookie } })
    expect(listed.status).toBe(200)
    const body = (await listed.json()) as { messages?: Message[] } | Message[]
    const received = (Array.isArray(body) ? body : (body.messages ?? [])).find((m) => m.id === message.id)
    expect(received?.audio_url).toMatch(/^\/api\/media\//)
    const redirect = await fetch(`${two.url}${received?.audio_url ?? ''}`, { redirect: 'manual' })
    expect(redirect.status).toBe(302)
    const audio = await fetch(redirect.headers.get('location') ?? '')
    expect(audio.status).toBe(200)
    const bucket = createS3Storage(s3.config)
    const key = new URL(redirect.headers.get('location') ?? '').pathname.replace(`/${s3.bucket}/`, '')
    expect((await audio.arrayBuffer()).byteLength).toBe(await bucket.size(key))
    bucket.close()
    delivered = { message, bobCookie }
  })

  it('a session signed out through one instance is refused by the other as soon as it hears of it', async () => {
    const cy = await insertPerson(database.db, { name: 'Cy' })
    const cookie = await signInOverHttp(one.url, cy, ORIGIN)
    const contactsOnTwo = async () => (await fetch(`${two.url}/api/contacts`, { headers: { cookie } })).status
    // instance 2 has read the session (and keeps it: decision 189)
    expect(await contactsOnTwo()).toBe(200)
    expect(await contactsOnTwo()).toBe(200)

    const signedOut = await fetch(`${one.url}/api/auth/sign-out`, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(signedOut.status).toBe(200)
    // well before the 30 s a kept session lives
    await expect.poll(contactsOnTwo, { timeout: 5_000, interval: 50 }).toBe(401)
  })

  it('completes the message on the other instance when the one transcribing it is killed in the middle', async () => {
    await expect.poll(() => held.instance, { timeout: 15_000 }).toBeDefined()
    const [victim, survivor] = held.instance === one.name ? [one, two] : [two, one]
    victim.kill('SIGKILL')
    await victim.exited
    const status = async () => {
      const response = await fetch(`${survivor.url}/api/messages/${delivered?.message.id ?? ''}`, {
        headers: { cookie: delivered?.bobCookie ?? '' },
      })
      return ((await response.json()) as Message).processing_status
    }
    await expect.poll(status, { timeout: 30_000, interval: 250 }).toBe('completed')
  })

  it('stops an instance on SIGTERM with exit code 0', async () => {
    const survivor = held.instance === one.name ? two : one
    expect((await fetch(`${survivor.url}/api/health`)).status).toBe(200)
    survivor.kill('SIGTERM')
    expect(await survivor.exited).toBe(0)
  })
})
