import http from 'node:http'
import fs from 'node:fs/promises'
import { afterAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import type { Message } from '#shared/messages.ts'
import { makeAudio } from '#server/test/audio-files.ts'
import { insertConnectedPair, insertPerson } from '#server/test/data.ts'
import { killHearthProcesses, startHearthProcess } from '#server/test/hearth-process.ts'
import { signInOverHttp } from '#server/test/sign-in.ts'
import { startSpeechServer } from '#server/test/speech-server.ts'
import { createTestDatabase } from '#server/test/test-db.ts'

// `npm start`'s server stopped with SIGTERM while it serves a request, holds a socket and runs a job.
const ORIGIN = 'http://localhost:3999'
const database = await createTestDatabase()

// A speech server that never answers: the transcription job is still running at the stop.
const speech = await startSpeechServer(() => false)

afterAll(async () => {
  killHearthProcesses()
  speech.close()
  await database.close()
})

/** POST /api/audio whose body arrives in two halves; `rest()` sends the second half and answers the response. */
function slowUpload(url: string, cookie: string, audio: Buffer) {
  const request = http.request(`${url}/api/audio`, {
    method: 'POST',
    headers: { origin: ORIGIN, cookie, 'content-type': 'audio/webm', 'content-length': audio.length },
  })
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    request.on('error', reject)
  })
  request.write(audio.subarray(0, audio.length / 2))
  return { rest: () => (request.end(audio.subarray(audio.length / 2)), response) }
}

describe('SIGTERM', () => {
  it('finishes the running request, closes the socket with 1001, hands the running job back and exits 0', async () => {
    const hearth = await startHearthProcess({
      DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-shutdown-'),
      PUBLIC_URL: ORIGIN,
      DATABASE_URL: database.url,
      TRANSCRIBE_ENGINE: 'openai',
      OPENAI_BASE_URL: speech.url,
      OPENAI_API_KEY: 'test',
      RATE_LIMIT_ENABLED: 'false',
      SHUTDOWN_GRACE_SECONDS: '4',
    })
    const ada = await insertPerson(database.db, { name: 'Ada' })
    const bob = await insertPerson(database.db, { name: 'Bob' })
    const { aToB } = await insertConnectedPair(database.db, ada, bob)
    const cookie = await signInOverHttp(hearth.url, ada, ORIGIN)
    const api = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
      fetch(`${hearth.url}${path}`, { ...init, headers: { origin: ORIGIN, cookie, ...init.headers } })

    const socket = new WebSocket(`${hearth.url.replace('http', 'ws')}/api/realtime`, { headers: { cookie, origin: ORIGIN } })
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    )
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))

    // a message whose transcription is running (the speech server holds it)
    const clip = await makeAudio({ seconds: 1 })
    const uploaded = await api('/api/audio', { method: 'POST', headers: { 'content-type': 'audio/webm' }, body: new Uint8Array(clip) })
    const { upload_id } = (await uploaded.json()) as { upload_id: string }
    const sent = await api('/api/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contact_id: aToB, upload_id }),
    })
    const message = (await sent.json()) as Message
    await expect.poll(() => speech.held.length, { timeout: 15_000 }).toBe(1)

    const upload = slowUpload(hearth.url, cookie, clip)
    await new Promise((resolve) => setTimeout(resolve, 300))
    hearth.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 500))
    const finished = await upload.rest()

    expect(finished.status, finished.body).toBe(201)
    expect(await closed).toEqual({ code: 1001, reason: 'server shutting down' })
    expect(await hearth.exited).toBe(0)
    // handed back at once, to run on another instance now rather than a lease (a minute) later
    const { rows } = await database.pool.query<{ state: string; start_after: Date }>(
      `select state, start_after from pgboss.job where name = 'transcribe-message' and data->>'messageId' = $1`,
      [message.id],
    )
    expect(rows).toEqual([{ state: 'retry', start_after: expect.any(Date) }])
    expect(rows[0]?.start_after.getTime()).toBeLessThanOrEqual(Date.now())
  }, 90_000)
})
