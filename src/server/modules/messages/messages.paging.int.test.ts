import fs from 'node:fs/promises'
import { randomUUID } from 'node:crypto'
import { eq, inArray, or, and, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ERROR_CODES } from '#shared/error-codes.ts'
import { CONTACT_TEXTS } from '#shared/contacts-texts.ts'
import { type MessageList } from '#shared/messages.ts'
import { MESSAGE_TEXTS } from '#shared/messages-texts.ts'
import { audioMessages, contacts, conversations } from '#server/db/schema.ts'
import { insertContact } from '#server/modules/contacts/contacts.queries.ts'
import { insertMessages, insertPerson } from '#server/test/data.ts'
import { insertSignedInPair, type SignedInPerson as Person } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { createTestApp } from '#server/test/test-app.ts'
import { uploadRecording } from '#server/test/uploads.ts'

const { app, db } = await createTestApp({ DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-paging-') })
const { get, post } = apiClient(app)

const page = async (person: Person, contactId: string, query: Record<string, string> = {}) => {
  const response = await get(`/api/contacts/${contactId}/messages`, person.cookie, { query })
  expect(response.statusCode).toBe(200)
  return response.json() as MessageList
}

/** Every message of the pair in the database, newest first, as the list orders them. */
const storedIds = async (a: string, b: string) =>
  (
    await db
      .select({ id: audioMessages.id })
      .from(audioMessages)
      .where(
        or(
          and(eq(audioMessages.senderId, a), eq(audioMessages.receiverId, b)),
          and(eq(audioMessages.senderId, b), eq(audioMessages.receiverId, a)),
        ),
      )
      .orderBy(sql`${audioMessages.createdAt} desc, ${audioMessages.id} desc`)
  ).map((row) => row.id)

const storedTotal = async (contactId: string) =>
  (await db.select({ n: conversations.messageCount }).from(conversations).where(eq(conversations.contactId, contactId)))[0]?.n

/** Messages in both directions at the given instants; several share one instant, so the id has to break ties. */
const insertAt = (ada: Person, bob: Person, instants: Date[]) =>
  insertMessages(
    db,
    instants.map((createdAt, i) =>
      i % 2 === 0 ? { senderId: ada.id, receiverId: bob.id, createdAt } : { senderId: bob.id, receiverId: ada.id, createdAt },
    ),
  )

describe('conversation pages', () => {
  it('walks back through the whole conversation without skipping or repeating a message while new ones arrive', async () => {
    const { ada, bob, adaToBob, bobToAda } = await insertSignedInPair(app, db)
    const base = Date.parse('2026-01-01T10:00:00Z')
    // 40 messages at 20 instants: every instant holds one message each way
    await insertAt(
      ada,
      bob,
      Array.from({ length: 40 }, (_, i) => new Date(base + Math.floor(i / 2) * 60_000)),
    )
    const before = await storedIds(ada.id, bob.id)

    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const list: MessageList = await page(bob, bobToAda, { limit: '7', ...(cursor ? { before: cursor } : {}) })
      expect(list.messages.length).toBeLessThanOrEqual(7)
      seen.push(...list.messages.map((m) => m.id))
      cursor = list.nextCursor
      pages += 1
      // new messages arrive between page reads, in both directions
      await insertAt(ada, bob, [new Date(), new Date()])
    } while (cursor)

    expect(pages).toBe(6)
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen).toEqual(before)
    // the first page of a fresh read starts with the newest, and the total counts everything that arrived
    const fresh = await page(ada, adaToBob, { limit: '1' })
    expect(fresh.total).toBe(40 + 2 * pages)
    expect(fresh.messages[0]?.id).toBe((await storedIds(ada.id, bob.id))[0])
  })

  it('answers 50 newest by default with a null cursor on the only page, and an empty last page', async () => {
    const { ada, bob, adaToBob } = await insertSignedInPair(app, db)
    const empty = await page(ada, adaToBob)
    expect(empty).toEqual({ messages: [], total: 0, nextCursor: null })

    await insertAt(
      ada,
      bob,
      Array.from({ length: 3 }, (_, i) => new Date(Date.parse('2026-02-01T00:00:00Z') + i)),
    )
    const all = await page(ada, adaToBob)
    expect(all.messages.map((m) => m.id)).toEqual(await storedIds(ada.id, bob.id))
    expect(all.nextCursor).toBeNull()
    expect(all.total).toBe(3)
    // a page that ends exactly at the oldest message has no older page after it
    expect((await page(ada, adaToBob, { limit: '3' })).nextCursor).toBeNull()
    const two = await page(ada, adaToBob, { limit: '2' })
    expect(two.nextCursor).not.toBeNull()
    const rest = await page(ada, adaToBob, { limit: '2', before: two.nextCursor ?? '' })
    expect(rest.messages).toHaveLength(1)
    expect(rest.nextCursor).toBeNull()
  })

  it('refuses a cursor it did not make, a limit outside 1..50, and someone else’s contact', async () => {
    const { ada, adaToBob } = await insertSignedInPair(app, db)
    const other = await insertSignedInPair(app, db, ['Cy', 'Di'])
    for (const before of ['garbage', '2026-02-30T10:00:00.000000Z_0b6f7c4e-8d1a-4c8e-9f3a-2b1c0d9e8f7a', '2026-01-01T10:00:00Z_x']) {
      const response = await get(`/api/contacts/${adaToBob}/messages`, ada.cookie, { query: { before } })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', message: `before: ${MESSAGE_TEXTS.invalidCursor}` } })
    }
    for (const limit of ['0', '51', '2.5', 'many']) {
      const response = await get(`/api/contacts/${adaToBob}/messages`, ada.cookie, { query: { limit } })
      expect(response.statusCode).toBe(400)
      expect((response.json() as { error: { code: string } }).error.code).toBe('VALIDATION_ERROR')
    }
    expect((await get(`/api/contacts/${other.adaToBob}/messages`, ada.cookie)).statusCode).toBe(404)
    expect((await get(`/api/contacts/${adaToBob}/messages`)).statusCode).toBe(401)
  })
  it('checks the contact in the statement that reads the page: someone else’s or an unknown one is 404, an unlinked one 409', async () => {
    const { ada, bob, adaToBob, bobToAda } = await insertSignedInPair(app, db)
    const other = await insertSignedInPair(app, db, ['Cy', 'Di'])
    await insertAt(ada, bob, [new Date('2026-04-01T00:00:00Z')])
    await insertAt(other.ada, other.bob, [new Date('2026-04-01T00:00:00Z')])
    const contactNotFound = { error: { code: ERROR_CODES.notFound, message: CONTACT_TEXTS.notFound, reason: 'error.contacts.notFound' } }
    for (const contactId of [other.adaToBob, bobToAda, randomUUID()]) {
      // the first page, and an older one (the statement with a cursor)
      for (const query of [{}, { before: `2026-05-01T00:00:00.000000Z_${randomUUID()}` }] as Record<string, string>[]) {
        const response = await get(`/api/contacts/${contactId}/messages`, ada.cookie, { query })
        expect(response.statusCode).toBe(404)
        expect(response.json()).toEqual(contactNotFound)
      }
    }
    // an account deletion unlinks the contact: it is still Ada's, and there is no one to talk with
    await db.update(contacts).set({ contactUserId: null }).where(eq(contacts.id, adaToBob))
    const unlinked = await get(`/api/contacts/${adaToBob}/messages`, ada.cookie)
    expect(unlinked.statusCode).toBe(409)
    expect(unlinked.json()).toMatchObject({ error: { code: ERROR_CODES.notLinked, message: MESSAGE_TEXTS.notLinked } })
    // the other pair's page is untouched by all of this
    expect((await page(other.ada, other.adaToBob)).total).toBe(1)
  })
})

describe('the stored total', () => {
  it('stays right under concurrent sends, reads and deletions in both directions', async () => {
    const { ada, bob, adaToBob, bobToAda } = await insertSignedInPair(app, db)
    const send = async (from: Person, contactId: string) =>
      post('/api/messages', from.cookie, { contact_id: contactId, upload_id: await uploadRecording(app, from.cookie) })
    await insertAt(
      ada,
      bob,
      Array.from({ length: 10 }, (_, i) => new Date(Date.parse('2026-03-01T00:00:00Z') + i * 1000)),
    )
    const doomed = (await storedIds(ada.id, bob.id)).slice(3, 7)

    const results = await Promise.all([
      send(ada, adaToBob),
      send(bob, bobToAda),
      send(ada, adaToBob),
      send(bob, bobToAda),
      insertAt(ada, bob, [new Date(), new Date(), new Date()]),
      db.delete(audioMessages).where(inArray(audioMessages.id, doomed)),
      post(`/api/contacts/${bobToAda}/messages/read`, bob.cookie),
      page(ada, adaToBob),
      insertAt(ada, bob, [new Date()]),
    ])
    const sent = results.slice(0, 4) as { statusCode: number }[]
    expect(sent.map((r) => r.statusCode)).toEqual([201, 201, 201, 201])

    const stored = (await storedIds(ada.id, bob.id)).length
    expect(stored).toBe(10 + 4 + 3 - 4 + 1)
    expect(await storedTotal(adaToBob)).toBe(stored)
    expect(await storedTotal(bobToAda)).toBe(stored)
    expect((await page(bob, bobToAda)).total).toBe(stored)
  })

  it('is not touched by other pairs, and a direction created later starts from the messages already exchanged', async () => {
    const { ada, bob, adaToBob } = await insertSignedInPair(app, db)
    const cy = await insertPerson(db)
    await insertMessages(db, [
      { senderId: ada.id, receiverId: cy.id },
      { senderId: cy.id, receiverId: ada.id },
      { senderId: cy.id, receiverId: bob.id },
    ])
    await insertAt(ada, bob, [new Date()])
    expect(await storedTotal(adaToBob)).toBe(1)
    // Cy had no contact row for Ada: the one made now counts the two messages they already exchanged
    const cyToAda = await insertContact(db, {
      ownerId: cy.id,
      contactUserId: ada.id,
      name: 'Ada',
      displayOrder: 1,
      archivedAt: null,
      chosen: true,
    })
    expect(await storedTotal(cyToAda)).toBe(2)
    await insertMessages(db, [{ senderId: ada.id, receiverId: cy.id }])
    expect(await storedTotal(cyToAda)).toBe(3)
    expect(await storedTotal(adaToBob)).toBe(1)
  })
})
