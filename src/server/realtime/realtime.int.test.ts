import { randomUUID } from 'node:crypto'
import { and, eq, like, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { Contact } from '#shared/contacts.ts'
import {
  ACCOUNT_DISABLED_CLOSE_REASON,
  REALTIME_TEXTS,
  realtimeEventSchema,
  SESSION_ENDED_CLOSE_CODE,
  type RealtimeEvent,
} from '#shared/realtime.ts'
import { buildApp } from '#server/app.ts'
import { connectDatabase } from '#server/db/client.ts'
import { LISTENER_APPLICATION_NAME } from '#server/db/listener.ts'
import { realtimePresence, verification } from '#server/db/schema.ts'
import { createSmtpMailer } from '#server/notify/mailer.ts'
import { NOTIFY_PAYLOAD_LIMIT, notifyAtCommit, publishRealtime, REALTIME_CHANNEL } from '#server/realtime/realtime.publisher.ts'
import { setHearthOwner } from '#server/test/data.ts'
import { insertSignedInPair, insertSignedInPerson } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { createTestApp, TEST_ORIGIN } from '#server/test/test-app.ts'
import { sendRecording } from '#server/test/uploads.ts'

// Two server instances on one database, as when Hearth runs behind a load balancer.
const first = await createTestApp()
const api = apiClient(first.app)
const secondDatabase = connectDatabase(first.databaseUrl, { max: 5 })
const second = await buildApp({
  env: first.env,
  db: secondDatabase.db,
  pool: secondDatabase.pool,
  secrets: first.secrets,
  mailer: createSmtpMailer(first.smtp.url, first.env.MAIL_FROM),
})
await second.listen({ port: 0, host: '127.0.0.1' })
const secondUrl = socketUrl(second)
// The first instance listens too, for the presence tests that open sockets on both.
await first.app.listen({ port: 0, host: '127.0.0.1' })
const firstUrl = socketUrl(first.app)
afterAll(async () => {
  await second.close()
  await secondDatabase.close()
})

function socketUrl(app: typeof second): string {
  const address = app.server.address()
  return typeof address === 'object' && address ? `ws://127.0.0.1:${address.port}/api/realtime` : ''
}

/** Opens a socket (to the second instance unless told); resolves once open, or with the refusal status. */
function openSocket(
  headers: Record<string, string>,
  url = secondUrl,
): Promise<{ socket: WebSocket; events: RealtimeEvent[]; binaryFrames: () => number } | { refused: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers })
    const events: RealtimeEvent[] = []
    let binary = 0
    socket.on('message', (data, isBinary) => {
      if (isBinary) binary += 1
      events.push(realtimeEventSchema.parse(JSON.parse(String(data))))
    })
    socket.on('open', () => resolve({ socket, events, binaryFrames: () => binary }))
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

    const response = await api.post('/api/contacts/connect', bob.cookie, { user_id: ada.id })
    expect(response.statusCode).toBe(201)

    await expect
      .poll(() => adaSocket.events, { timeout: 5000 })
      .toEqual([{ type: 'contact.changed', contact_id: expect.any(String), change: 'requested' }])
    // Eve is not part of it and hears nothing.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(eveSocket.events).toEqual([])
    adaSocket.socket.close()
    eveSocket.socket.close()
  })

  it('tells each person of a message what changed as they see it: the message, their own contact, never to a third', async () => {
    const { ada, bob, adaToBob, bobToAda } = await insertSignedInPair(first.app, first.db)
    const eve = await insertSignedInPerson(first.app, first.db, { name: 'Eve' })
    const sockets = await Promise.all([ada, bob, eve].map((p) => openSocket({ cookie: p.cookie, origin: TEST_ORIGIN })))
    const [adaSocket, bobSocket, eveSocket] = sockets
    if (!adaSocket || !bobSocket || !eveSocket || !('socket' in adaSocket) || !('socket' in bobSocket) || !('socket' in eveSocket)) {
      throw new Error('socket refused')
    }
    const sent = await sendRecording(first.app, ada.cookie, adaToBob)
    const created = (events: RealtimeEvent[]) => events.find((e) => e.type === 'message.created')
    await expect
      .poll(() => created(bobSocket.events), { timeout: 5000 })
      .toMatchObject({
        message_id: sent.id,
        contact_id: bobToAda,
        message: { id: sent.id, sender_id: ada.id, liked: false, transcription: null },
        contact: { id: bobToAda, contact_user_id: ada.id, unread_count: 1 },
      })
    // the pair's health is recomputed after the send's commit, and then each is told (decision 176)
    await expect
      .poll(() => bobSocket.events.find((e) => e.type === 'health.changed'), { timeout: 5000 })
      .toEqual({ type: 'health.changed', contact_id: bobToAda })
    await expect
      .poll(() => created(adaSocket.events), { timeout: 5000 })
      .toMatchObject({
        contact_id: adaToBob,
        contact: { id: adaToBob, contact_user_id: bob.id, unread_count: 0 },
      })

    expect((await api.post(`/api/messages/${sent.id}/read`, bob.cookie)).statusCode).toBe(200)
    const read = (events: RealtimeEvent[]) => events.find((e) => e.type === 'message.updated' && e.changes?.is_read === true)
    await expect
      .poll(() => read(bobSocket.events), { timeout: 5000 })
      .toMatchObject({
        message_id: sent.id,
        contact_id: bobToAda,
        contact: { id: bobToAda, unread_count: 0 },
      })
    // the sender learns it was heard, and gets no contact of Bob's
    await expect
      .poll(() => read(adaSocket.events), { timeout: 5000 })
      .toEqual({
        type: 'message.updated',
        message_id: sent.id,
        contact_id: adaToBob,
        changes: { is_read: true },
        health: true,
      })
    // a like is the message's one heart (decision 205): both people's tabs hear of it, each as their own contact
    expect((await api.post(`/api/messages/${sent.id}/like`, bob.cookie, { liked: true })).statusCode).toBe(200)
    const liked = (events: RealtimeEvent[]) => events.find((e) => e.type === 'message.updated' && e.changes?.liked === true)
    const likeOf = (contactId: string) => ({
      type: 'message.updated',
      message_id: sent.id,
      contact_id: contactId,
      changes: { liked: true },
      health: true,
    })
    await expect.poll(() => liked(bobSocket.events), { timeout: 5000 }).toEqual(likeOf(bobToAda))
    await expect.poll(() => liked(adaSocket.events), { timeout: 5000 }).toEqual(likeOf(adaToBob))
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(eveSocket.events.filter((e) => e.type.startsWith('message.'))).toEqual([])
    for (const s of [adaSocket, bobSocket, eveSocket]) s.socket.close()
  })

  it('refuses a socket without a session (401) and one opened from another site (403)', async () => {
    const ada = await insertSignedInPerson(first.app, first.db)
    expect(await openSocket({ origin: TEST_ORIGIN })).toEqual({ refused: 401 })
    expect(await openSocket({ cookie: ada.cookie, origin: 'https://evil.example' })).toEqual({ refused: 403 })
    expect(await openSocket({ cookie: ada.cookie })).toEqual({ refused: 403 })
  })

  it('tells every tab of the person of a new circle order, once, as an uncompressed text frame; a refused order is not told', async () => {
    const owner = await insertSignedInPerson(first.app, first.db)
    const friend = await insertSignedInPerson(first.app, first.db)
    const stranger = await insertSignedInPerson(first.app, first.db)
    const mine = (await api.post('/api/contacts/connect', owner.cookie, { user_id: friend.id })).json() as { contact: Contact }
    const theirs = (await api.post('/api/contacts/connect', stranger.cookie, { user_id: friend.id })).json() as { contact: Contact }
    // one tab on each instance: the instance that takes the change and the other one both deliver it
    const tabs = [
      await openSocket({ cookie: owner.cookie, origin: TEST_ORIGIN }, firstUrl),
      await openSocket({ cookie: owner.cookie, origin: TEST_ORIGIN }, secondUrl),
    ]
    const refused = await api.put('/api/contacts/order', owner.cookie, { contact_ids: [mine.contact.id, theirs.contact.id] })
    expect(refused.statusCode).toBe(404)
    expect((await api.put('/api/contacts/order', owner.cookie, { contact_ids: [mine.contact.id] })).statusCode).toBe(204)
    const reordered = { type: 'contact.changed', contact_id: null, change: 'reordered' }
    for (const tab of tabs) {
      if (!('socket' in tab)) throw new Error('socket refused')
      // events arrive in commit order: had the refused order been told, it would be here before this one
      await expect.poll(() => tab.events, { timeout: 5000 }).toContainEqual(reordered)
      expect(tab.events.filter((event) => event.type === 'contact.changed' && event.change === 'reordered')).toEqual([reordered])
      expect(tab.binaryFrames()).toBe(0)
      // the client offered permessage-deflate (ws does by default); the server declines it: these frames are a few
      // hundred bytes, and deflating each for every socket would cost more CPU than the bytes it saves on the wire
      expect(tab.socket.extensions).toBe('')
      tab.socket.close()
    }
  })

  /**
   * An event sent straight through PostgreSQL, published by no instance: every instance hears it after whatever was
   * notified before it, so once it has arrived, a late or repeated earlier event would have arrived too.
   */
  async function fence(userId: string): Promise<RealtimeEvent> {
    const event = { type: 'contact.changed', contact_id: randomUUID(), change: 'updated' } as const
    await first.db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify({ to: [userId], event })})`)
    return event
  }

  it("delivers an event to the publishing instance's sockets once, after the commit, and to the other instance's once", async () => {
    const owner = await insertSignedInPerson(first.app, first.db)
    const friend = await insertSignedInPerson(first.app, first.db)
    const mine = (await api.post('/api/contacts/connect', owner.cookie, { user_id: friend.id })).json() as { contact: Contact }
    // the request is taken by the first instance: it delivers to its own tab itself, the second hears the NOTIFY
    const here = await openSocket({ cookie: owner.cookie, origin: TEST_ORIGIN }, firstUrl)
    const there = await openSocket({ cookie: owner.cookie, origin: TEST_ORIGIN }, secondUrl)
    if (!('socket' in here) || !('socket' in there)) throw new Error('socket refused')

    // a transaction that announces and then rolls back tells nobody, here or there
    const never = { type: 'contact.changed', contact_id: mine.contact.id, change: 'archived' } as const
    await expect(
      first.db.transaction(async (tx) => {
        await publishRealtime(tx, [owner.id], never)
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect((await api.post(`/api/contacts/${mine.contact.id}/archive`, owner.cookie, { should_archive: true })).statusCode).toBe(200)
    const last = await fence(owner.id)

    const archived = { type: 'contact.changed', contact_id: mine.contact.id, change: 'archived' }
    for (const tab of [here, there]) {
      await expect.poll(() => tab.events, { timeout: 5000 }).toContainEqual(last)
      expect(tab.events).toEqual([archived, last])
      tab.socket.close()
    }
  })

  it('rolls back a transaction whose closing notifications fail, throws, and tells nobody here or there', async () => {
    const owner = await insertSignedInPerson(first.app, first.db)
    const here = await openSocket({ cookie: owner.cookie, origin: TEST_ORIGIN }, firstUrl)
    const there = await openSocket({ cookie: owner.cookie, origin: TEST_ORIGIN }, secondUrl)
    if (!('socket' in here) || !('socket' in there)) throw new Error('socket refused')
    const identifier = `pipelined-commit:${randomUUID()}`
    // the closing statement leaves with the COMMIT (decision 188): PostgreSQL refuses the oversized payload, and the
    // COMMIT written behind it then rolls the transaction back
    await expect(
      first.db.transaction(async (tx) => {
        await tx.insert(verification).values({ id: randomUUID(), identifier, value: owner.id, expiresAt: new Date(Date.now() + 60_000) })
        await publishRealtime(tx, [owner.id], { type: 'contact.changed', contact_id: randomUUID(), change: 'updated' })
        await notifyAtCommit(tx, 'hearth_test_channel', 'x'.repeat(8000))
      }),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/payload string too long/) } })
    expect(await first.db.select().from(verification).where(eq(verification.identifier, identifier))).toEqual([])
    // the pool's connection is usable again, inside a transaction and out
    await first.db.transaction(async (tx) => {
      await tx.insert(verification).values({ id: randomUUID(), identifier, value: owner.id, expiresAt: new Date(Date.now() + 60_000) })
    })
    expect(await first.db.select().from(verification).where(eq(verification.identifier, identifier))).toHaveLength(1)
    const last = await fence(owner.id)
    for (const tab of [here, there]) {
      await expect.poll(() => tab.events, { timeout: 5000 }).toContainEqual(last)
      expect(tab.events).toEqual([last])
      tab.socket.close()
    }
  })

  it('delivers a burst of events, several to a socket in one tick, each once, in commit order, on both instances', async () => {
    const owner = await insertSignedInPerson(first.app, first.db)
    const here = await openSocket({ cookie: owner.cookie, origin: TEST_ORIGIN }, firstUrl)
    const there = await openSocket({ cookie: owner.cookie, origin: TEST_ORIGIN }, secondUrl)
    if (!('socket' in here) || !('socket' in there)) throw new Error('socket refused')
    // one transaction's events reach the publishing instance's tab in the same tick (they share one write), and the
    // other instance's in notifications that arrive together
    const burst = Array.from({ length: 20 }, () => ({ type: 'contact.changed', contact_id: randomUUID(), change: 'updated' }) as const)
    await first.db.transaction(async (tx) => {
      for (const event of burst) await publishRealtime(tx, [owner.id], event)
    })
    const last = await fence(owner.id)
    for (const tab of [here, there]) {
      await expect.poll(() => tab.events, { timeout: 5000 }).toContainEqual(last)
      expect(tab.events).toEqual([...burst, last])
      tab.socket.close()
    }
  })

  it("sends a transaction's events to the other instances in as few notifications as fit, in order; one too large for any goes without its changes", async () => {
    const owner = await insertSignedInPerson(first.app, first.db)
    const here = await openSocket({ cookie: owner.cookie, origin: TEST_ORIGIN }, firstUrl)
    const there = await openSocket({ cookie: owner.cookie, origin: TEST_ORIGIN }, secondUrl)
    if (!('socket' in here) || !('socket' in there)) throw new Error('socket refused')
    const listener = await secondDatabase.pool.connect()
    const notifications: string[] = []
    listener.on('notification', (notification) => {
      if (notification.payload?.includes(owner.id)) notifications.push(notification.payload)
    })
    await listener.query(`LISTEN ${REALTIME_CHANNEL}`)
    try {
      const updated = (transcription: string) =>
        ({ type: 'message.updated', message_id: randomUUID(), contact_id: null, changes: { transcription } }) as const
      // about 1.1 KB each, so six fit in a notification; the last, 10 KB, fits in none
      const burst = [...Array.from({ length: 12 }, () => updated('word '.repeat(200))), updated('word '.repeat(2000))]
      await first.db.transaction(async (tx) => {
        for (const event of burst) await publishRealtime(tx, [owner.id], event)
      })
      const last = await fence(owner.id)
      for (const tab of [here, there]) await expect.poll(() => tab.events, { timeout: 5000 }).toContainEqual(last)
      await expect.poll(() => notifications.length, { timeout: 5000 }).toBe(3)
      const huge = burst.at(-1) as (typeof burst)[number]
      // this instance's own tab gets every event whole; the other instance's gets the large one's ids, to refetch
      expect(here.events).toEqual([...burst, last])
      expect(there.events).toEqual([...burst.slice(0, -1), { type: huge.type, message_id: huge.message_id, contact_id: null }, last])
      // six events, then six and the large one's ids, then the fence
      for (const notification of notifications) expect(Buffer.byteLength(notification)).toBeLessThan(NOTIFY_PAYLOAD_LIMIT)
      here.socket.close()
      there.socket.close()
    } finally {
      await listener.query(`UNLISTEN ${REALTIME_CHANNEL}`)
      listener.release()
    }
  })

  it('announces nothing for a refused change', async () => {
    const owner = await insertSignedInPerson(first.app, first.db)
    const socket = await openSocket({ cookie: owner.cookie, origin: TEST_ORIGIN })
    if (!('socket' in socket)) throw new Error('socket refused')
    const refused = await api.post('/api/contacts/connect', owner.cookie, { user_id: owner.id })
    expect(refused.statusCode).toBe(400)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(socket.events).toEqual([])
    socket.socket.close()
  })
})

describe('presence', () => {
  /** One presses Message on the other's profile: answers the id of the caller's contact for them. */
  async function pressMessage(ada: { cookie: string }, bob: { id: string }, status = 201): Promise<string> {
    const response = await api.post('/api/contacts/connect', ada.cookie, { user_id: bob.id })
    expect(response.statusCode).toBe(status)
    return (response.json() as { contact: Contact }).contact.id
  }

  /** Both chose each other (decision 40): Ada pressed Message, then Bob did too. Answers Ada's contact id for Bob. */
  async function connect(ada: { id: string; cookie: string }, bob: { id: string; cookie: string }): Promise<string> {
    const bobForAda = await pressMessage(ada, bob)
    await pressMessage(bob, ada, 200)
    return bobForAda
  }

  async function contactOf(person: { cookie: string }, contactId: string): Promise<Contact> {
    const response = await api.get(`/api/contacts/${contactId}`, person.cookie)
    expect(response.statusCode).toBe(200)
    return response.json() as Contact
  }

  async function listed(person: { cookie: string }, contactId: string): Promise<Contact | undefined> {
    const response = await api.get('/api/contacts', person.cookie)
    return (response.json() as { contacts: Contact[] }).contacts.find((c) => c.id === contactId)
  }

  async function open(person: { cookie: string }, url = secondUrl) {
    const opened = await openSocket({ cookie: person.cookie, origin: TEST_ORIGIN }, url)
    if (!('socket' in opened)) throw new Error(`socket refused (${opened.refused})`)
    return opened
  }

  /** This person's rows of realtime_presence, one per instance that holds a socket of theirs. */
  function presenceRows(userId: string) {
    return first.db.select().from(realtimePresence).where(eq(realtimePresence.userId, userId))
  }

  function closeSocket(socket: WebSocket): Promise<void> {
    return new Promise((resolve) => {
      socket.once('close', () => resolve())
      socket.close()
    })
  }

  it('shows a contact online while they have a socket on any instance, and tells the people who have them live', async () => {
    const ada = await insertSignedInPerson(first.app, first.db, { name: 'Ada' })
    const bob = await insertSignedInPerson(first.app, first.db, { name: 'Bob' })
    const bobForAda = await connect(ada, bob)
    const adaSocket = await open(ada)

    expect((await contactOf(ada, bobForAda)).is_online).toBe(false)
    expect((await listed(ada, bobForAda))?.is_online).toBe(false)

    // Bob opens a tab served by the other instance.
    const bobSocket = await open(bob, firstUrl)
    await expect.poll(async () => (await contactOf(ada, bobForAda)).is_online, { timeout: 5000 }).toBe(true)
    expect((await listed(ada, bobForAda))?.is_online).toBe(true)
    await expect.poll(() => adaSocket.events, { timeout: 5000 }).toContainEqual({ type: 'presence.changed', user_id: bob.id, online: true })

    // A second tab of Bob's on this instance changes nothing others can see.
    const bobSecondTab = await open(bob)
    await expect.poll(() => presenceRows(bob.id), { timeout: 5000 }).toHaveLength(2)
    await closeSocket(bobSocket.socket)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect((await contactOf(ada, bobForAda)).is_online).toBe(true)
    expect(adaSocket.events.filter((e) => e.type === 'presence.changed' && e.user_id === bob.id)).toHaveLength(1)

    await closeSocket(bobSecondTab.socket)
    await expect.poll(async () => (await contactOf(ada, bobForAda)).is_online, { timeout: 5000 }).toBe(false)
    await expect
      .poll(() => adaSocket.events, { timeout: 5000 })
      .toContainEqual({ type: 'presence.changed', user_id: bob.id, online: false })
    adaSocket.socket.close()
  })

  it('counts a row that its instance stopped refreshing 2 minutes ago as offline', async () => {
    const ada = await insertSignedInPerson(first.app, first.db)
    const bob = await insertSignedInPerson(first.app, first.db)
    const bobForAda = await connect(ada, bob)
    const crashed = randomUUID()
    await first.db
      .insert(realtimePresence)
      .values({ instanceId: crashed, userId: bob.id, connections: 2, seenAt: sql`now() - interval '2 minutes'` })
    expect((await contactOf(ada, bobForAda)).is_online).toBe(false)

    // The same row refreshed a moment ago counts.
    await first.db
      .update(realtimePresence)
      .set({ seenAt: sql`now()` })
      .where(eq(realtimePresence.instanceId, crashed))
    expect((await contactOf(ada, bobForAda)).is_online).toBe(true)
  })

  it('shares nothing with a stranger who pressed Message until the other person accepts, then both ways', async () => {
    const ada = await insertSignedInPerson(first.app, first.db)
    const bob = await insertSignedInPerson(first.app, first.db)
    // Eve is a stranger to Bob: she presses Message on his profile, which leaves him a message request (decision 123).
    const eve = await insertSignedInPerson(first.app, first.db)
    const bobForEve = await pressMessage(eve, bob)
    const bobsRequests = await first.app.inject({ method: 'GET', url: '/api/message-requests', headers: { cookie: bob.cookie } })
    const eveForBob =
      (bobsRequests.json() as { requests: { id: string; user_id: string }[] }).requests.find((r) => r.user_id === eve.id)?.id ?? ''
    const eveSocket = await open(eve)
    const bobSocket = await open(bob)
    await expect.poll(() => presenceRows(bob.id), { timeout: 5000 }).toHaveLength(1)
    expect((await contactOf(eve, bobForEve)).is_online).toBe(false)

    // Ada and Bob chose each other; Bob going away is told to Ada, never to Eve.
    const bobForAda = await connect(ada, bob)
    const adaSocket = await open(ada)
    expect((await contactOf(ada, bobForAda)).is_online).toBe(true)
    await closeSocket(bobSocket.socket)
    await expect
      .poll(() => adaSocket.events, { timeout: 5000 })
      .toContainEqual({ type: 'presence.changed', user_id: bob.id, online: false })
    expect(eveSocket.events.filter((e) => e.type === 'presence.changed')).toEqual([])

    // Bob accepts Eve's request: now they have both chosen each other and see each other.
    const accepted = await first.app.inject({
      method: 'POST',
      url: `/api/message-requests/${eveForBob}/accept`,
      headers: { cookie: bob.cookie, origin: TEST_ORIGIN },
    })
    expect(accepted.statusCode).toBe(200)
    const bobBack = await open(bob)
    await expect.poll(async () => (await contactOf(eve, bobForEve)).is_online, { timeout: 5000 }).toBe(true)
    expect((await contactOf(bob, eveForBob)).is_online).toBe(true)
    bobBack.socket.close()
    adaSocket.socket.close()
    eveSocket.socket.close()
  })

  it('tells nobody who does not have them as a contact, and stops showing someone who archived you', async () => {
    const ada = await insertSignedInPerson(first.app, first.db)
    const bob = await insertSignedInPerson(first.app, first.db)
    const eve = await insertSignedInPerson(first.app, first.db)
    const bobForAda = await connect(ada, bob)
    const adaSocket = await open(ada)
    const eveSocket = await open(eve)

    const bobSocket = await open(bob)
    await expect.poll(() => adaSocket.events, { timeout: 5000 }).toContainEqual({ type: 'presence.changed', user_id: bob.id, online: true })
    await closeSocket(bobSocket.socket)
    await expect
      .poll(() => adaSocket.events, { timeout: 5000 })
      .toContainEqual({ type: 'presence.changed', user_id: bob.id, online: false })
    expect(eveSocket.events).toEqual([])

    // Bob archives Ada: she no longer learns when he is around.
    const bobsContacts = await api.get('/api/contacts', bob.cookie)
    const adaId = (bobsContacts.json() as { contacts: Contact[] }).contacts.find((c) => c.contact_user_id === ada.id)?.id
    const archived = await api.post(`/api/contacts/${adaId}/archive`, bob.cookie, { should_archive: true })
    expect(archived.statusCode).toBe(200)
    const eventsBefore = adaSocket.events.length
    const bobAgain = await open(bob)
    await expect.poll(() => presenceRows(bob.id), { timeout: 5000 }).toHaveLength(1)
    expect((await contactOf(ada, bobForAda)).is_online).toBe(false)
    // archiving withdraws the choice both ways: Bob no longer sees Ada either, though her tab is open
    expect((await contactOf(bob, adaId ?? '')).is_online).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(adaSocket.events.slice(eventsBefore)).toEqual([])
    bobAgain.socket.close()
    adaSocket.socket.close()
    eveSocket.socket.close()
  })
})

describe('sockets end with their session (decision 44)', () => {
  async function open(person: { cookie: string }, url = firstUrl) {
    const opened = await openSocket({ cookie: person.cookie, origin: TEST_ORIGIN }, url)
    if (!('socket' in opened)) throw new Error(`socket refused (${opened.refused})`)
    return opened.socket
  }
  const closeCode = (socket: WebSocket) => new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)))
  const post = (url: string, cookie: string | null, payload: object) =>
    first.app.inject({ method: 'POST', url, payload, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) } })

  it('closes the tab sockets of a session at sign-out, and only those', async () => {
    const ada = await insertSignedInPerson(first.app, first.db)
    const otherDevice = await insertSignedInPerson(first.app, first.db)
    const socket = await open(ada)
    const bystander = await open(otherDevice)
    const closed = closeCode(socket)
    expect((await post('/api/auth/sign-out', ada.cookie, {})).statusCode).toBe(200)
    expect(await closed).toBe(SESSION_ENDED_CLOSE_CODE)
    expect(bystander.readyState).toBe(WebSocket.OPEN)
    // and the old cookie cannot open a new one
    expect(await openSocket({ cookie: ada.cookie, origin: TEST_ORIGIN }, firstUrl)).toEqual({ refused: 401 })
    bystander.close()
  })

  it('says why when the owner disabled the account, so the page can tell its person; a sign-out says nothing of it', async () => {
    const closeOf = (socket: WebSocket) =>
      new Promise<{ code: number; reason: string }>((resolve) =>
        socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
      )
    const owner = await insertSignedInPerson(first.app, first.db)
    await setHearthOwner(first.db, owner.id)
    const member = await insertSignedInPerson(first.app, first.db)
    const bystander = await insertSignedInPerson(first.app, first.db)
    const [memberSocket, bystanderSocket] = [await open(member), await open(bystander)]
    const closed = closeOf(memberSocket)
    expect((await post(`/api/admin/accounts/${member.id}/disable`, owner.cookie, {})).statusCode).toBe(204)
    expect(await closed).toEqual({ code: SESSION_ENDED_CLOSE_CODE, reason: ACCOUNT_DISABLED_CLOSE_REASON })
    // an ordinary sign-out closes with its own reason
    const signedOut = closeOf(bystanderSocket)
    expect((await post('/api/auth/sign-out', bystander.cookie, {})).statusCode).toBe(200)
    expect(await signedOut).toEqual({ code: SESSION_ENDED_CLOSE_CODE, reason: 'session ended' })
  })

  it('closes every socket of the person when a password reset ends their sessions', async () => {
    const ada = await insertSignedInPerson(first.app, first.db)
    const sockets = [await open(ada), await open(ada)]
    const closed = sockets.map(closeCode)
    expect(
      (await post('/api/auth/request-password-reset', null, { email: ada.email, redirectTo: '/auth/reset-password' })).statusCode,
    ).toBe(200)
    // the reset request is carried out in a job after the answer (decision 38): wait for its token
    const resetToken = async () => {
      const [row] = await first.db
        .select()
        .from(verification)
        .where(and(eq(verification.value, ada.id), like(verification.identifier, 'reset-password:%')))
      return row?.identifier.replace('reset-password:', '') ?? ''
    }
    await expect.poll(resetToken, { timeout: 10_000 }).not.toBe('')
    const token = await resetToken()
    expect((await post('/api/auth/reset-password', null, { token, newPassword: 'a-brand-new-secret' })).statusCode).toBe(200)
    expect(await Promise.all(closed)).toEqual([SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_CLOSE_CODE])
  })

  it('holds at most SOCKETS_PER_PERSON sockets of one person on an instance, and answers 429 beyond', async () => {
    const ada = await insertSignedInPerson(first.app, first.db)
    const bob = await insertSignedInPerson(first.app, first.db)
    const sockets = await Promise.all(Array.from({ length: first.env.SOCKETS_PER_PERSON }, () => open(ada, secondUrl)))
    const refused = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const socket = new WebSocket(secondUrl, { headers: { cookie: ada.cookie, origin: TEST_ORIGIN } })
      socket.on('unexpected-response', (_request, response) => {
        let body = ''
        response.on('data', (chunk: Buffer) => (body += String(chunk)))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      })
      socket.on('open', () => reject(new Error('opened past the cap')))
    })
    expect(refused.status).toBe(429)
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: 'RATE_LIMITED', message: REALTIME_TEXTS.tooManySockets } })
    // someone else is not held up, and a closed tab makes room again
    const bobs = await open(bob, secondUrl)
    const oldest = sockets[0]
    if (!oldest) throw new Error('no socket')
    const gone = closeCode(oldest)
    oldest.close()
    await gone
    await expect
      .poll(async () => 'socket' in (await openSocket({ cookie: ada.cookie, origin: TEST_ORIGIN }, secondUrl)), { timeout: 5000 })
      .toBe(true)
    for (const socket of [...sockets, bobs]) socket.close()
  })

  it('tells its open sockets to resync, once, when it listens again after losing its connection to PostgreSQL', async () => {
    const ada = await insertSignedInPerson(first.app, first.db, { name: 'Ada' })
    const opened = await openSocket({ cookie: ada.cookie, origin: TEST_ORIGIN })
    if (!('socket' in opened)) throw new Error('socket refused')
    // what a database restart does to the listening connections of both instances
    const { rows } = await first.pool.query<{ ended: boolean }>(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and application_name = $1',
      [LISTENER_APPLICATION_NAME],
    )
    expect(rows.length).toBeGreaterThan(0)
    await expect.poll(() => opened.events, { timeout: 10_000 }).toEqual([{ type: 'resync' }])
    // the socket stays open, and events reach it again
    expect(opened.socket.readyState).toBe(WebSocket.OPEN)
    const event = { type: 'profile.updated', user_id: ada.id } as const
    await first.db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify({ to: [ada.id], event })})`)
    await expect.poll(() => opened.events).toEqual([{ type: 'resync' }, event])
    opened.socket.close()
  })
})
