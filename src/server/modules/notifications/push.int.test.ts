import fs from 'node:fs/promises'
import net from 'node:net'
import { eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { PUSH_TEXTS } from '#shared/notifications-texts.ts'
import { pushSubscriptions } from '#server/db/schema.ts'
import { canonicalPushEndpoint } from '#server/notify/push-target.ts'
import { engineHearing } from '#server/test/engine-double.ts'
import { insertSignedInPair, insertSignedInPerson } from '#server/test/people.ts'
import { createPushTestApp } from '#server/test/push-service.ts'
import { apiClient } from '#server/test/requests.ts'
import { sendRecording } from '#server/test/uploads.ts'

const engineDouble = engineHearing(
  () => 'good morning from the allotment where the beans are finally climbing up the poles and the sun is out',
)

const dataDir = await fs.mkdtemp('/tmp/hearth-int-push-')
// the local push service is the one non-public target this app may post to
const { app, db, pushService, vapidKey } = await createPushTestApp(
  { DATA_DIR: dataDir },
  {
    speech: { choice: engineDouble },
    notificationTiming: { burstMs: 60_000, transcriptWaitMs: 10_000, recheckMs: 300, onlineRecheckMs: 60_000 },
  },
)
const api = apiClient(app)

const subscriptionsOf = (userId: string) => db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))
const pushesTo = (name: string) => pushService.received.filter((p) => p.subscription === name)
/** the states of the person's 'send-push' jobs (a test push is one) */
const sendPushStates = async (userId: string) =>
  (
    await db.execute<{ state: string }>(sql`select state from pgboss.job where name = 'send-push' and data->>'userId' = ${userId}`)
  ).rows.map((row) => row.state)

/** A TCP listener on loopback that counts the connections made to it: a stand-in for an internal service. */
async function startInternalService() {
  let connections = 0
  const server = net.createServer((socket) => {
    connections++
    socket.destroy()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return { port: (server.address() as net.AddressInfo).port, connections: () => connections }
}
const keys = () => pushService.subscribe(`keys-${Math.random().toString(36).slice(2)}`).keys

describe('web push', () => {
  it('hands the VAPID public key to a signed-in browser', async () => {
    const ada = await insertSignedInPerson(app, db)
    const key = await api.get('/api/push/key', ada.cookie)
    expect(key.statusCode).toBe(200)
    expect(key.json()).toEqual({ public_key: vapidKey })
    expect(vapidKey).toMatch(/^[A-Za-z0-9_-]{87}$/)
  })

  it('keeps one subscription per endpoint, with the user agent, and sends a test push the browser can read', async () => {
    const ada = await insertSignedInPerson(app, db)
    const subscription = pushService.subscribe('ada-phone')
    const first = await api.post('/api/push/subscriptions', ada.cookie, subscription, { headers: { 'user-agent': 'Phone/1' } })
    expect(first.statusCode).toBe(200)
    const again = await api.post('/api/push/subscriptions', ada.cookie, subscription, { headers: { 'user-agent': 'Phone/2' } })
    expect(again.statusCode).toBe(200)
    const rows = await subscriptionsOf(ada.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, userAgent: 'Phone/2' })

    const test = await api.post('/api/push/test', ada.cookie)
    expect(test.statusCode).toBe(202)
    expect(test.json()).toEqual({ queued: true })
    await expect.poll(() => pushesTo('ada-phone').length, { timeout: 10_000 }).toBe(1)
    expect(pushService.refused).toEqual([])
    expect(pushesTo('ada-phone')).toEqual([
      {
        subscription: 'ada-phone',
        payload: {
          title: 'Hearth notifications work',
          body: 'This is how a new voice message will reach you.',
          url: '/settings',
          tag: 'test',
        },
        ttl: 86400,
        urgency: 'high',
      },
    ])
  })

  it('refuses a test when no browser of the caller is subscribed', async () => {
    const eve = await insertSignedInPerson(app, db)
    const test = await api.post('/api/push/test', eve.cookie)
    expect(test.statusCode).toBe(409)
    expect(test.json()).toMatchObject({ error: { message: PUSH_TEXTS.noSubscription } })
  })

  it('pushes a new voice message to every browser of the receiver, and never to the sender', async () => {
    const { ada, bob, adaToBob } = await insertSignedInPair(app, db, ['Ada Push', 'Bob Push'])
    await api.post('/api/push/subscriptions', bob.cookie, pushService.subscribe('bob-phone'))
    await api.post('/api/push/subscriptions', bob.cookie, pushService.subscribe('bob-laptop'))
    await api.post('/api/push/subscriptions', ada.cookie, pushService.subscribe('ada-laptop'))
    const message = await sendRecording(app, ada.cookie, adaToBob)
    const expected = {
      title: 'New voice message from Ada Push',
      body: 'Tap to listen',
      url: `/playback/${message.id}`,
      tag: `message-${message.id}`,
    }
    await expect.poll(() => pushesTo('bob-phone').map((p) => p.payload), { timeout: 10_000 }).toEqual([expected])
    await expect.poll(() => pushesTo('bob-laptop').map((p) => p.payload), { timeout: 10_000 }).toEqual([expected])
    expect(pushesTo('ada-laptop')).toEqual([])
  })

  it("shows the transcript's first words only to someone who chose so", async () => {
    const { ada, bob, adaToBob } = await insertSignedInPair(app, db, ['Ada Words', 'Bob Words'])
    expect((await api.patch('/api/profile', bob.cookie, { push_shows_transcript: true })).statusCode).toBe(200)
    await api.post('/api/push/subscriptions', bob.cookie, pushService.subscribe('bob-words'))
    await sendRecording(app, ada.cookie, adaToBob)
    await expect
      .poll(() => pushesTo('bob-words').map((p) => (p.payload as { body: string }).body), { timeout: 10_000 })
      .toEqual(['good morning from the allotment where the beans are finally climbing up…'])
  })

  it('removes a subscription the push service says is gone (410)', async () => {
    const ada = await insertSignedInPerson(app, db)
    await api.post('/api/push/subscriptions', ada.cookie, pushService.subscribe('ada-old'))
    await api.post('/api/push/subscriptions', ada.cookie, pushService.subscribe('ada-new'))
    pushService.gone('ada-old')
    const test = await api.post('/api/push/test', ada.cookie)
    expect(test.json()).toEqual({ queued: true })
    await expect
      .poll(async () => (await subscriptionsOf(ada.id)).map((s) => s.endpoint), { timeout: 10_000 })
      .toEqual([expect.stringMatching(/\/push\/ada-new$/)])
    await expect.poll(() => pushesTo('ada-new').length, { timeout: 10_000 }).toBe(1)
  })

  it('unsubscribes only the caller’s own endpoint', async () => {
    const { ada, bob } = await insertSignedInPair(app, db, ['Ada Unsub', 'Bob Unsub'])
    const adas = pushService.subscribe('ada-unsub')
    await api.post('/api/push/subscriptions', ada.cookie, adas)
    // Bob cannot remove Ada's subscription by naming its endpoint
    expect((await api.post('/api/push/unsubscribe', bob.cookie, { endpoint: adas.endpoint })).statusCode).toBe(200)
    expect(await subscriptionsOf(ada.id)).toHaveLength(1)
    expect((await api.post('/api/push/unsubscribe', ada.cookie, { endpoint: adas.endpoint })).statusCode).toBe(200)
    expect(await subscriptionsOf(ada.id)).toHaveLength(0)
  })

  it('refuses a push service that is not public https, whatever the name resolves to, and malformed keys', async () => {
    const ada = await insertSignedInPerson(app, db)
    const good = pushService.subscribe('ada-refused')
    const internal = await startInternalService()
    for (const endpoint of [
      'http://push.example/abc',
      'ftp://127.0.0.1/x',
      'not a url',
      // plain http on loopback, other than the test's own push service
      `http://127.0.0.1:${internal.port}/`,
      `https://127.0.0.1:${internal.port}/`,
      'https://10.0.0.1/',
      'https://169.254.169.254/latest/meta-data/',
      'https://100.64.0.1/',
      'https://[::1]/',
      'https://[fd00::1]/',
      'https://[::ffff:127.0.0.1]/',
      // a name that resolves to loopback
      `https://localhost:${internal.port}/`,
    ]) {
      const refused = await api.post('/api/push/subscriptions', ada.cookie, { ...good, endpoint })
      expect(refused.statusCode, endpoint).toBe(400)
      expect(refused.json()).toMatchObject({ error: { message: PUSH_TEXTS.badEndpoint } })
    }
    const badKeys = await api.post('/api/push/subscriptions', ada.cookie, { ...good, keys: { p256dh: 'short', auth: 'x' } })
    expect(badKeys.statusCode).toBe(400)
    expect(await subscriptionsOf(ada.id)).toHaveLength(0)
    expect(internal.connections()).toBe(0)
  })

  it('checks the address again on every delivery, and answers a test the same whatever the push service did', async () => {
    const ada = await insertSignedInPerson(app, db)
    const internal = await startInternalService()
    // a subscription saved when its name was public, now pointing inside (or a row from before the check)
    await db.insert(pushSubscriptions).values({ userId: ada.id, endpoint: `https://127.0.0.1:${internal.port}/push`, ...keys() })
    const onlyInternal = await api.post('/api/push/test', ada.cookie)
    expect(onlyInternal.statusCode).toBe(202)
    expect(onlyInternal.json()).toEqual({ queued: true })
    await expect.poll(() => sendPushStates(ada.id), { timeout: 10_000 }).toEqual(['completed'])
    expect(internal.connections()).toBe(0)
    // with a working browser beside it, the answer is the same
    await api.post('/api/push/subscriptions', ada.cookie, pushService.subscribe('ada-beside'))
    const both = await api.post('/api/push/test', ada.cookie)
    expect([both.statusCode, both.json()]).toEqual([onlyInternal.statusCode, onlyInternal.json()])
    await expect.poll(() => pushesTo('ada-beside').length, { timeout: 10_000 }).toBe(1)
    await expect.poll(() => sendPushStates(ada.id), { timeout: 10_000 }).toEqual(['completed', 'completed'])
    expect(internal.connections()).toBe(0)
  })

  it('limits the tests to 3 a minute per person', async () => {
    const ada = await insertSignedInPerson(app, db)
    await api.post('/api/push/subscriptions', ada.cookie, pushService.subscribe('ada-limited'))
    for (let i = 0; i < 3; i++) expect((await api.post('/api/push/test', ada.cookie)).statusCode).toBe(202)
    const fourth = await api.post('/api/push/test', ada.cookie)
    expect(fourth.statusCode).toBe(429)
    expect(fourth.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } })
    // someone else is not held up
    const bob = await insertSignedInPerson(app, db)
    await api.post('/api/push/subscriptions', bob.cookie, pushService.subscribe('bob-limited'))
    expect((await api.post('/api/push/test', bob.cookie)).statusCode).toBe(202)
  })

  it('keeps an endpoint with the person who subscribed it: another person posting it is refused (409)', async () => {
    const { ada, bob } = await insertSignedInPair(app, db, ['Ada Owner', 'Bob Taker'])
    const adas = pushService.subscribe('ada-owned')
    expect((await api.post('/api/push/subscriptions', ada.cookie, adas, { headers: { 'user-agent': 'Ada/1' } })).statusCode).toBe(200)
    const taken = await api.post('/api/push/subscriptions', bob.cookie, { ...adas, keys: keys() }, { headers: { 'user-agent': 'Bob/1' } })
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toMatchObject({ error: { message: PUSH_TEXTS.endpointTaken } })
    expect(await subscriptionsOf(bob.id)).toHaveLength(0)
    expect(await subscriptionsOf(ada.id)).toEqual([
      expect.objectContaining({ endpoint: adas.endpoint, p256dh: adas.keys.p256dh, auth: adas.keys.auth, userAgent: 'Ada/1' }),
    ])
  })

  it('takes the same endpoint spelled another way as the same one: one owner, one subscription, unsubscribed by any spelling', async () => {
    const { ada, bob } = await insertSignedInPair(app, db, ['Ada Spelled', 'Bob Respelled'])
    const adas = pushService.subscribe('ada-spelled')
    expect((await api.post('/api/push/subscriptions', ada.cookie, adas)).statusCode).toBe(200)
    const spellings = [`${adas.endpoint}?`, `${adas.endpoint}#again`, `${adas.endpoint}?#`, adas.endpoint.replace('http://', 'HTTP://')]
    for (const endpoint of spellings) {
      const taken = await api.post('/api/push/subscriptions', bob.cookie, { endpoint, keys: keys() })
      expect(taken.statusCode, endpoint).toBe(409)
    }
    expect(await subscriptionsOf(bob.id)).toHaveLength(0)
    const renewed = { endpoint: `${adas.endpoint}?`, keys: keys() }
    expect((await api.post('/api/push/subscriptions', ada.cookie, renewed)).statusCode).toBe(200)
    expect(await subscriptionsOf(ada.id)).toEqual([expect.objectContaining({ endpoint: adas.endpoint, p256dh: renewed.keys.p256dh })])
    expect((await api.post('/api/push/unsubscribe', ada.cookie, { endpoint: `${adas.endpoint}#gone` })).statusCode).toBe(200)
    expect(await subscriptionsOf(ada.id)).toHaveLength(0)
  })

  it("brought the endpoints stored before to the same form in migration 0030, keeping the newest of a spelling's rows", async () => {
    const { ada, bob } = await insertSignedInPair(app, db, ['Ada Migrated', 'Bob Migrated'])
    const stored = [
      { userId: ada.id, endpoint: 'HTTPS://Push.Example.NET:443/migrated/one?#', at: new Date('2026-01-01T00:00:00Z') },
      { userId: bob.id, endpoint: 'https://push.example.net/migrated/one', at: new Date('2026-02-01T00:00:00Z') },
      { userId: ada.id, endpoint: 'https://push.example.net:8443/migrated/two?id=7#x', at: new Date('2026-01-01T00:00:00Z') },
      { userId: ada.id, endpoint: 'https://push.example.net/migrated/three', at: new Date('2026-01-01T00:00:00Z') },
    ]
    for (const { userId, endpoint, at } of stored) {
      const { p256dh, auth } = keys()
      await db.insert(pushSubscriptions).values({ userId, endpoint, p256dh, auth, createdAt: at, updatedAt: at })
    }
    // the migration's statements about push endpoints, run again over these rows as the migration ran them
    const migration = await fs.readFile(new URL('../../db/migrations/0030_audit_ids_and_push_endpoints.sql', import.meta.url), 'utf8')
    const statements = migration.split('--> statement-breakpoint').filter((text) => /push_subscriptions|pg_temp/.test(text))
    expect(statements).toHaveLength(4)
    await db.transaction(async (tx) => {
      for (const statement of statements) await tx.execute(sql.raw(statement))
    })
    const rows = await db
      .select({ userId: pushSubscriptions.userId, endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(sql`${pushSubscriptions.endpoint} like '%/migrated/%'`)
    // the form canonicalPushEndpoint gives, and of two spellings of one endpoint the one saved last (Bob's)
    expect(rows).toHaveLength(3)
    expect(rows).toEqual(
      expect.arrayContaining([
        { userId: bob.id, endpoint: canonicalPushEndpoint(stored[0]?.endpoint ?? '') },
        { userId: ada.id, endpoint: canonicalPushEndpoint(stored[3]?.endpoint ?? '') },
        { userId: ada.id, endpoint: canonicalPushEndpoint(stored[2]?.endpoint ?? '') },
      ]),
    )
  })

  it('lets the same person post an endpoint again with new keys, which replace the old ones', async () => {
    const ada = await insertSignedInPerson(app, db)
    const first = pushService.subscribe('ada-rekeyed')
    await api.post('/api/push/subscriptions', ada.cookie, first)
    const renewed = { endpoint: first.endpoint, keys: keys() }
    expect((await api.post('/api/push/subscriptions', ada.cookie, renewed)).statusCode).toBe(200)
    expect(await subscriptionsOf(ada.id)).toEqual([
      expect.objectContaining({ endpoint: first.endpoint, p256dh: renewed.keys.p256dh, auth: renewed.keys.auth }),
    ])
  })

  it('keeps at most 10 browsers per person: an 11th replaces the one saved longest ago', async () => {
    const ada = await insertSignedInPerson(app, db)
    const endpoints: string[] = []
    for (let i = 0; i < 11; i++) {
      const subscription = pushService.subscribe(`ada-many-${i}`)
      endpoints.push(subscription.endpoint)
      expect((await api.post('/api/push/subscriptions', ada.cookie, subscription)).statusCode).toBe(200)
    }
    const kept = (await subscriptionsOf(ada.id)).map((row) => row.endpoint)
    expect(kept.toSorted()).toEqual(endpoints.slice(1).toSorted())
  })

  it('lets other modules push to a person through a job (notifyPerson)', async () => {
    const ada = await insertSignedInPerson(app, db)
    await api.post('/api/push/subscriptions', ada.cookie, pushService.subscribe('ada-nudge'))
    await app.jobs.enqueue(null, 'send-push', {
      userId: ada.id,
      title: 'A gentle nudge',
      body: 'Bob would love to hear from you',
      url: '/',
    })
    await expect
      .poll(() => pushesTo('ada-nudge').map((p) => p.payload), { timeout: 10_000 })
      .toEqual([{ title: 'A gentle nudge', body: 'Bob would love to hear from you', url: '/' }])
  })
})
