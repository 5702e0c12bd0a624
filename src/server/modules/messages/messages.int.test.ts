import fs from 'node:fs/promises'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Contact } from '#shared/contacts.ts'
import { type Message } from '#shared/messages.ts'
import { MESSAGE_TEXTS } from '#shared/messages-texts.ts'
import { MAX_ACTIVE_CONTACTS } from '#shared/limits.ts'
import type { MessageSearchResult } from '#shared/message-search.ts'
import { audioMessages, contacts } from '#server/db/schema.ts'
import { insertSignedInPair, insertSignedInPerson, type SignedInPerson as Person } from '#server/test/people.ts'
import { listenToRealtime } from '#server/test/realtime-listener.ts'
import { apiClient } from '#server/test/requests.ts'
import { createTestApp } from '#server/test/test-app.ts'
import { uploadRecording } from '#server/test/uploads.ts'

const { app, db, databaseUrl } = await createTestApp({ DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-messages-') })

const { get, post } = apiClient(app)

const uploadFor = (person: Person) => uploadRecording(app, person.cookie)

const pair = () => insertSignedInPair(app, db)

const send = async (from: Person, contactId: string, replyTo?: string | null) =>
  post('/api/messages', from.cookie, { contact_id: contactId, upload_id: await uploadFor(from), reply_to_id: replyTo })

describe('sending', () => {
  it('delivers to the contact with unread count, and the receiver can read, like and fetch the audio', async () => {
    const { ada, bob, adaToBob, bobToAda } = await pair()
    const sent = await send(ada, adaToBob, 'undefined')
    expect(sent.statusCode).toBe(201)
    const message = sent.json() as Message
    expect(message).toMatchObject({
      sender_id: ada.id,
      receiver_id: bob.id,
      left_contact_id: null,
      reply_to_id: null,
      is_read: false,
      processing_status: 'pending',
    })

    const bobContact = (await get(`/api/contacts/${bobToAda}`, bob.cookie)).json() as Contact
    expect(bobContact.unread_count).toBe(1)
    const list = (await get(`/api/contacts/${bobToAda}/messages`, bob.cookie)).json() as { messages: Message[]; total: number }
    expect(list.messages.map((m) => m.id)).toEqual([message.id])
    expect(list.total).toBe(1)

    const audio = await get(list.messages[0]?.audio_url ?? '')
    expect(audio.statusCode).toBe(200)
    expect(audio.headers['content-type']).toBe('audio/webm')
    const ranged = await get(list.messages[0]?.audio_url ?? '', undefined, { headers: { range: 'bytes=0-99' } })
    expect(ranged.statusCode).toBe(206)
    expect(ranged.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/)
    expect(ranged.rawPayload).toHaveLength(100)

    expect((await post(`/api/messages/${message.id}/read`, ada.cookie)).statusCode).toBe(403)
    const read = await post(`/api/messages/${message.id}/read`, bob.cookie)
    expect(read.json()).toMatchObject({ is_read: true })
    expect(((await get(`/api/contacts/${bobToAda}`, bob.cookie)).json() as Contact).unread_count).toBe(0)

    const liked = await post(`/api/messages/${message.id}/like`, ada.cookie, { liked: true })
    expect(liked.json()).toMatchObject({ liked: true })
  })

  it('stops at 3 unanswered messages, lets only one of two concurrent sends at 2 of 3 pass, and a reply resets it', async () => {
    const { ada, bob, adaToBob, bobToAda } = await pair()
    expect((await send(ada, adaToBob)).statusCode).toBe(201)
    expect((await send(ada, adaToBob)).statusCode).toBe(201)
    const [u1, u2] = [await uploadFor(ada), await uploadFor(ada)]
    const both = await Promise.all([
      post('/api/messages', ada.cookie, { contact_id: adaToBob, upload_id: u1 }),
      post('/api/messages', ada.cookie, { contact_id: adaToBob, upload_id: u2 }),
    ])
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409])
    const fourth = await send(ada, adaToBob)
    expect(fourth.statusCode).toBe(409)
    expect(fourth.json()).toMatchObject({ error: { code: 'MESSAGE_LIMIT', message: MESSAGE_TEXTS.limitReached('Bob') } })

    const last = ((await get(`/api/contacts/${bobToAda}/messages`, bob.cookie)).json() as { messages: Message[] }).messages[0]
    expect((await send(bob, bobToAda, last?.id)).statusCode).toBe(201)
    expect(((await get(`/api/contacts/${adaToBob}`, ada.cookie)).json() as Contact).consecutive_messages_sent).toBe(0)
    expect((await send(ada, adaToBob)).statusCode).toBe(201)
  })

  it("refuses someone else's contact, an unlinked contact, a foreign upload and a foreign reply_to", async () => {
    const { ada, adaToBob } = await pair()
    const other = await pair()
    expect((await send(other.ada, adaToBob)).statusCode).toBe(404)

    const foreignUpload = await post('/api/messages', ada.cookie, { contact_id: adaToBob, upload_id: await uploadFor(other.ada) })
    expect(foreignUpload.statusCode).toBe(404)
    expect(foreignUpload.json()).toMatchObject({ error: { message: MESSAGE_TEXTS.uploadNotFound } })

    const theirMessage = (await send(other.ada, other.adaToBob)).json() as Message
    const foreignReply = await send(ada, adaToBob, theirMessage.id)
    expect(foreignReply.statusCode).toBe(404)
    expect(foreignReply.json()).toMatchObject({ error: { message: MESSAGE_TEXTS.replyNotFound } })

    expect((await get(`/api/messages/${theirMessage.id}`, ada.cookie)).statusCode).toBe(404)
    expect((await post(`/api/messages/${theirMessage.id}/like`, ada.cookie, { liked: true })).statusCode).toBe(404)
    expect((await post(`/api/messages/${theirMessage.id}/read`, ada.cookie)).statusCode).toBe(404)

    await db.update(contacts).set({ contactUserId: null }).where(eq(contacts.id, adaToBob))
    const unlinked = await send(ada, adaToBob)
    expect(unlinked.statusCode).toBe(409)
    expect(unlinked.json()).toMatchObject({ error: { code: 'NOT_LINKED', message: MESSAGE_TEXTS.notLinked } })
  })

  it('consumes an upload once: a send tried again answers with the message the first try made, never a second one (decision 232)', async () => {
    const { ada, bob, adaToBob } = await pair()
    const uploadId = await uploadFor(ada)
    const first = await post('/api/messages', ada.cookie, { contact_id: adaToBob, upload_id: uploadId })
    expect(first.statusCode).toBe(201)
    // the first answer was lost on the way: the outbox sends again, and is told the message is there
    const again = await post('/api/messages', ada.cookie, { contact_id: adaToBob, upload_id: uploadId })
    expect(again.statusCode, again.body).toBe(201)
    expect((again.json() as Message).id).toBe((first.json() as Message).id)
    const pairRows = await db.select().from(audioMessages).where(eq(audioMessages.senderId, ada.id))
    expect(pairRows).toHaveLength(1)
    // the receiver cannot claim the sender's upload, used or not
    const byBob = await post('/api/messages', bob.cookie, { contact_id: adaToBob, upload_id: uploadId })
    expect(byBob.statusCode).toBe(404)
  })

  it("answers a retry of the send that reached the limit with that message, not with the limit's refusal", async () => {
    const { ada, adaToBob } = await pair()
    expect((await send(ada, adaToBob)).statusCode).toBe(201)
    expect((await send(ada, adaToBob)).statusCode).toBe(201)
    const uploadId = await uploadFor(ada)
    const third = await post('/api/messages', ada.cookie, { contact_id: adaToBob, upload_id: uploadId })
    expect(third.statusCode).toBe(201)
    const retried = await post('/api/messages', ada.cookie, { contact_id: adaToBob, upload_id: uploadId })
    expect(retried.statusCode, retried.body).toBe(201)
    expect((retried.json() as Message).id).toBe((third.json() as Message).id)
    // a new recording is still refused at the limit
    expect((await send(ada, adaToBob)).statusCode).toBe(409)
  })

  it('answers 401 without a session and 400 for bad input', async () => {
    const { ada, adaToBob } = await pair()
    const anonymous = { contact_id: adaToBob, upload_id: await uploadFor(ada) }
    expect((await post('/api/messages', undefined, anonymous)).statusCode).toBe(401)
    expect((await post('/api/messages', ada.cookie, { ...anonymous, reply_to_id: 'not-a-message' })).statusCode).toBe(400)
    expect((await post('/api/messages', ada.cookie, { contact_id: adaToBob, upload_id: 'blob:nope' })).statusCode).toBe(400)
    expect((await post('/api/messages', ada.cookie, { contact_id: 'x', upload_id: await uploadFor(ada) })).statusCode).toBe(400)
  })
})

describe('archiving stops messages (decision 41)', () => {
  const archive = (person: Person, contactId: string, shouldArchive: boolean) =>
    post(`/api/contacts/${contactId}/archive`, person.cookie, { should_archive: shouldArchive })

  it('refuses a send to someone who archived the sender, with a text that says so, until they bring them back', async () => {
    const { ada, bob, adaToBob, bobToAda } = await pair()
    expect((await send(ada, adaToBob)).statusCode).toBe(201)
    expect((await archive(bob, bobToAda, true)).statusCode).toBe(200)

    const refused = await send(ada, adaToBob)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ error: { code: 'CONTACT_ARCHIVED', message: MESSAGE_TEXTS.archivedByThem('Bob') } })
    expect(((await get(`/api/contacts/${bobToAda}/messages`, bob.cookie)).json() as { total: number }).total).toBe(1)

    // Bob can still write to Ada himself, and once he brings her back her messages arrive again.
    expect((await send(bob, bobToAda)).statusCode).toBe(201)
    expect((await archive(bob, bobToAda, false)).statusCode).toBe(200)
    expect((await send(ada, adaToBob)).statusCode).toBe(201)
  })
})

describe('a reply and the circle limit (decision 41)', () => {
  /** Fills the person's circle with unlinked contacts until `count` are active. */
  async function fillCircle(person: Person, count: number) {
    const rows = Array.from({ length: count }, (_, i) => ({ userId: person.id, name: `Friend ${i}`, displayOrder: 100 + i }))
    await db.insert(contacts).values(rows)
  }
  const activeCount = async (person: Person) =>
    ((await get('/api/contacts', person.cookie)).json() as { contacts: Contact[] }).contacts.length

  /** Bob last heard from Ada 40 days ago: she is inactive in his circle. */
  async function inactivePair() {
    const { ada, bob, adaToBob, bobToAda } = await pair()
    await db
      .update(contacts)
      .set({ lastReplyFromThem: sql`now() - interval '40 days'` })
      .where(eq(contacts.id, bobToAda))
    return { ada, bob, adaToBob, bobToAda }
  }

  it('brings an inactive contact who replies back into a circle that has room', async () => {
    const { ada, bob, adaToBob, bobToAda } = await inactivePair()
    await fillCircle(bob, MAX_ACTIVE_CONTACTS - 1)
    expect(await activeCount(bob)).toBe(MAX_ACTIVE_CONTACTS - 1)
    expect((await send(ada, adaToBob)).statusCode).toBe(201)
    const ada4Bob = (await get(`/api/contacts/${bobToAda}`, bob.cookie)).json() as Contact
    expect(ada4Bob).toMatchObject({ is_active: true, unread_count: 1 })
    expect(await activeCount(bob)).toBe(MAX_ACTIVE_CONTACTS)
  })

  it('delivers the reply of an inactive contact to a full circle but keeps them inactive, so the circle stays at 10', async () => {
    const { ada, bob, adaToBob, bobToAda } = await inactivePair()
    await fillCircle(bob, MAX_ACTIVE_CONTACTS)
    const [u1, u2] = [await uploadFor(ada), await uploadFor(ada)]
    // two replies at once cannot both find the one place either
    const both = await Promise.all([
      post('/api/messages', ada.cookie, { contact_id: adaToBob, upload_id: u1 }),
      post('/api/messages', ada.cookie, { contact_id: adaToBob, upload_id: u2 }),
    ])
    expect(both.map((r) => r.statusCode)).toEqual([201, 201])
    expect(await activeCount(bob)).toBe(MAX_ACTIVE_CONTACTS)
    const ada4Bob = (await get(`/api/contacts/${bobToAda}`, bob.cookie)).json() as Contact
    expect(ada4Bob).toMatchObject({ is_active: false, unread_count: 2 })
    // she is where Bob can find her and rekindle her once he makes room
    const inactive = (await get('/api/contacts?status=inactive', bob.cookie)).json() as { contacts: Contact[] }
    expect(inactive.contacts.map((c) => c.id)).toContain(bobToAda)
    expect((await post(`/api/contacts/${bobToAda}/rekindle`, bob.cookie)).statusCode).toBe(409)
    const [bobsRow] = await db
      .select()
      .from(contacts)
      .where(and(eq(contacts.userId, bob.id), eq(contacts.id, bobToAda)))
    expect(bobsRow?.consecutiveMessagesSent).toBe(0)
  })
})

describe('a like is one heart per message that both people see (decision 205)', () => {
  const like = (person: Person, id: string, liked: boolean) => post(`/api/messages/${id}/like`, person.cookie, { liked })
  const likedAs = async (person: Person, id: string) => ((await get(`/api/messages/${id}`, person.cookie)).json() as Message).liked
  const overviewLiked = async (person: Person) =>
    ((await get('/api/messages', person.cookie)).json() as MessageSearchResult).messages.filter((m) => m.liked).map((m) => m.id)
  const conversationLiked = async (person: Person, contactId: string) =>
    ((await get(`/api/contacts/${contactId}/messages`, person.cookie)).json() as { messages: Message[] }).messages[0]?.liked

  it("shows the receiver's like to the sender, live, and lets either one clear it", async () => {
    const realtime = await listenToRealtime(databaseUrl)
    try {
      const { ada, bob, adaToBob, bobToAda } = await pair()
      const message = (await send(ada, adaToBob)).json() as Message
      expect(await likedAs(ada, message.id)).toBe(false)

      expect((await like(bob, message.id, true)).json()).toMatchObject({ liked: true })
      // the sender, whose voice it was, sees it: in the message, the conversation and the overview's Liked group
      expect(await likedAs(ada, message.id)).toBe(true)
      expect(await conversationLiked(ada, adaToBob)).toBe(true)
      expect(await overviewLiked(ada)).toEqual([message.id])
      expect(await overviewLiked(bob)).toEqual([message.id])
      // and her open tabs are told at once, as her contact of Bob
      await expect
        .poll(() =>
          realtime.heard.find(({ to, event }) => to.includes(ada.id) && event.type === 'message.updated' && event.changes?.liked === true),
        )
        .toMatchObject({ event: { message_id: message.id, contact_id: adaToBob, changes: { liked: true } } })
      // liking twice is the same as once
      expect((await like(ada, message.id, true)).statusCode).toBe(200)
      expect(await likedAs(bob, message.id)).toBe(true)

      // one heart: the sender clearing it clears it for both
      expect((await like(ada, message.id, false)).json()).toMatchObject({ liked: false })
      expect(await likedAs(bob, message.id)).toBe(false)
      expect(await conversationLiked(bob, bobToAda)).toBe(false)
      expect(await overviewLiked(bob)).toEqual([])
      await expect
        .poll(() =>
          realtime.heard.find(({ to, event }) => to.includes(bob.id) && event.type === 'message.updated' && event.changes?.liked === false),
        )
        .toMatchObject({ event: { message_id: message.id, contact_id: bobToAda } })
    } finally {
      await realtime.close()
    }
  })

  it('tells the receiver of a blocked request nothing of a like on a message she never heard of', async () => {
    const realtime = await listenToRealtime(databaseUrl)
    try {
      const ann = await insertSignedInPerson(app, db)
      const bea = await insertSignedInPerson(app, db)
      const annToBea = ((await post('/api/contacts/connect', ann.cookie, { user_id: bea.id })).json() as { contact: Contact }).contact.id
      const { requests } = (await get('/api/message-requests', bea.cookie)).json() as { requests: { id: string }[] }
      expect((await post(`/api/message-requests/${requests[0]?.id}/block`, bea.cookie)).statusCode).toBe(204)
      const message = (await send(ann, annToBea)).json() as Message

      expect((await like(ann, message.id, true)).json()).toMatchObject({ liked: true })
      const likeTo = (person: Person) =>
        realtime.heard.find(({ to, event }) => to.includes(person.id) && event.type === 'message.updated' && event.changes?.liked === true)
      await expect.poll(() => likeTo(ann)).toBeDefined()
      expect(likeTo(bea)).toBeUndefined()
    } finally {
      await realtime.close()
    }
  })

  it('refuses a like from someone who is not part of the message, and bad input', async () => {
    const { ada, bob, adaToBob } = await pair()
    const stranger = await insertSignedInPerson(app, db)
    const message = (await send(ada, adaToBob)).json() as Message
    expect((await like(stranger, message.id, true)).statusCode).toBe(404)
    expect(await likedAs(ada, message.id)).toBe(false)
    expect(await likedAs(bob, message.id)).toBe(false)
    expect((await post(`/api/messages/${message.id}/like`, ada.cookie, { liked: 'yes' })).statusCode).toBe(400)
  })
})

describe('a reply carries its quote of the answered message (decision 205)', () => {
  it('gives who said it, its first words or none, and its length, wherever the reply is read', async () => {
    const { ada, bob, adaToBob, bobToAda } = await pair()
    const original = (await send(ada, adaToBob)).json() as Message
    const words = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen'
    await db.execute(sql`update audio_messages set transcription = ${words}, duration_seconds = 12.5 where id = ${original.id}`)

    const sent = await send(bob, bobToAda, original.id)
    expect(sent.statusCode).toBe(201)
    const quote = {
      id: original.id,
      sender_id: ada.id,
      excerpt: 'one two three four five six seven eight nine ten eleven twelve…',
      duration_seconds: 12.5,
    }
    const reply = sent.json() as Message
    expect(reply).toMatchObject({ reply_to_id: original.id, reply_to: quote })
    expect(((await get(`/api/messages/${reply.id}`, ada.cookie)).json() as Message).reply_to).toEqual(quote)
    const adasPage = (await get(`/api/contacts/${adaToBob}/messages`, ada.cookie)).json() as { messages: Message[] }
    expect(adasPage.messages.map((m) => m.reply_to)).toEqual([quote, null])

    // no words yet: the quote says so, and the screens show its length instead
    await db.execute(sql`update audio_messages set transcription = null where id = ${original.id}`)
    expect(((await get(`/api/messages/${reply.id}`, bob.cookie)).json() as Message).reply_to).toEqual({ ...quote, excerpt: null })
  })
})

describe('seen where it arrives (decision 206)', () => {
  const unread = async (person: Person, contactId: string) =>
    ((await get(`/api/contacts/${contactId}`, person.cookie)).json() as Contact).unread_count

  it('stops counting what arrived in the open conversation as unread, keeps it new until played, and tells the sender nothing', async () => {
    const realtime = await listenToRealtime(databaseUrl)
    try {
      const { ada, bob, adaToBob, bobToAda } = await pair()
      const first = (await send(bob, bobToAda)).json() as Message
      expect(await unread(ada, adaToBob)).toBe(1)

      const seen = await post(`/api/contacts/${adaToBob}/messages/seen`, ada.cookie)
      expect(seen.json()).toEqual({ marked: 1 })
      expect(await unread(ada, adaToBob)).toBe(0)
      // still new: unplayed, offered by Play all new, and not read for the sender
      expect(((await get(`/api/messages/${first.id}`, ada.cookie)).json() as Message).is_read).toBe(false)
      expect(((await get(`/api/messages/${first.id}`, bob.cookie)).json() as Message).is_read).toBe(false)
      expect(((await get('/api/messages/unheard', ada.cookie)).json() as { messages: Message[] }).messages.map((m) => m.id)).toEqual([
        first.id,
      ])
      // her other tabs read her contacts again; Bob hears nothing of it
      await expect
        .poll(() => realtime.heard.find(({ to, event }) => to.includes(ada.id) && event.type === 'contact.changed'))
        .toMatchObject({ event: { contact_id: adaToBob, change: 'updated' } })
      expect(realtime.heard.some(({ to, event }) => to.includes(bob.id) && event.type === 'contact.changed')).toBe(false)

      // seen again changes nothing; what arrives next counts until it is seen too, and playing it keeps the count right
      expect((await post(`/api/contacts/${adaToBob}/messages/seen`, ada.cookie)).json()).toEqual({ marked: 0 })
      const second = (await send(bob, bobToAda)).json() as Message
      expect(await unread(ada, adaToBob)).toBe(1)
      expect((await post(`/api/messages/${second.id}/read`, ada.cookie)).statusCode).toBe(200)
      expect(await unread(ada, adaToBob)).toBe(0)
    } finally {
      await realtime.close()
    }
  })

  it('marks only what the caller received, and refuses a contact that is not theirs', async () => {
    const { ada, bob, adaToBob, bobToAda } = await pair()
    await send(ada, adaToBob)
    // Ada's own message is Bob's to see, not hers
    expect((await post(`/api/contacts/${adaToBob}/messages/seen`, ada.cookie)).json()).toEqual({ marked: 0 })
    expect(await unread(bob, bobToAda)).toBe(1)
    const stranger = await insertSignedInPerson(app, db)
    expect((await post(`/api/contacts/${bobToAda}/messages/seen`, stranger.cookie)).statusCode).toBe(404)
    expect((await post('/api/contacts/not-a-uuid/messages/seen', bob.cookie)).statusCode).toBe(400)
    expect((await post(`/api/contacts/${bobToAda}/messages/seen`, undefined)).statusCode).toBe(401)
    expect(await unread(bob, bobToAda)).toBe(1)
  })
})

describe('signed audio URLs', () => {
  it('refuse a tampered or expired link', async () => {
    const { ada, adaToBob } = await pair()
    const message = (await send(ada, adaToBob)).json() as Message
    const url = new URL(message.audio_url, 'http://x')
    const tampered = `${url.pathname}?expires=${url.searchParams.get('expires')}&signature=${'A'.repeat(43)}`
    expect((await get(tampered)).statusCode).toBe(403)
    const expired = `${url.pathname}?expires=${Math.floor(Date.now() / 1000) + 10}&signature=${url.searchParams.get('signature')}`
    expect((await get(expired)).statusCode).toBe(403)
    const { signMediaUrl } = await import('#server/media/signed-url.ts')
    const old = signMediaUrl('u'.repeat(40), url.pathname.replace('/api/media/', ''), { now: Date.now() - 2 * 3600 * 1000 })
    const response = await get(old)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ error: { message: 'This link has expired' } })
  })
})
