import { afterAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { realtimeEventSchema, type RealtimeEvent } from '#shared/realtime.ts'
import { buildApp } from '../app.ts'
import { connectDatabase } from '../db/client.ts'
import { createSmtpMailer } from '../notify/mailer.ts'
import { insertSignedInPerson } from '../test/people.ts'
import { createTestApp, TEST_ORIGIN } from '../test/test-app.ts'

// Two server instances on one database, as when Hearth runs behind a load balancer.
const first = await createTestApp()
const secondDatabase = connectDatabase(first.databaseUrl, { max: 5 })
const second = await buildApp({
  env: first.env,
  db: secondDatabase.db,
  pool: secondDatabase.pool,
  secrets: first.secrets,
  mailer: createSmtpMailer(first.smtp.url, first.env.MAIL_FROM),
})
await second.listen({ port: 0, host: '127.0.0.1' })
const address = second.server.address()
const secondUrl = typeof address === 'object' && address ? `ws://127.0.0.1:${address.port}/api/realtime` : ''
afterAll(async () => {
  await second.close()
  await secondDatabase.close()
})

/** Opens a socket to the second instance; resolves once open, or with the refusal status. */
function openSocket(headers: Record<string, string>): Promise<{ socket: WebSocket; events: RealtimeEvent[] } | { refused: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(secondUrl, { headers })
    const events: RealtimeEvent[] = []
    socket.on('message', (data) => events.push(realtimeEventSchema.parse(JSON.parse(String(data)))))
    socket.on('open', () => resolve({ socket, events }))
    socket.on('unexpected-response', (_request, response) => resolve({ refused: response.statusCode ?? 0 }))
    socket.on('error', reject)
  })
}

describe('/api/realtime', () => {
  it('delivers a change made through one instance to a client of the other, and only to the people concerned', async () => {
    const ada = await insertSignedInPerson(first.app, first.db, { name: 'Ada' })
    const bob = await insertSignedInPerson(first.app, first.db, { name: 'Bob' })
    const eve = await insertSignedInPerson(first.app, first.db, { name: 'Eve' })
    const adaSocket = await openSocket({ cookie: ada.cookie, origin: TEST_ORIGIN })
    const eveSocket = await openSocket({ cookie: eve.cookie, origin: TEST_ORIGIN })
    if (!('socket' in adaSocket) || !('socket' in eveSocket)) throw new Error('socket refused')

    const response = await first.app.inject({
      method: 'POST',
      url: '/api/contacts/connect',
      payload: { user_id: ada.id },
      headers: { cookie: bob.cookie, origin: TEST_ORIGIN },
    })
    expect(response.statusCode).toBe(201)

    await expect.poll(() => adaSocket.events, { timeout: 5000 }).toEqual([
      { type: 'contact.changed', contact_id: expect.any(String), change: 'created' },
    ])
    // Eve is not part of it and hears nothing.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(eveSocket.events).toEqual([])
    adaSocket.socket.close()
    eveSocket.socket.close()
  })

  it('refuses a socket without a session (401) and one opened from another site (403)', async () => {
    const ada = await insertSignedInPerson(first.app, first.db)
    expect(await openSocket({ origin: TEST_ORIGIN })).toEqual({ refused: 401 })
    expect(await openSocket({ cookie: ada.cookie, origin: 'https://evil.example' })).toEqual({ refused: 403 })
    expect(await openSocket({ cookie: ada.cookie })).toEqual({ refused: 403 })
  })

  it('announces nothing for a refused change', async () => {
    const owner = await insertSignedInPerson(first.app, first.db)
    const socket = await openSocket({ cookie: owner.cookie, origin: TEST_ORIGIN })
    if (!('socket' in socket)) throw new Error('socket refused')
    const refused = await first.app.inject({
      method: 'POST',
      url: '/api/contacts/connect',
      payload: { user_id: owner.id },
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
    })
    expect(refused.statusCode).toBe(400)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(socket.events).toEqual([])
    socket.socket.close()
  })
})
