import fs from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { PUSH_TEXTS } from '#shared/notifications.ts'
import { pushSubscriptions } from '#server/db/schema.ts'
import type { EngineChoice } from '#server/speech/engine.ts'
import { insertSignedInPair, insertSignedInPerson } from '#server/test/people.ts'
import { startPushService } from '#server/test/push-service.ts'
import { apiClient } from '#server/test/requests.ts'
import { createTestApp } from '#server/test/test-app.ts'
import { sendRecording } from '#server/test/uploads.ts'

const engineDouble: EngineChoice = {
  name: 'pocketsphinx',
  reason: 'test double',
  engine: {
    name: 'test',
    async transcribe() {
      const text = 'good morning from the allotment where the beans are finally climbing up the poles and the sun is out'
      return { language: 'en', text, words: text.split(' ').map((word, i) => ({ word, start: i * 0.2, end: i * 0.2 + 0.15 })) }
    },
  },
}

const dataDir = await fs.mkdtemp('/tmp/hearth-int-push-')
const { app, db } = await createTestApp(
  { DATA_DIR: dataDir },
  { speech: { choice: engineDouble }, notificationTiming: { burstMs: 60_000, transcriptWaitMs: 10_000, recheckMs: 300 } },
)
const api = apiClient(app)
let vapidKey = ''
const pushService = await startPushService(() => vapidKey)
vapidKey = ((await api.get('/api/push/key', (await insertSignedInPerson(app, db)).cookie)).json() as { public_key: string }).public_key
afterAll(() => pushService.close())

const subscriptionsOf = (userId: string) => db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))
const pushesTo = (name: string) => pushService.received.filter((p) => p.subscription === name)

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
    expect(test.statusCode).toBe(200)
    expect(test.json()).toEqual({ sent: 1 })
    expect(pushService.refused).toEqual([])
    expect(pushesTo('ada-phone')).toEqual([
      {
        subscription: 'ada-phone',
        payload: { title: PUSH_TEXTS.testTitle, body: PUSH_TEXTS.testBody, url: '/settings', tag: 'test' },
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
      body: PUSH_TEXTS.newMessageBody,
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
    expect(test.json()).toEqual({ sent: 1 })
    expect((await subscriptionsOf(ada.id)).map((s) => s.endpoint)).toEqual([expect.stringMatching(/\/push\/ada-new$/)])
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

  it('refuses a push service that is not https (except loopback outside production), and malformed keys', async () => {
    const ada = await insertSignedInPerson(app, db)
    const good = pushService.subscribe('ada-refused')
    for (const endpoint of ['http://push.example/abc', 'ftp://127.0.0.1/x', 'not a url']) {
      const refused = await api.post('/api/push/subscriptions', ada.cookie, { ...good, endpoint })
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toMatchObject({ error: { message: PUSH_TEXTS.badEndpoint } })
    }
    const badKeys = await api.post('/api/push/subscriptions', ada.cookie, { ...good, keys: { p256dh: 'short', auth: 'x' } })
    expect(badKeys.statusCode).toBe(400)
    expect(await subscriptionsOf(ada.id)).toHaveLength(0)
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
