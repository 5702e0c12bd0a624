import fs from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Message, UnheardMessages } from '#shared/messages.ts'
import { audioMessages } from '#server/db/schema.ts'
import { insertConnectedPair } from '#server/test/data.ts'
import { insertSignedInPerson, type SignedInPerson as Person } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { createTestApp } from '#server/test/test-app.ts'
import { uploadRecording } from '#server/test/uploads.ts'

const { app, db } = await createTestApp({ DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-unheard-') })

const { get, post } = apiClient(app)

const send = async (from: Person, contactId: string) => {
  const sent = await post('/api/messages', from.cookie, { contact_id: contactId, upload_id: await uploadRecording(app, from.cookie) })
  expect(sent.statusCode).toBe(201)
  return sent.json() as Message
}

const unheard = async (person: Person) => {
  const answer = await get('/api/messages/unheard', person.cookie)
  expect(answer.statusCode).toBe(200)
  return (answer.json() as UnheardMessages).messages.map((m) => m.id)
}

/** Cy, with Ada and Bob in her circle. */
async function circle() {
  const [ada, bob, cy] = await Promise.all(['Ada', 'Bob', 'Cy'].map((name) => insertSignedInPerson(app, db, { name })))
  if (!ada || !bob || !cy) throw new Error('people missing')
  const adaCy = await insertConnectedPair(db, ada, cy)
  const bobCy = await insertConnectedPair(db, bob, cy)
  return { ada, bob, cy, adaToCy: adaCy.aToB, cyToAda: adaCy.bToA, bobToCy: bobCy.aToB }
}

describe('GET /api/messages/unheard (Play all new)', () => {
  it('lists what the caller received and has not heard, from everyone in the circle, oldest first, processing or failed alike', async () => {
    const { ada, bob, cy, adaToCy, bobToCy } = await circle()
    const first = await send(ada, adaToCy)
    const second = await send(bob, bobToCy)
    const third = await send(ada, adaToCy)
    // arrival order is the order of created_at, whatever the ids
    await db
      .update(audioMessages)
      .set({ createdAt: new Date('2026-11-25T10:00:00Z') })
      .where(eq(audioMessages.id, first.id))
    await db
      .update(audioMessages)
      .set({ createdAt: new Date('2026-11-25T10:01:00Z') })
      .where(eq(audioMessages.id, second.id))
    await db
      .update(audioMessages)
      .set({ createdAt: new Date('2026-11-25T10:02:00Z') })
      .where(eq(audioMessages.id, third.id))
    await db.update(audioMessages).set({ processingStatus: 'failed' }).where(eq(audioMessages.id, second.id))

    expect(await unheard(cy)).toEqual([first.id, second.id, third.id])
    const answer = (await get('/api/messages/unheard', cy.cookie)).json() as UnheardMessages
    expect(answer.messages[1]).toMatchObject({ sender_id: bob.id, receiver_id: cy.id, is_read: false, processing_status: 'failed' })
    expect((await get(answer.messages[1]?.audio_url ?? '')).statusCode).toBe(200)

    // heard ones leave the list
    expect((await post(`/api/messages/${second.id}/read`, cy.cookie)).statusCode).toBe(200)
    expect(await unheard(cy)).toEqual([first.id, third.id])
  })

  it("never shows other people's messages: not what the caller sent, not what others received, not from someone archived", async () => {
    const { ada, bob, cy, adaToCy, bobToCy, cyToAda } = await circle()
    const toCy = await send(ada, adaToCy)
    const fromBob = await send(bob, bobToCy)
    const stranger = await insertSignedInPerson(app, db, { name: 'Eve' })

    // Ada sent one and received none; Eve is in nobody's circle
    expect(await unheard(ada)).toEqual([])
    expect(await unheard(stranger)).toEqual([])
    expect(await unheard(bob)).toEqual([])
    expect(await unheard(cy)).toEqual([toCy.id, fromBob.id])

    // once Cy archives Ada, Ada's unheard message is no longer in Cy's queue
    expect((await post(`/api/contacts/${cyToAda}/archive`, cy.cookie, { should_archive: true })).statusCode).toBe(200)
    expect(await unheard(cy)).toEqual([fromBob.id])
  })

  it('answers 401 without a session', async () => {
    expect((await get('/api/messages/unheard')).statusCode).toBe(401)
  })
})
