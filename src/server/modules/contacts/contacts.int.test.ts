import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { type Contact } from '#shared/contacts.ts'
import { CONTACT_TEXTS } from '#shared/contacts-texts.ts'
import { MAX_ACTIVE_CONTACTS } from '#shared/limits.ts'
import { contacts, conversations } from '#server/db/schema.ts'
import { insertPerson, type InsertedPerson } from '#server/test/data.ts'
import { insertSignedInPerson } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { createTestApp } from '#server/test/test-app.ts'

const { app, db } = await createTestApp()

const { call } = apiClient(app)

const listContacts = async (cookie: string, status = 'active') => {
  const response = await call('GET', `/api/contacts?status=${status}`, cookie)
  expect(response.statusCode).toBe(200)
  return (response.json() as { contacts: Contact[] }).contacts
}

const connect = (cookie: string, userId: string) => call('POST', '/api/contacts/connect', cookie, { user_id: userId })

/** Connects `owner` to `count` fresh people; returns their contact ids in order. */
async function fillCircle(owner: { cookie: string }, count: number): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const other = await insertPerson(db)
    const response = await connect(owner.cookie, other.id)
    expect(response.statusCode).toBe(201)
    ids.push((response.json() as { contact: Contact }).contact.id)
  }
  return ids
}

describe('connecting two people (the Message button)', () => {
  it('creates both directions and their conversations in one go; a second press reuses them', async () => {
    const ada = await insertSignedInPerson(app, db, { name: 'Ada Lovelace' })
    const bob = await insertSignedInPerson(app, db, { name: 'Bob Marley' })

    const first = await connect(bob.cookie, ada.id)
    expect(first.statusCode).toBe(201)
    const { contact, created } = first.json() as { contact: Contact; created: boolean }
    expect(created).toBe(true)
    expect(contact).toMatchObject({ name: 'Ada Lovelace', contact_user_id: ada.id, is_active: true, unread_count: 0, display_order: 1 })

    // Ada has not chosen Bob: his side is a message request, not a contact of hers (decision 123)
    expect(await listContacts(ada.cookie)).toEqual([])
    const [adaRow] = await db.select().from(contacts).where(eq(contacts.userId, ada.id))
    expect(adaRow).toMatchObject({ contactUserId: bob.id, name: 'Bob Marley', requestStatus: 'pending', chosenAt: null })
    expect(await db.select().from(conversations).where(eq(conversations.contactId, contact.id))).toHaveLength(1)

    const again = await connect(bob.cookie, ada.id)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({ created: false, contact: { id: contact.id } })
    expect(await db.select().from(contacts).where(eq(contacts.userId, bob.id))).toHaveLength(1)
  })

  it('refuses yourself, an unknown person, bad input and an anonymous caller', async () => {
    const ada = await insertSignedInPerson(app, db)
    expect((await connect(ada.cookie, ada.id)).statusCode).toBe(400)
    const unknown = await connect(ada.cookie, randomUUID())
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: 'Profile not found.' } })
    expect((await call('POST', '/api/contacts/connect', ada.cookie, { user: 'x' })).statusCode).toBe(400)
    expect((await call('POST', '/api/contacts/connect', undefined, { user_id: ada.id })).statusCode).toBe(401)
    expect(await db.select().from(contacts).where(eq(contacts.userId, ada.id))).toHaveLength(0)
  })
})

describe('the circle limit of 10 active contacts', () => {
  it('refuses the 11th with 409 and a clear message, and allows it once one is archived', async () => {
    const owner = await insertSignedInPerson(app, db)
    const ids = await fillCircle(owner, MAX_ACTIVE_CONTACTS)
    const eleventh = await insertPerson(db)

    const refused = await connect(owner.cookie, eleventh.id)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ error: { code: 'CIRCLE_FULL', message: CONTACT_TEXTS.circleFull } })
    expect(await db.select().from(contacts).where(eq(contacts.userId, eleventh.id))).toHaveLength(0)

    expect((await call('POST', `/api/contacts/${ids[0]}/archive`, owner.cookie, { should_archive: true })).statusCode).toBe(200)
    expect((await connect(owner.cookie, eleventh.id)).statusCode).toBe(201)

    // full again: the archived one cannot come back by unarchive or rekindle
    const unarchive = await call('POST', `/api/contacts/${ids[0]}/archive`, owner.cookie, { should_archive: false })
    expect(unarchive.statusCode).toBe(409)
    expect((await call('POST', `/api/contacts/${ids[0]}/rekindle`, owner.cookie)).statusCode).toBe(409)
    expect(await listContacts(owner.cookie, 'archived')).toHaveLength(1)
  })

  it('lets only one of two simultaneous requests take the last place', async () => {
    const owner = await insertSignedInPerson(app, db)
    await fillCircle(owner, MAX_ACTIVE_CONTACTS - 1)
    const [x, y] = [await insertPerson(db), await insertPerson(db)]
    const answers = await Promise.all([connect(owner.cookie, x.id), connect(owner.cookie, y.id)])
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409])
    expect(await listContacts(owner.cookie)).toHaveLength(MAX_ACTIVE_CONTACTS)
  })

  it('reaches someone with a full circle as a request, which takes none of their places', async () => {
    const busy = await insertSignedInPerson(app, db)
    await fillCircle(busy, MAX_ACTIVE_CONTACTS)
    const stranger = await insertSignedInPerson(app, db)
    expect((await connect(stranger.cookie, busy.id)).statusCode).toBe(201)
    expect(await listContacts(stranger.cookie)).toHaveLength(1)
    expect(await listContacts(busy.cookie)).toHaveLength(MAX_ACTIVE_CONTACTS)
    expect(await listContacts(busy.cookie, 'archived')).toEqual([])
    expect(await listContacts(busy.cookie, 'inactive')).toEqual([])
  })

  it('still connects to a full circle that already holds the caller', async () => {
    const busy = await insertSignedInPerson(app, db)
    await fillCircle(busy, MAX_ACTIVE_CONTACTS - 1)
    const friend = await insertSignedInPerson(app, db)
    // busy chose the friend first, which took busy's last place
    expect((await connect(busy.cookie, friend.id)).statusCode).toBe(201)
    expect(await listContacts(busy.cookie)).toHaveLength(MAX_ACTIVE_CONTACTS)
    const back = await connect(friend.cookie, busy.id)
    expect(back.statusCode).toBe(200)
    expect(await listContacts(busy.cookie)).toHaveLength(MAX_ACTIVE_CONTACTS)
  })
})

describe('inactivity', () => {
  it('moves a contact whose last reply is 30+ days old out of the home list, and rekindle brings it back', async () => {
    const owner = await insertSignedInPerson(app, db)
    const [quietId, freshId] = await fillCircle(owner, 2)
    await db
      .update(contacts)
      .set({ lastReplyFromThem: sql`now() - interval '31 days'` })
      .where(eq(contacts.id, quietId as string))
    await db
      .update(contacts)
      .set({ lastReplyFromThem: sql`now() - interval '29 days'` })
      .where(eq(contacts.id, freshId as string))

    expect((await listContacts(owner.cookie)).map((c) => c.id)).toEqual([freshId])
    const inactive = await listContacts(owner.cookie, 'inactive')
    expect(inactive).toMatchObject([{ id: quietId, is_active: false, inactive_days: 31 }])

    const rekindled = await call('POST', `/api/contacts/${quietId}/rekindle`, owner.cookie)
    expect(rekindled.statusCode).toBe(200)
    expect(rekindled.json()).toMatchObject({ id: quietId, is_active: true, inactive_days: 0 })
    expect((await listContacts(owner.cookie)).map((c) => c.id).sort()).toEqual([quietId, freshId].sort())
  })
})

describe('order and archive', () => {
  it('saves display_order 1..n from the ordered list and lists archived contacts newest first', async () => {
    const owner = await insertSignedInPerson(app, db)
    const [a, b, c] = (await fillCircle(owner, 3)) as [string, string, string]
    const reorder = await call('PUT', '/api/contacts/order', owner.cookie, { contact_ids: [c, a, b] })
    expect(reorder.statusCode).toBe(204)
    expect((await listContacts(owner.cookie)).map((x) => [x.id, x.display_order])).toEqual([
      [c, 1],
      [a, 2],
      [b, 3],
    ])

    await call('POST', `/api/contacts/${a}/archive`, owner.cookie, { should_archive: true })
    await call('POST', `/api/contacts/${c}/archive`, owner.cookie, { should_archive: true })
    expect((await listContacts(owner.cookie, 'archived')).map((x) => x.id)).toEqual([c, a])
    expect((await listContacts(owner.cookie)).map((x) => x.id)).toEqual([b])

    const back = await call('POST', `/api/contacts/${a}/archive`, owner.cookie, { should_archive: false })
    expect(back.statusCode).toBe(200)
    expect(back.json()).toMatchObject({ id: a, archived_at: null, is_active: true })
  })

  it('refuses duplicate ids, malformed ids and an empty list with 400', async () => {
    const owner = await insertSignedInPerson(app, db)
    const [a] = (await fillCircle(owner, 1)) as [string]
    expect((await call('PUT', '/api/contacts/order', owner.cookie, { contact_ids: [a, a] })).statusCode).toBe(400)
    expect((await call('PUT', '/api/contacts/order', owner.cookie, { contact_ids: ['nope'] })).statusCode).toBe(400)
    expect((await call('PUT', '/api/contacts/order', owner.cookie, { contact_ids: [] })).statusCode).toBe(400)
    expect((await call('POST', `/api/contacts/${a}/archive`, owner.cookie, { should_archive: 'yes' })).statusCode).toBe(400)
  })
})

describe("someone else's contacts", () => {
  async function twoOwners(): Promise<{ mallory: InsertedPerson & { cookie: string }; theirId: string; mineId: string }> {
    const owner = await insertSignedInPerson(app, db)
    const [theirId] = (await fillCircle(owner, 1)) as [string]
    const mallory = await insertSignedInPerson(app, db)
    const [mineId] = (await fillCircle(mallory, 1)) as [string]
    return { mallory, theirId, mineId }
  }

  it('answers 404 for reading, archiving, unarchiving, rekindling or reordering them, and changes nothing', async () => {
    const { mallory, theirId, mineId } = await twoOwners()
    const attempts = [
      call('GET', `/api/contacts/${theirId}`, mallory.cookie),
      call('POST', `/api/contacts/${theirId}/archive`, mallory.cookie, { should_archive: true }),
      call('POST', `/api/contacts/${theirId}/archive`, mallory.cookie, { should_archive: false }),
      call('POST', `/api/contacts/${theirId}/rekindle`, mallory.cookie),
      call('PUT', '/api/contacts/order', mallory.cookie, { contact_ids: [mineId, theirId] }),
    ]
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: 'Contact not found.' } })
    }
    const [theirs] = await db.select().from(contacts).where(eq(contacts.id, theirId))
    expect(theirs).toMatchObject({ archivedAt: null, displayOrder: 1 })
    const [mine] = await db
      .select()
      .from(contacts)
      .where(and(eq(contacts.id, mineId)))
    expect(mine?.displayOrder).toBe(1)
  })

  it('answers 401 to an anonymous caller on every endpoint', async () => {
    const { theirId } = await twoOwners()
    const attempts = [
      call('GET', '/api/contacts'),
      call('GET', `/api/contacts/${theirId}`),
      call('PUT', '/api/contacts/order', undefined, { contact_ids: [theirId] }),
      call('POST', `/api/contacts/${theirId}/archive`, undefined, { should_archive: true }),
      call('POST', `/api/contacts/${theirId}/rekindle`),
      call('POST', '/api/contacts/connect', undefined, { user_id: theirId }),
    ]
    for (const response of await Promise.all(attempts)) expect(response.statusCode).toBe(401)
  })
})
