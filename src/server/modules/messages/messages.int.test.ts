import fs from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Contact } from '#shared/contacts.ts'
import { MESSAGE_TEXTS, type Message } from '#shared/messages.ts'
import { contacts } from '../../db/schema.ts'
import { insertSignedInPair, type SignedInPerson as Person } from '../../test/people.ts'
import { apiClient } from '../../test/requests.ts'
import { createTestApp } from '../../test/test-app.ts'
import { uploadRecording } from '../../test/uploads.ts'

const { app, db } = await createTestApp({ DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-messages-') })

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
    expect(message).toMatchObject({ sender_id: ada.id, receiver_id: bob.id, reply_to_id: null, is_read: false, processing_status: 'pending' })

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
    expect(fourth.json()).toEqual({ error: { code: 'MESSAGE_LIMIT', message: MESSAGE_TEXTS.limitReached('Bob') } })

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
    expect(unlinked.json()).toEqual({ error: { code: 'NOT_LINKED', message: MESSAGE_TEXTS.notLinked } })
  })

  it('consumes an upload once: the same upload cannot make two messages', async () => {
    const { ada, adaToBob } = await pair()
    const uploadId = await uploadFor(ada)
    expect((await post('/api/messages', ada.cookie, { contact_id: adaToBob, upload_id: uploadId })).statusCode).toBe(201)
    expect((await post('/api/messages', ada.cookie, { contact_id: adaToBob, upload_id: uploadId })).statusCode).toBe(404)
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

describe('signed audio URLs', () => {
  it('refuse a tampered or expired link', async () => {
    const { ada, adaToBob } = await pair()
    const message = (await send(ada, adaToBob)).json() as Message
    const url = new URL(message.audio_url, 'http://x')
    const tampered = `${url.pathname}?expires=${url.searchParams.get('expires')}&signature=${'A'.repeat(43)}`
    expect((await get(tampered)).statusCode).toBe(403)
    const expired = `${url.pathname}?expires=${Math.floor(Date.now() / 1000) + 10}&signature=${url.searchParams.get('signature')}`
    expect((await get(expired)).statusCode).toBe(403)
    const { signMediaUrl } = await import('../../media/signed-url.ts')
    const old = signMediaUrl('u'.repeat(40), url.pathname.replace('/api/media/', ''), { now: Date.now() - 2 * 3600 * 1000 })
    const response = await get(old)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ error: { message: 'This link has expired' } })
  })
})
