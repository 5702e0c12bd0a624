import fs from 'node:fs/promises'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { type Contact } from '#shared/contacts.ts'
import { CONTACT_TEXTS } from '#shared/contacts-texts.ts'
import { MAX_ACTIVE_CONTACTS } from '#shared/limits.ts'
import type { BlockedPerson, MessageRequest } from '#shared/message-requests.ts'
import type { Message } from '#shared/messages.ts'
import { MESSAGE_TEXTS } from '#shared/messages-texts.ts'
import { contacts } from '#server/db/schema.ts'
import { insertContact } from '#server/modules/contacts/contacts.queries.ts'
import { insertPerson } from '#server/test/data.ts'
import { insertSignedInPerson, type SignedInPerson } from '#server/test/people.ts'
import { listenToRealtime } from '#server/test/realtime-listener.ts'
import { apiClient } from '#server/test/requests.ts'
import { createTestApp } from '#server/test/test-app.ts'
import { sendRecording, uploadRecording } from '#server/test/uploads.ts'

const { app, db, databaseUrl } = await createTestApp({ DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-requests-') })
// every event the services publish, as each server instance's hub hears it
const { heard, close: stopListening } = await listenToRealtime(databaseUrl)
afterAll(stopListening)
const { get, post } = apiClient(app)

const connect = (from: SignedInPerson, to: { id: string }) => post('/api/contacts/connect', from.cookie, { user_id: to.id })

/** `from` presses Message on `to`'s profile; answers `from`'s contact id. */
async function pressMessage(from: SignedInPerson, to: { id: string }): Promise<string> {
  const answer = await connect(from, to)
  expect(answer.statusCode).toBeLessThan(300)
  return (answer.json() as { contact: Contact }).contact.id
}

const circle = async (person: SignedInPerson) => {
  const answer = await get('/api/contacts', person.cookie)
  expect(answer.statusCode).toBe(200)
  return (answer.json() as { contacts: Contact[] }).contacts
}

const requestsOf = async (person: SignedInPerson) => {
  const answer = await get('/api/message-requests', person.cookie)
  expect(answer.statusCode).toBe(200)
  return (answer.json() as { requests: MessageRequest[] }).requests
}

/** The one request `person` holds from `requester`. */
async function requestFrom(person: SignedInPerson, requester: { id: string }): Promise<MessageRequest> {
  const request = (await requestsOf(person)).find((r) => r.user_id === requester.id)
  if (!request) throw new Error('no request from them')
  return request
}

/** How many mail and push notifications were queued for these messages (in any state: done ones stay in the table). */
async function notificationsQueued(messageIds: string[]): Promise<number> {
  const { rows } = await db.execute<{ queued: number }>(sql`select count(*)::int as queued from pgboss.job
    where name in ('notify-new-message-mail', 'push-new-message') and data->>'messageId' in ${messageIds}`)
  return rows[0]?.queued ?? 0
}

const act = (person: SignedInPerson, requestId: string, action: 'accept' | 'ignore' | 'block' | 'unblock') =>
  post(`/api/message-requests/${requestId}/${action}`, person.cookie)

/** A link invitation of `inviter`'s: answers its token. */
async function invite(inviter: SignedInPerson): Promise<string> {
  const upload_id = await uploadRecording(app, inviter.cookie)
  const link = await post('/api/invitations/link', inviter.cookie, { recipient_name: 'Friend', upload_id })
  expect(link.statusCode).toBe(201)
  return new URL((link.json() as { share_url: string }).share_url).searchParams.get('token') ?? ''
}

/** Puts `count` people `owner` chose into their circle (rows written directly: the Message button is tested below). */
async function fillCircle(owner: SignedInPerson, count: number) {
  for (let i = 0; i < count; i++) {
    const other = await insertPerson(db)
    await insertContact(db, {
      ownerId: owner.id,
      contactUserId: other.id,
      name: other.name,
      displayOrder: i + 1,
      archivedAt: null,
      chosen: true,
    })
  }
}

describe('a stranger pressing Message', () => {
  it("takes none of the target's ten places: seven strangers later, she still invites and Messages her own people", async () => {
    const beth = await insertSignedInPerson(app, db, { name: 'Beth Target' })
    await fillCircle(beth, 8)
    for (let i = 0; i < 7; i++) {
      const stranger = await insertSignedInPerson(app, db)
      const answer = await connect(stranger, beth)
      expect(answer.statusCode).toBe(201)
      // the stranger's own side is a contact of theirs, within their ten
      expect(await circle(stranger)).toHaveLength(1)
    }
    expect(await circle(beth)).toHaveLength(8)
    expect(await requestsOf(beth)).toHaveLength(7)

    expect((await connect(beth, await insertPerson(db))).statusCode).toBe(201)
    const friend = await insertSignedInPerson(app, db)
    expect((await post('/api/invitations/accept', friend.cookie, { token: await invite(beth) })).statusCode).toBe(200)
    expect(await circle(beth)).toHaveLength(MAX_ACTIVE_CONTACTS)
  })

  it('holds their messages in the request, up to three unanswered, outside the home, the unheard list and the conversation', async () => {
    const ann = await insertSignedInPerson(app, db, { name: 'Ann Asking' })
    const bea = await insertSignedInPerson(app, db, { name: 'Bea Busy' })
    const annToBea = await pressMessage(ann, bea)
    const sent: Message[] = []
    for (let i = 0; i < 3; i++) sent.push(await sendRecording(app, ann.cookie, annToBea))
    const fourth = await post('/api/messages', ann.cookie, { contact_id: annToBea, upload_id: await uploadRecording(app, ann.cookie) })
    expect(fourth.statusCode).toBe(409)

    const request = await requestFrom(bea, ann)
    expect(request).toMatchObject({ name: 'Ann Asking', user_id: ann.id })
    expect(request.messages.map((m) => m.id)).toEqual(sent.map((m) => m.id))
    expect(request.messages[0]?.audio_url).toContain('/api/media/')
    expect(await circle(bea)).toEqual([])
    // a stranger's messages wake no one: no mail, no push
    expect(await notificationsQueued(sent.map((m) => m.id))).toBe(0)
    expect(((await get('/api/messages/unheard', bea.cookie)).json() as { messages: Message[] }).messages).toEqual([])
    expect((await get(`/api/contacts/${request.id}`, bea.cookie)).statusCode).toBe(404)
    expect((await get(`/api/contacts/${request.id}/messages`, bea.cookie)).statusCode).toBe(404)
    // the receiver can play what was sent to her
    expect((await get(`/api/messages/${sent[0]?.id}`, bea.cookie)).statusCode).toBe(200)
    // and cannot answer from the request: accepting comes first
    const reply = await post('/api/messages', bea.cookie, { contact_id: request.id, upload_id: await uploadRecording(app, bea.cookie) })
    expect(reply.statusCode).toBe(404)
    // no presence is shared: only her own row would have to be chosen
    const [beaRow] = await db.select().from(contacts).where(eq(contacts.id, request.id))
    expect(beaRow?.chosenAt).toBeNull()
  })

  it('is a plain connection when both chose each other: no request is left', async () => {
    const ann = await insertSignedInPerson(app, db)
    const bea = await insertSignedInPerson(app, db)
    await pressMessage(ann, bea)
    const back = await connect(bea, ann)
    expect(back.statusCode).toBe(200)
    expect(await requestsOf(bea)).toEqual([])
    expect((await circle(bea)).map((c) => c.contact_user_id)).toEqual([ann.id])
    const rows = await db.select().from(contacts).where(eq(contacts.contactUserId, ann.id))
    expect(rows.map((r) => [r.requestStatus, r.chosenAt !== null])).toEqual([[null, true]])
  })
})

describe('accepting a request', () => {
  it('joins the requester to the circle as a two-way connection; a second accept is 404', async () => {
    const ann = await insertSignedInPerson(app, db, { name: 'Ann Joining' })
    const bea = await insertSignedInPerson(app, db)
    const annToBea = await pressMessage(ann, bea)
    await sendRecording(app, ann.cookie, annToBea)
    const request = await requestFrom(bea, ann)

    const accepted = await act(bea, request.id, 'accept')
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json()).toMatchObject({
      id: request.id,
      name: 'Ann Joining',
      contact_user_id: ann.id,
      is_active: true,
      unread_count: 1,
    })
    expect((await circle(bea)).map((c) => c.id)).toEqual([request.id])
    expect(await requestsOf(bea)).toEqual([])
    expect((await act(bea, request.id, 'accept')).statusCode).toBe(404)
    // now she answers, and the two have chosen each other: her message notifies Ann as any message does
    const answer = await sendRecording(app, bea.cookie, request.id)
    expect(await notificationsQueued([answer.id])).toBe(2)
    const rows = await db
      .select()
      .from(contacts)
      .where(and(eq(contacts.contactUserId, ann.id), eq(contacts.userId, bea.id)))
    expect(rows[0]?.chosenAt).not.toBeNull()
  })

  it('answers 409 with a way to make room when the circle is full, and keeps the request', async () => {
    const ann = await insertSignedInPerson(app, db)
    const bea = await insertSignedInPerson(app, db)
    await fillCircle(bea, MAX_ACTIVE_CONTACTS)
    await pressMessage(ann, bea)
    const request = await requestFrom(bea, ann)
    const refused = await act(bea, request.id, 'accept')
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ error: { code: 'CIRCLE_FULL', message: CONTACT_TEXTS.circleFull } })
    expect(await circle(bea)).toHaveLength(MAX_ACTIVE_CONTACTS)
    expect((await requestsOf(bea)).map((r) => r.id)).toEqual([request.id])
  })

  it('gives the last place of nine to exactly one of two simultaneous accepts', async () => {
    const bea = await insertSignedInPerson(app, db)
    await fillCircle(bea, MAX_ACTIVE_CONTACTS - 1)
    const [ann, cal] = [await insertSignedInPerson(app, db), await insertSignedInPerson(app, db)]
    await pressMessage(ann, bea)
    await pressMessage(cal, bea)
    const [first, second] = [await requestFrom(bea, ann), await requestFrom(bea, cal)]
    const answers = await Promise.all([act(bea, first.id, 'accept'), act(bea, second.id, 'accept')])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
    expect(await circle(bea)).toHaveLength(MAX_ACTIVE_CONTACTS)
  })

  it("gives the last place to exactly one of an accept and the person's own invitation accepted at once", async () => {
    const bea = await insertSignedInPerson(app, db)
    await fillCircle(bea, MAX_ACTIVE_CONTACTS - 1)
    const ann = await insertSignedInPerson(app, db)
    const friend = await insertSignedInPerson(app, db)
    await pressMessage(ann, bea)
    const request = await requestFrom(bea, ann)
    const token = await invite(bea)
    const answers = await Promise.all([act(bea, request.id, 'accept'), post('/api/invitations/accept', friend.cookie, { token })])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
    expect(await circle(bea)).toHaveLength(MAX_ACTIVE_CONTACTS)
  })

  it("accepting the requester's invitation is choosing them: the request becomes a contact", async () => {
    // Ann holds Bea's request, and Bea accepts an invitation of Ann's
    const [ann, bea] = [await insertSignedInPerson(app, db), await insertSignedInPerson(app, db)]
    await pressMessage(bea, ann)
    expect((await post('/api/invitations/accept', bea.cookie, { token: await invite(ann) })).statusCode).toBe(200)
    expect(await requestsOf(ann)).toEqual([])
    expect((await circle(ann)).map((c) => c.contact_user_id)).toEqual([bea.id])
  })

  it("accepting the requester's invitation into a full circle is refused: the request does not slip in as an eleventh", async () => {
    const [cy, dee] = [await insertSignedInPerson(app, db), await insertSignedInPerson(app, db)]
    await pressMessage(dee, cy)
    const token = await invite(cy)
    await fillCircle(cy, MAX_ACTIVE_CONTACTS)
    expect((await post('/api/invitations/accept', dee.cookie, { token })).statusCode).toBe(409)
    expect(await circle(cy)).toHaveLength(MAX_ACTIVE_CONTACTS)
    expect((await requestsOf(cy)).map((r) => r.user_id)).toEqual([dee.id])
  })
})

describe('ignoring and blocking', () => {
  it('ignore hides the request without telling the requester; writing again brings it back', async () => {
    const ann = await insertSignedInPerson(app, db)
    const bea = await insertSignedInPerson(app, db)
    const annToBea = await pressMessage(ann, bea)
    await sendRecording(app, ann.cookie, annToBea)
    const request = await requestFrom(bea, ann)

    const ignored = await act(bea, request.id, 'ignore')
    expect(ignored.statusCode).toBe(204)
    expect(await requestsOf(bea)).toEqual([])
    expect(await circle(bea)).toEqual([])
    // Ann's side is unchanged: the same answers as before
    expect((await connect(ann, bea)).statusCode).toBe(200)
    expect((await circle(ann)).map((c) => c.id)).toEqual([annToBea])
    expect(await requestsOf(bea)).toEqual([])
    await sendRecording(app, ann.cookie, annToBea)
    expect((await requestsOf(bea)).map((r) => [r.id, r.messages.length])).toEqual([[request.id, 2]])
  })

  it('block stops further requests and messages from reaching her, with the answers the requester always gets', async () => {
    const ann = await insertSignedInPerson(app, db)
    const bea = await insertSignedInPerson(app, db)
    const annToBea = await pressMessage(ann, bea)
    const request = await requestFrom(bea, ann)

    expect((await act(bea, request.id, 'block')).statusCode).toBe(204)
    expect(await requestsOf(bea)).toEqual([])
    // a press of Message and a message answer as they would for a request still waiting
    expect((await connect(ann, bea)).statusCode).toBe(200)
    const message = await sendRecording(app, ann.cookie, annToBea)
    expect(message.receiver_id).toBe(bea.id)
    expect(await requestsOf(bea)).toEqual([])
    expect(await circle(bea)).toEqual([])
    expect(((await get('/api/messages/unheard', bea.cookie)).json() as { messages: Message[] }).messages).toEqual([])
    expect((await act(bea, request.id, 'accept')).statusCode).toBe(404)
    expect((await act(bea, request.id, 'ignore')).statusCode).toBe(404)
    // pressing Message on Ann herself is Bea's own choice: a plain connection
    expect((await connect(bea, ann)).statusCode).toBe(200)
    expect((await circle(bea)).map((c) => c.contact_user_id)).toEqual([ann.id])
  })
})

describe('what the requester learns of a heard request', () => {
  /** Everything the requester may read of their message: the message, their conversation, their search, their export. */
  async function readsAsHeard(requester: SignedInPerson, contactId: string, messageId: string) {
    const one = (await get(`/api/messages/${messageId}`, requester.cookie)).json() as Message
    const page = (await get(`/api/contacts/${contactId}/messages`, requester.cookie)).json() as { messages: Message[] }
    const search = (await get('/api/messages', requester.cookie)).json() as { messages: { id: string; is_read: boolean }[] }
    return [one.is_read, page.messages.find((m) => m.id === messageId)?.is_read, search.messages.find((m) => m.id === messageId)?.is_read]
  }
  const readEventsTo = (person: { id: string }, messageId: string) =>
    heard.filter(
      ({ to, event }) =>
        to.includes(person.id) && event.type === 'message.updated' && event.message_id === messageId && event.changes?.is_read === true,
    )

  const states = { pending: 'pending', ignore: 'ignored', block: 'blocked' } as const
  for (const settled of ['pending', 'ignore', 'block'] as const) {
    it(`shows the message unheard to the requester and tells them nothing while the request is ${states[settled]}`, async () => {
      const ann = await insertSignedInPerson(app, db)
      const bea = await insertSignedInPerson(app, db)
      const annToBea = await pressMessage(ann, bea)
      const message = await sendRecording(app, ann.cookie, annToBea)
      const request = await requestFrom(bea, ann)
      if (settled !== 'pending') expect((await act(bea, request.id, settled)).statusCode).toBe(204)

      const played = await post(`/api/messages/${message.id}/read`, bea.cookie)
      expect(played.statusCode).toBe(200)
      // the receiver sees her own read
      expect((played.json() as Message).is_read).toBe(true)
      expect(await readsAsHeard(ann, annToBea, message.id)).toEqual([false, false, false])
      // Bea's own tabs hear of it; Ann's hear nothing, also once the events have all left
      await expect.poll(() => readEventsTo(bea, message.id).length).toBe(1)
      expect(readEventsTo(ann, message.id)).toEqual([])
    })
  }

  it("refuses the receiver's like while it is a request (the one like would tell the requester), and takes it after the accept", async () => {
    const ann = await insertSignedInPerson(app, db)
    const bea = await insertSignedInPerson(app, db)
    const annToBea = await pressMessage(ann, bea)
    const message = await sendRecording(app, ann.cookie, annToBea)
    const request = await requestFrom(bea, ann)
    const like = () => post(`/api/messages/${message.id}/like`, bea.cookie, { liked: true })

    const refused = await like()
    expect(refused.statusCode).toBe(409)
    expect((refused.json() as { error: { message: string } }).error.message).toBe(MESSAGE_TEXTS.likeAfterAccept)
    expect(((await get(`/api/messages/${message.id}`, ann.cookie)).json() as Message).liked).toBe(false)

    expect((await act(bea, request.id, 'accept')).statusCode).toBe(200)
    expect((await like()).statusCode).toBe(200)
    expect(((await get(`/api/messages/${message.id}`, ann.cookie)).json() as Message).liked).toBe(true)
  })

  it('shows what was heard to the requester once the request is accepted, and tells their open tabs', async () => {
    const ann = await insertSignedInPerson(app, db)
    const bea = await insertSignedInPerson(app, db)
    const annToBea = await pressMessage(ann, bea)
    const heardOne = await sendRecording(app, ann.cookie, annToBea)
    const unheardOne = await sendRecording(app, ann.cookie, annToBea)
    const request = await requestFrom(bea, ann)
    expect((await post(`/api/messages/${heardOne.id}/read`, bea.cookie)).statusCode).toBe(200)
    expect(await readsAsHeard(ann, annToBea, heardOne.id)).toEqual([false, false, false])

    expect((await act(bea, request.id, 'accept')).statusCode).toBe(200)
    expect(await readsAsHeard(ann, annToBea, heardOne.id)).toEqual([true, true, true])
    expect(await readsAsHeard(ann, annToBea, unheardOne.id)).toEqual([false, false, false])
    await expect.poll(() => readEventsTo(ann, heardOne.id).length).toBe(1)
    expect(readEventsTo(ann, unheardOne.id)).toEqual([])
    // from now on a read is told as between any two people
    expect((await post(`/api/messages/${unheardOne.id}/read`, bea.cookie)).statusCode).toBe(200)
    await expect.poll(() => readEventsTo(ann, unheardOne.id).length).toBe(1)
  })
})

const blockedBy = async (person: SignedInPerson) => {
  const answer = await get('/api/message-requests/blocked', person.cookie)
  expect(answer.statusCode).toBe(200)
  return (answer.json() as { blocked: BlockedPerson[] }).blocked
}

describe('unblocking (decision 203)', () => {
  it('lists whom I blocked, most recent first, and unblocking puts the request back as pending with what they sent', async () => {
    const ann = await insertSignedInPerson(app, db, { name: 'Ann Blocked First' })
    const cid = await insertSignedInPerson(app, db, { name: 'Cid Blocked Second' })
    const bea = await insertSignedInPerson(app, db)
    const annToBea = await pressMessage(ann, bea)
    await sendRecording(app, ann.cookie, annToBea)
    await pressMessage(cid, bea)
    const fromAnn = await requestFrom(bea, ann)
    const fromCid = await requestFrom(bea, cid)
    expect(await blockedBy(bea)).toEqual([])

    expect((await act(bea, fromAnn.id, 'block')).statusCode).toBe(204)
    expect((await act(bea, fromCid.id, 'block')).statusCode).toBe(204)
    expect(await blockedBy(bea)).toEqual([
      { id: fromCid.id, user_id: cid.id, name: 'Cid Blocked Second', avatar_url: null, blocked_at: expect.any(String) },
      { id: fromAnn.id, user_id: ann.id, name: 'Ann Blocked First', avatar_url: null, blocked_at: expect.any(String) },
    ])
    // what Ann sent while blocked waits too: she was told nothing either way
    await sendRecording(app, ann.cookie, annToBea)

    const unblocked = await act(bea, fromAnn.id, 'unblock')
    expect(unblocked.statusCode).toBe(204)
    expect((await blockedBy(bea)).map((b) => b.id)).toEqual([fromCid.id])
    const back = await requestFrom(bea, ann)
    expect(back.id).toBe(fromAnn.id)
    expect(back.messages).toHaveLength(2)
    // it is a request again, not a contact: it takes no place, and Bea answers it anew
    expect(await circle(bea)).toEqual([])
    expect((await act(bea, fromAnn.id, 'accept')).statusCode).toBe(200)
    expect((await circle(bea)).map((c) => c.contact_user_id)).toEqual([ann.id])
    // a second unblock finds nothing blocked
    expect((await act(bea, fromAnn.id, 'unblock')).statusCode).toBe(404)
  })

  it("refuses someone else's block, a request that is not blocked, an unknown id and bad input; nothing changes", async () => {
    const ann = await insertSignedInPerson(app, db)
    const bea = await insertSignedInPerson(app, db)
    const eve = await insertSignedInPerson(app, db)
    await pressMessage(ann, bea)
    const request = await requestFrom(bea, ann)
    // a pending request is not blocked
    expect((await act(bea, request.id, 'unblock')).statusCode).toBe(404)
    expect((await act(bea, request.id, 'block')).statusCode).toBe(204)

    for (const who of [eve, ann]) {
      const answer = await act(who, request.id, 'unblock')
      expect(answer.statusCode).toBe(404)
      expect(answer.json()).toMatchObject({ error: { code: 'NOT_FOUND' } })
      expect(await blockedBy(who)).toEqual([])
    }
    expect((await act(bea, '00000000-0000-4000-8000-000000000000', 'unblock')).statusCode).toBe(404)
    const bad = await act(bea, 'not-a-uuid', 'unblock')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } })
    expect((await post(`/api/message-requests/${request.id}/unblock`)).statusCode).toBe(401)
    expect((await get('/api/message-requests/blocked')).statusCode).toBe(401)
    // still blocked, still not a request
    expect((await blockedBy(bea)).map((b) => b.id)).toEqual([request.id])
    expect(await requestsOf(bea)).toEqual([])
  })
})

describe("someone else's requests", () => {
  it('answers 404 to a stranger who accepts, ignores or blocks them, and changes nothing', async () => {
    const ann = await insertSignedInPerson(app, db)
    const bea = await insertSignedInPerson(app, db)
    const eve = await insertSignedInPerson(app, db)
    await pressMessage(ann, bea)
    const request = await requestFrom(bea, ann)
    for (const action of ['accept', 'ignore', 'block'] as const) {
      const answer = await act(eve, request.id, action)
      expect(answer.statusCode).toBe(404)
      expect(answer.json()).toMatchObject({ error: { code: 'NOT_FOUND' } })
    }
    // nor may the requester settle her own request
    expect((await act(ann, request.id, 'accept')).statusCode).toBe(404)
    expect(await requestsOf(eve)).toEqual([])
    expect((await requestsOf(bea)).map((r) => r.id)).toEqual([request.id])
    expect((await get('/api/message-requests')).statusCode).toBe(401)
    expect((await act(bea, 'not-a-uuid', 'accept')).statusCode).toBe(400)
  })
})
