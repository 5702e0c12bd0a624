import fs from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { HEALTH_TEXTS, type Meeting, type RelationshipHealth } from '#shared/relationship-health.ts'
import { profiles } from '#server/db/schema.ts'
import type { Analyzer } from '#server/speech/analysis/analyzer.ts'
import type { EngineChoice } from '#server/speech/engine.ts'
import { insertSignedInPair, insertSignedInPerson, type SignedInPerson as Person } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { listenToRealtime } from '#server/test/realtime-listener.ts'
import { createTestApp } from '#server/test/test-app.ts'
import { sendRecording, uploadRecording } from '#server/test/uploads.ts'

/** Every recording says the same warm sentence; the analyser finds joy and family in it. */
const engine: EngineChoice = {
  name: 'pocketsphinx',
  reason: 'test double',
  engine: { name: 'test', transcribe: async () => ({ text: 'So happy about the family dinner', words: [], language: 'en' }) },
}
const analyzer: Analyzer = {
  name: 'test',
  analyze: async () => ({ emotions: ['joy'], topics: ['family'], sentiment: 0.8 }),
}

const { app, db, databaseUrl } = await createTestApp(
  { DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-health-') },
  { speech: { choice: engine, analyzer } },
)
const { get, post } = apiClient(app)

const health = async (person: Person, contactId: string) => {
  const response = await get(`/api/contacts/${contactId}/health`, person.cookie)
  expect(response.statusCode).toBe(200)
  return response.json() as RelationshipHealth
}
/** Health once it counts `count` messages: a send refreshes it just after its commit (decision 176). */
const healthOf = async (person: Person, contactId: string, count: number) => {
  await expect.poll(async () => (await health(person, contactId)).message_count, { timeout: 5000 }).toBe(count)
  return health(person, contactId)
}

describe('relationship health', () => {
  it('starts at the fallback and changes when messages are sent, replied, liked and analysed', async () => {
    const { ada, bob, adaToBob, bobToAda } = await insertSignedInPair(app, db)
    expect(await health(ada, adaToBob)).toMatchObject({ score: 50, fallback: true, message_count: 0, computed_at: null })

    const first = await sendRecording(app, ada.cookie, adaToBob)
    const afterSend = await healthOf(ada, adaToBob, 1)
    expect(afterSend).toMatchObject({ score: 51, fallback: true, trend: 'stable', message_count: 1 })
    expect(afterSend.tips[0]).toBe('You sent the last message: give Bob a little time to answer.')
    expect(afterSend.activity.at(-1)?.messages).toBe(1)
    // Bob has his own view of the same relationship
    expect((await health(bob, bobToAda)).tips[0]).toBe('Ada sent the last message: a reply from you keeps it going.')

    const reply = await post('/api/messages', bob.cookie, {
      contact_id: bobToAda,
      upload_id: await uploadRecording(app, bob.cookie),
      reply_to_id: first.id,
    })
    expect(reply.statusCode).toBe(201)
    await healthOf(ada, adaToBob, 2)

    // analysis brings emotions and topics into both views
    await expect.poll(async () => (await health(ada, adaToBob)).top_emotions, { timeout: 15_000 }).toEqual([{ name: 'joy', count: 2 }])
    const analysed = await health(bob, bobToAda)
    expect(analysed).toMatchObject({ emotions_tracked: 1, top_topics: [{ name: 'family', count: 2 }] })

    for (let i = 0; i < 2; i++) {
      await sendRecording(app, ada.cookie, adaToBob)
      await sendRecording(app, bob.cookie, bobToAda)
    }
    const judged = await healthOf(ada, adaToBob, 6)
    expect(judged.fallback).toBe(false)
    expect(judged.insights.map((i) => i.title)).toContain('Balance')
    // six messages within a minute show no rhythm yet: nothing says 'you usually talk every 1 day' (decision 210)
    expect(judged.insights.map((i) => i.title)).not.toContain('Rhythm')
    expect([...judged.insights.map((i) => i.description), ...judged.tips].filter((text) => /usual/.test(text))).toEqual([])
    expect(judged.tips).toContain('Neither of you has liked a message yet: a heart on one you enjoyed says a lot.')

    const liked = await post(`/api/messages/${first.id}/like`, bob.cookie, { liked: true })
    expect(liked.statusCode).toBe(200)
    const afterLike = await health(ada, adaToBob)
    expect(afterLike.score).toBeGreaterThan(judged.score)
    expect(afterLike.tips).not.toContain('Neither of you has liked a message yet: a heart on one you enjoyed says a lot.')
  })

  it('is refreshed after a send has committed, and then both people, each as their own contact, are told to read it again', async () => {
    const { ada, bob, adaToBob, bobToAda } = await insertSignedInPair(app, db)
    const realtime = await listenToRealtime(databaseUrl)
    try {
      const sent = await sendRecording(app, ada.cookie, adaToBob)
      // the earlier tests' refreshes (a second after their sends and likes) may still be told to their own people
      const ours = new Set([ada.id, bob.id])
      const told = () =>
        realtime.heard
          .filter(({ to, event }) => event.type === 'health.changed' && to.some((id) => ours.has(id)))
          .map(({ to, event }) => ({ to, event }))
          .sort((x, y) => (x.to[0] ?? '').localeCompare(y.to[0] ?? ''))
      const expected = [
        { to: [ada.id], event: { type: 'health.changed', contact_id: adaToBob } },
        { to: [bob.id], event: { type: 'health.changed', contact_id: bobToAda } },
      ].sort((x, y) => (x.to[0] ?? '').localeCompare(y.to[0] ?? ''))
      await expect.poll(told, { timeout: 5000 }).toEqual(expected)
      // by the time they are told, what they read has the message
      expect((await health(ada, adaToBob)).message_count).toBe(1)
      expect((await health(bob, bobToAda)).message_count).toBe(1)
      // the message's own event no longer says health changed: it has not yet when the message is told
      const created = realtime.heard.find(({ event }) => event.type === 'message.created' && event.message_id === sent.id)
      expect(created?.event).not.toHaveProperty('health')
    } finally {
      await realtime.close()
    }
  })

  it("writes the insights and tips in the reader's language, each person their own (decision 223)", async () => {
    const { ada, bob, adaToBob, bobToAda } = await insertSignedInPair(app, db, ['Ada Idioma', 'Bob Idioma'])
    await db.update(profiles).set({ language: 'es' }).where(eq(profiles.id, ada.id))
    await sendRecording(app, ada.cookie, adaToBob)
    const spanish = await healthOf(ada, adaToBob, 1)
    expect(spanish.tips[0]).toBe('Enviaste el último mensaje: dale a Bob Idioma un poco de tiempo para responder.')
    expect(spanish.tips[1]).toBe('Con 1 mensaje por ahora, unos cuantos más dejarán que Hearth vea su ritmo.')
    expect(spanish.insights[0]).toMatchObject({ title: 'Equilibrio', description: 'El último mensaje fue tuyo.' })
    // Bob's language is not known: his view of the same pair stays English
    expect((await healthOf(bob, bobToAda, 1)).tips[0]).toBe('Ada Idioma sent the last message: a reply from you keeps it going.')
    await db.update(profiles).set({ language: 'ar' }).where(eq(profiles.id, bob.id))
    expect((await health(bob, bobToAda)).tips[0]).toBe('أرسل Ada Idioma آخر رسالة: ردّك يُبقي الحديث مستمرًا.')
  })

  it("answers 404 for someone else's contact, for reading and for meetings", async () => {
    const { adaToBob } = await insertSignedInPair(app, db)
    const eve = await insertSignedInPerson(app, db, { name: 'Eve' })
    expect((await get(`/api/contacts/${adaToBob}/health`, eve.cookie)).statusCode).toBe(404)
    const meeting = await post(`/api/contacts/${adaToBob}/meetings`, eve.cookie, { met_on: '2026-01-02' })
    expect(meeting.statusCode).toBe(404)
  })
})

describe('meetings', () => {
  it('"We met" adds a meeting in whole minutes that counts in the owner\'s score only', async () => {
    const { ada, bob, adaToBob, bobToAda } = await insertSignedInPair(app, db)
    for (let i = 0; i < 3; i++) {
      await sendRecording(app, ada.cookie, adaToBob)
      await sendRecording(app, bob.cookie, bobToAda)
    }
    const before = await healthOf(ada, adaToBob, 6)
    const today = new Date().toISOString().slice(0, 10)
    const created = await post(`/api/contacts/${adaToBob}/meetings`, ada.cookie, { met_on: today, duration_minutes: 90, note: 'Lunch' })
    expect(created.statusCode).toBe(201)
    expect(created.json() as Meeting).toMatchObject({ met_on: today, duration_minutes: 90, note: 'Lunch' })

    const after = await health(ada, adaToBob)
    expect(after.meetings_count).toBe(1)
    expect(after.recent_meetings[0]).toMatchObject({ duration_minutes: 90, note: 'Lunch' })
    expect(after.score).toBe(before.score + 5)
    expect((await health(bob, bobToAda)).meetings_count).toBe(0)
  })

  it('refuses a meeting in the future or with a bad duration, with a 400', async () => {
    const { ada, adaToBob } = await insertSignedInPair(app, db)
    const future = await post(`/api/contacts/${adaToBob}/meetings`, ada.cookie, { met_on: '2999-01-01' })
    expect(future.statusCode).toBe(400)
    expect(future.json()).toMatchObject({ error: { message: HEALTH_TEXTS.meetingInFuture } })
    expect((await post(`/api/contacts/${adaToBob}/meetings`, ada.cookie, { met_on: 'yesterday' })).statusCode).toBe(400)
    expect((await post(`/api/contacts/${adaToBob}/meetings`, ada.cookie, { met_on: '2026-01-01', duration_minutes: 0 })).statusCode).toBe(
      400,
    )
  })
})
