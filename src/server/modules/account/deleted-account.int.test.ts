import fs from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { ERROR_CODES } from '#shared/error-codes.ts'
import { type ContactList } from '#shared/contacts.ts'
import { CONTACT_TEXTS } from '#shared/contacts-texts.ts'
import { INVITATION_TEXTS } from '#shared/invitations.ts'
import { MAX_ACTIVE_CONTACTS } from '#shared/limits.ts'
import type { MessageSearchResult } from '#shared/message-search.ts'
import { type MessageList } from '#shared/messages.ts'
import { MESSAGE_TEXTS } from '#shared/messages-texts.ts'
import { audioMessages } from '#server/db/schema.ts'
import { cookiesOf, postJson } from '#server/test/auth-helpers.ts'
import { insertConnectedPair, insertPerson, makePerson } from '#server/test/data.ts'
import { insertSignedInPair, insertSignedInPerson } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { firstLink } from '#server/test/smtp-capture.ts'
import { listenToRealtime } from '#server/test/realtime-listener.ts'
import { createTestApp } from '#server/test/test-app.ts'
import { sendRecording, uploadRecording } from '#server/test/uploads.ts'

const dataDir = await fs.mkdtemp('/tmp/hearth-int-deleted-')
const { app, db, smtp, databaseUrl } = await createTestApp({ DATA_DIR: dataDir, RATE_LIMIT_ENABLED: 'false' })

// every NOTIFY the services publish, as each server instance's hub hears it
const { heard, close: stopListening } = await listenToRealtime(databaseUrl)
afterAll(stopListening)
const api = apiClient(app)
const deleteAccount = (cookie: string) => api.call('DELETE', '/api/account', cookie, { confirmation: 'DELETE' })
const contactsOf = async (cookie: string, status = 'active') =>
  ((await api.get(`/api/contacts?status=${status}`, cookie)).json() as ContactList).contacts

describe('after someone deletes their account (decisions 120, 202)', () => {
  it('their contact leaves the circle, keeps their name and says so; the conversation keeps both directions, playable', async () => {
    const {
      ada: alma,
      bob: carol,
      adaToBob: almaToCarol,
      bobToAda: carolToAlma,
    } = await insertSignedInPair(app, db, ['Alma Keeps', 'Carol Leaves'])
    const first = await sendRecording(app, alma.cookie, almaToCarol)
    const heardOne = await sendRecording(app, carol.cookie, carolToAlma)
    const unheard = await sendRecording(app, carol.cookie, carolToAlma)
    const second = await sendRecording(app, alma.cookie, almaToCarol)
    expect((await api.post(`/api/messages/${heardOne.id}/read`, alma.cookie)).statusCode).toBe(200)
    // the words and tags the message job would have written: they stay with the receiver
    await db
      .update(audioMessages)
      .set({ transcription: 'Love you, sweetheart', emotions: ['love'], topics: ['family'] })
      .where(eq(audioMessages.id, unheard.id))
    // Carol is known by the name she has at the end, whatever the row said before
    expect((await api.patch('/api/profile', carol.cookie, { name: 'Carol Renamed' })).statusCode).toBe(200)

    expect((await deleteAccount(carol.cookie)).statusCode).toBe(204)

    expect((await contactsOf(alma.cookie)).map((c) => c.id)).not.toContain(almaToCarol)
    const archived = await contactsOf(alma.cookie, 'archived')
    expect(archived.find((c) => c.id === almaToCarol)).toMatchObject({
      name: 'Carol Renamed',
      account_deleted: true,
      contact_user_id: null,
      is_active: false,
      // what she sent and Alma has not heard yet still counts (decision 202)
      unread_count: 1,
    })
    const detail = await api.get(`/api/contacts/${almaToCarol}`, alma.cookie)
    expect(detail.statusCode).toBe(200)
    expect(detail.json()).toMatchObject({ account_deleted: true, name: 'Carol Renamed', unread_count: 1 })

    // the conversation loads: what Alma sent and what Carol sent her (decision 202), newest first
    const page = await api.get(`/api/contacts/${almaToCarol}/messages`, alma.cookie)
    expect(page.statusCode, page.body).toBe(200)
    const list = page.json() as MessageList
    expect(list.messages.map((m) => m.id)).toEqual([second.id, unheard.id, heardOne.id, first.id])
    expect(list.total).toBe(4)
    // each message names Alma's row for Carol, so the playback screen names her even beside another deleted contact
    expect(list.messages[0]).toMatchObject({ sender_id: alma.id, receiver_id: null, left_contact_id: almaToCarol })
    expect(list.messages[1]).toMatchObject({
      sender_id: null,
      receiver_id: alma.id,
      left_contact_id: almaToCarol,
      is_read: false,
      transcription: 'Love you, sweetheart',
      emotions: ['love'],
      topics: ['family'],
    })
    const one = await api.get(`/api/messages/${unheard.id}`, alma.cookie)
    expect(one.json()).toMatchObject({ sender_id: null, left_contact_id: almaToCarol })
    for (const message of [list.messages[0], list.messages[1]]) {
      const audio = await app.inject({ method: 'GET', url: message?.audio_url ?? '' })
      expect(audio.statusCode).toBe(200)
      expect(audio.rawPayload.length).toBeGreaterThan(0)
    }
    // and pages with a cursor like any conversation
    const older = await api.get(`/api/contacts/${almaToCarol}/messages?limit=3`, alma.cookie)
    const cursor = (older.json() as MessageList).nextCursor
    expect(cursor).not.toBeNull()
    const rest = await api.get(`/api/contacts/${almaToCarol}/messages?limit=3&before=${encodeURIComponent(cursor ?? '')}`, alma.cookie)
    expect((rest.json() as MessageList).messages.map((m) => m.id)).toEqual([first.id])

    // hearing it and liking it work as for anyone's message, and the count follows
    const read = await api.post(`/api/messages/${unheard.id}/read`, alma.cookie)
    expect(read.statusCode, read.body).toBe(200)
    expect(read.json()).toMatchObject({ is_read: true })
    expect((await api.get(`/api/contacts/${almaToCarol}`, alma.cookie)).json()).toMatchObject({ unread_count: 0 })
    const liked = await api.post(`/api/messages/${unheard.id}/like`, alma.cookie, { liked: true })
    expect(liked.statusCode, liked.body).toBe(200)
    expect(liked.json()).toMatchObject({ liked: true })

    // the messages overview names her on both directions and leads to the conversation
    const overview = await api.get('/api/messages', alma.cookie)
    expect(overview.statusCode).toBe(200)
    const listed = (overview.json() as MessageSearchResult).messages
    expect(listed.map((m) => m.id)).toEqual([second.id, unheard.id, heardOne.id, first.id])
    for (const message of listed) {
      expect(message.other_person).toEqual({ user_id: null, contact_id: almaToCarol, name: 'Carol Renamed', picture_url: null })
    }
    // her words stay searchable by the one who keeps them
    const found = await api.get('/api/messages?q=sweetheart', alma.cookie)
    expect((found.json() as MessageSearchResult).messages.map((m) => m.id)).toEqual([unheard.id])
  })

  it('a reply to what they sent is refused with a calm text, and no one else reaches it', async () => {
    const {
      ada: alma,
      bob: carol,
      adaToBob: almaToCarol,
      bobToAda: carolToAlma,
    } = await insertSignedInPair(app, db, ['Alma Replies', 'Carol Went'])
    const fromCarol = await sendRecording(app, carol.cookie, carolToAlma)
    expect((await deleteAccount(carol.cookie)).statusCode).toBe(204)
    const upload = await uploadRecording(app, alma.cookie)
    const reply = await api.post('/api/messages', alma.cookie, { contact_id: almaToCarol, upload_id: upload, reply_to_id: fromCarol.id })
    expect(reply.statusCode).toBe(410)
    expect(reply.json()).toMatchObject({ error: { code: ERROR_CODES.accountDeleted, message: MESSAGE_TEXTS.accountDeleted('Carol Went') } })
    expect(MESSAGE_TEXTS.accountDeleted('Carol Went')).toContain('Carol Went has left Hearth')
    // only the receiver marks read, as before: nobody else can reach the message
    const dan = await insertSignedInPerson(app, db, { name: 'Dan Outsider' })
    expect((await api.get(`/api/messages/${fromCarol.id}`, dan.cookie)).statusCode).toBe(404)
    expect((await api.post(`/api/messages/${fromCarol.id}/read`, dan.cookie)).statusCode).toBe(404)
  })

  it('refuses a new message to them with a clear text, and their contact cannot come back into the circle', async () => {
    const { ada: alma, bob: carol, adaToBob: almaToCarol } = await insertSignedInPair(app, db, ['Alma Sends', 'Carol Gone'])
    await sendRecording(app, alma.cookie, almaToCarol)
    expect((await deleteAccount(carol.cookie)).statusCode).toBe(204)

    const upload = await uploadRecording(app, alma.cookie)
    const sent = await api.post('/api/messages', alma.cookie, { contact_id: almaToCarol, upload_id: upload, reply_to_id: null })
    expect(sent.statusCode).toBe(410)
    expect(sent.json()).toMatchObject({ error: { code: ERROR_CODES.accountDeleted, message: MESSAGE_TEXTS.accountDeleted('Carol Gone') } })

    for (const response of [
      await api.post(`/api/contacts/${almaToCarol}/archive`, alma.cookie, { should_archive: false }),
      await api.post(`/api/contacts/${almaToCarol}/rekindle`, alma.cookie),
    ]) {
      expect(response.statusCode).toBe(410)
      expect(response.json()).toEqual({
        error: { code: ERROR_CODES.accountDeleted, message: CONTACT_TEXTS.cannotRestoreDeleted('Carol Gone') },
      })
    }
    expect((await api.get(`/api/contacts/${almaToCarol}`, alma.cookie)).json()).toMatchObject({ archived_at: expect.any(String) })
    // archiving again changes nothing and is no error
    expect((await api.post(`/api/contacts/${almaToCarol}/archive`, alma.cookie, { should_archive: true })).statusCode).toBe(200)
  })

  it('frees their place at once: with nine others, I can add a tenth person', async () => {
    const { ada: alma, bob: carol } = await insertSignedInPair(app, db, ['Alma Full', 'Carol Place'])
    for (let i = 0; i < MAX_ACTIVE_CONTACTS - 1; i++) {
      const other = await insertPerson(db, { name: `Friend ${i} Of Alma` })
      await insertConnectedPair(db, alma, other)
    }
    const newcomer = await insertPerson(db, { name: 'Newcomer Nina' })
    const full = await api.post('/api/contacts/connect', alma.cookie, { user_id: newcomer.id })
    expect(full.statusCode).toBe(409)
    expect(full.json()).toMatchObject({ error: { code: ERROR_CODES.circleFull } })

    expect((await deleteAccount(carol.cookie)).statusCode).toBe(204)

    expect(await contactsOf(alma.cookie)).toHaveLength(MAX_ACTIVE_CONTACTS - 1)
    const added = await api.post('/api/contacts/connect', alma.cookie, { user_id: newcomer.id })
    expect(added.statusCode, added.body).toBe(201)
    expect((await contactsOf(alma.cookie)).map((c) => c.name)).toContain('Newcomer Nina')
  })

  it("answers an invitation of a deleted inviter with a clear text; an unknown token stays 'not found'", async () => {
    const carol = await insertSignedInPerson(app, db, { name: 'Carol Inviter' })
    const created = await api.post('/api/invitations/link', carol.cookie, {
      recipient_name: 'Friend',
      upload_id: await uploadRecording(app, carol.cookie),
    })
    expect(created.statusCode).toBe(201)
    const token = new URL((created.json() as { share_url: string }).share_url).searchParams.get('token') ?? ''
    expect((await postJson(app, '/api/invitations/preview', { token })).statusCode).toBe(200)

    expect((await deleteAccount(carol.cookie)).statusCode).toBe(204)

    const preview = await postJson(app, '/api/invitations/preview', { token })
    expect(preview.statusCode).toBe(410)
    expect(preview.json()).toMatchObject({ error: { message: INVITATION_TEXTS.inviterDeleted } })
    const someone = await insertSignedInPerson(app, db, { name: 'Dan Accepts' })
    const accept = await api.post('/api/invitations/accept', someone.cookie, { token })
    expect(accept.statusCode).toBe(410)
    expect(accept.json()).toMatchObject({ error: { message: INVITATION_TEXTS.inviterDeleted } })

    const unknown = await postJson(app, '/api/invitations/preview', { token: `${token.slice(0, -2)}xx` })
    expect(unknown.statusCode).toBe(404)
  })

  it('sends a confirmation link of a deleted account back to the app with USER_NOT_FOUND, not a raw error', async () => {
    const person = makePerson({ name: 'Carol Confirms' })
    const signUp = await postJson(app, '/api/auth/sign-up/email', { ...person, callbackURL: '/auth?verified=1' })
    expect(signUp.statusCode).toBe(200)
    const link = new URL(firstLink((await smtp.waitForMail(person.email, /confirm/i)).text))
    const confirm = await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })
    expect(confirm.statusCode).toBe(302)
    const signIn = await postJson(app, '/api/auth/sign-in/email', { email: person.email, password: person.password })
    expect(signIn.statusCode).toBe(200)

    expect((await deleteAccount(cookiesOf(signIn))).statusCode).toBe(204)

    const again = await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })
    expect(again.statusCode).toBe(302)
    const location = new URL(String(again.headers.location), 'http://hearth.invalid')
    expect(location.pathname).toBe('/auth')
    expect(location.searchParams.get('verified')).toBe('1')
    expect(location.searchParams.get('error')).toBe('USER_NOT_FOUND')
  })

  it("tells each of the others' tabs, per contact row", async () => {
    const { ada: alma, bob: carol, adaToBob: almaToCarol } = await insertSignedInPair(app, db, ['Alma Listens', 'Carol Tells'])
    expect((await deleteAccount(carol.cookie)).statusCode).toBe(204)
    await expect
      .poll(() => heard.filter((envelope) => envelope.to.includes(alma.id)).map((envelope) => envelope.event))
      .toContainEqual({ type: 'contact.changed', contact_id: almaToCarol, change: 'account_deleted' })
  })
})
