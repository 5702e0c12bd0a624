import fs from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import type { Message, MessageList } from '#shared/messages.ts'
import { SESSION_TEXTS, type Session, type SessionMessage } from '#shared/voice-sessions.ts'
import { ERROR_CODES } from '#shared/error-codes.ts'
import { MAX_NOTES_PER_SESSION, MAX_SESSIONS_PER_PERSON, SESSION_NOTE_MAX_CHARS, SESSION_TITLE_MAX_CHARS } from '#shared/limits.ts'
import { sessionMessages, talkSessions } from '#server/db/schema.ts'
import type { EngineChoice } from '#server/speech/engine.ts'
import { insertSignedInPair, insertSignedInPerson } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { createTestApp } from '#server/test/test-app.ts'
import { sendRecording, uploadRecording } from '#server/test/uploads.ts'

/** An engine that hears one sentence in a long take and fails on a short one (the real engines are tested elsewhere). */
const HEARD = 'what I really want to say to Bob is thank you'
const engineDouble: EngineChoice = {
  name: 'pocketsphinx',
  reason: 'test double',
  engine: {
    name: 'test',
    async transcribe({ durationSeconds }) {
      if (durationSeconds < 1.5) throw new Error('engine crashed')
      return { language: 'en', text: HEARD, words: [] }
    },
  },
}

const { app, db } = await createTestApp({ DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-sessions-') }, { speech: { choice: engineDouble } })
const { get, post } = apiClient(app)

const noteIn = async (cookie: string, sessionId: string, noteId: string) => {
  const { sessions } = (await get('/api/sessions', cookie)).json() as { sessions: Session[] }
  return sessions.find((s) => s.id === sessionId)?.messages.find((m) => m.id === noteId)
}

describe('sessions', () => {
  it('are private: created with the default title, holding text and recordings, newest first', async () => {
    const ada = await insertSignedInPerson(app, db, { name: 'Ada Sessions' })
    const created = await post('/api/sessions', ada.cookie, {})
    expect(created.statusCode).toBe(201)
    const session = created.json() as Session
    const today = new Date().toISOString().slice(0, 10)
    expect(session).toMatchObject({ title: `Session ${today}`, date: today, messages: [] })

    const note = await post(`/api/sessions/${session.id}/messages`, ada.cookie, { text: 'What I want to tell Bob' })
    expect(note.statusCode).toBe(201)
    expect(note.json() as SessionMessage).toMatchObject({ text: 'What I want to tell Bob', role: 'user', audio_url: null })
    const recorded = await post(`/api/sessions/${session.id}/messages`, ada.cookie, { upload_id: await uploadRecording(app, ada.cookie) })
    expect(recorded.statusCode).toBe(201)
    const audioUrl = (recorded.json() as SessionMessage).audio_url ?? ''
    expect((await get(audioUrl)).statusCode).toBe(200)

    const listed = (await get('/api/sessions', ada.cookie)).json() as { sessions: Session[] }
    expect(listed.sessions.map((s) => s.id)).toEqual([session.id])
    expect(listed.sessions[0]?.messages.map((m) => m.text)).toEqual([null, 'What I want to tell Bob'])
  })

  it('lists the ten newest sessions with their twenty newest messages', async () => {
    const ada = await insertSignedInPerson(app, db)
    const ids: string[] = []
    for (let i = 0; i < 11; i++) ids.push(((await post('/api/sessions', ada.cookie, { title: `Talk ${i}` })).json() as Session).id)
    const newest = ids.at(-1) ?? ''
    for (let i = 0; i < 21; i++) await post(`/api/sessions/${newest}/messages`, ada.cookie, { text: `thought ${i}` })
    const { sessions } = (await get('/api/sessions', ada.cookie)).json() as { sessions: Session[] }
    expect(sessions.map((s) => s.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Talk ${10 - i}`))
    expect(sessions[0]?.messages).toHaveLength(20)
    expect(sessions[0]?.messages[0]?.text).toBe('thought 20')
  })

  it("answers 404 for someone else's session and 400 for an empty message", async () => {
    const ada = await insertSignedInPerson(app, db)
    const eve = await insertSignedInPerson(app, db)
    const session = (await post('/api/sessions', ada.cookie, {})).json() as Session
    const both = await post(`/api/sessions/${session.id}/messages`, ada.cookie, {
      text: 'hi',
      upload_id: await uploadRecording(app, ada.cookie),
    })
    expect(both.statusCode).toBe(400)
    const foreign = await post(`/api/sessions/${session.id}/messages`, eve.cookie, { text: 'hi' })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toMatchObject({ error: { message: SESSION_TEXTS.notFound } })
    expect(((await get('/api/sessions', eve.cookie)).json() as { sessions: Session[] }).sessions).toEqual([])
    expect((await post(`/api/sessions/${session.id}/messages`, ada.cookie, {})).statusCode).toBe(400)
    // someone else's upload is not theirs to attach
    const eveUpload = await uploadRecording(app, eve.cookie)
    expect((await post(`/api/sessions/${session.id}/messages`, ada.cookie, { upload_id: eveUpload })).statusCode).toBe(404)
  })

  it('transcribes a recorded note through the speech jobs, its transcript becoming its text', async () => {
    const ada = await insertSignedInPerson(app, db)
    const session = (await post('/api/sessions', ada.cookie, {})).json() as Session
    const long = (
      await post(`/api/sessions/${session.id}/messages`, ada.cookie, { upload_id: await uploadRecording(app, ada.cookie, { seconds: 2 }) })
    ).json() as SessionMessage
    expect(long).toMatchObject({ text: null, transcript_status: 'pending' })
    await expect
      .poll(async () => noteIn(ada.cookie, session.id, long.id), { timeout: 20_000 })
      .toMatchObject({
        text: HEARD,
        transcript_status: 'completed',
      })
    // a typed note has no transcript to wait for
    const typed = (await post(`/api/sessions/${session.id}/messages`, ada.cookie, { text: 'typed' })).json() as SessionMessage
    expect(typed.transcript_status).toBeNull()
  })

  it('ends a note whose engine keeps failing in failed (after the retries), still playable', async () => {
    const ada = await insertSignedInPerson(app, db)
    const session = (await post('/api/sessions', ada.cookie, {})).json() as Session
    const short = (
      await post(`/api/sessions/${session.id}/messages`, ada.cookie, { upload_id: await uploadRecording(app, ada.cookie, { seconds: 1 }) })
    ).json() as SessionMessage
    // the retry schedule waits 3 s then 10 s between the three attempts
    await expect.poll(async () => (await noteIn(ada.cookie, session.id, short.id))?.transcript_status, { timeout: 30_000 }).toBe('failed')
    expect((await get(short.audio_url ?? '')).statusCode).toBe(200)

    // tried again by its owner only, and only while failed
    const retryUrl = `/api/sessions/${session.id}/messages/${short.id}/retry-transcription`
    const stranger = await insertSignedInPerson(app, db)
    const refused = await post(retryUrl, stranger.cookie)
    expect(refused.statusCode).toBe(404)
    expect(refused.json()).toMatchObject({ error: { code: ERROR_CODES.notFound } })
    const retried = await post(retryUrl, ada.cookie)
    expect(retried.statusCode).toBe(200)
    expect((retried.json() as SessionMessage).transcript_status).toBe('pending')
    const again = await post(retryUrl, ada.cookie)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ error: { message: SESSION_TEXTS.notRetryable } })
    // the fresh round of attempts runs (and, with this engine, fails again)
    await expect.poll(async () => (await noteIn(ada.cookie, session.id, short.id))?.transcript_status, { timeout: 30_000 }).toBe('failed')
    const typed = (await post(`/api/sessions/${session.id}/messages`, ada.cookie, { text: 'typed' })).json() as SessionMessage
    expect((await post(`/api/sessions/${session.id}/messages/${typed.id}/retry-transcription`, ada.cookie)).statusCode).toBe(409)
  }, 80_000)

  it('sends a take to a contact as a voice message under every message rule, keeping it in the session', async () => {
    const { ada, bob, adaToBob, bobToAda } = await insertSignedInPair(app, db, ['Ada Take', 'Bob Take'])
    const eve = await insertSignedInPerson(app, db)
    const session = (await post('/api/sessions', ada.cookie, {})).json() as Session
    const addNote = async () =>
      (
        (
          await post(`/api/sessions/${session.id}/messages`, ada.cookie, {
            upload_id: await uploadRecording(app, ada.cookie, { seconds: 2 }),
          })
        ).json() as SessionMessage
      ).id
    const note = await addNote()
    const send = (cookie: string, noteId: string, contactId: string) =>
      post(`/api/sessions/${session.id}/messages/${noteId}/send`, cookie, { contact_id: contactId })

    const sent = await send(ada.cookie, note, adaToBob)
    expect(sent.statusCode).toBe(201)
    const message = sent.json() as Message
    expect(message.duration_seconds).toBeGreaterThan(1.5)
    const bobSees = (await get(`/api/contacts/${bobToAda}/messages`, bob.cookie)).json() as MessageList
    expect(bobSees.messages.map((m) => m.id)).toEqual([message.id])
    expect((await get(bobSees.messages[0]?.audio_url ?? '', bob.cookie)).statusCode).toBe(200)
    // the take stays in the session, and may be sent again
    expect(await noteIn(ada.cookie, session.id, note)).toMatchObject({ id: note })

    // someone else's session or note answers as missing; so does someone else's contact
    expect((await send(eve.cookie, note, adaToBob)).statusCode).toBe(404)
    const eveSession = (await post('/api/sessions', eve.cookie, {})).json() as Session
    expect((await post(`/api/sessions/${eveSession.id}/messages/${note}/send`, eve.cookie, { contact_id: adaToBob })).statusCode).toBe(404)
    expect((await send(ada.cookie, note, bobToAda)).statusCode).toBe(404)
    expect((await send(ada.cookie, note, 'not-a-uuid')).statusCode).toBe(400)
    // a typed note has no recording to send
    const typed = (await post(`/api/sessions/${session.id}/messages`, ada.cookie, { text: 'typed' })).json() as SessionMessage
    expect((await send(ada.cookie, typed.id, adaToBob)).statusCode).toBe(409)

    // three unanswered: the fourth is refused as any send is, and leaves no upload behind
    await sendRecording(app, ada.cookie, adaToBob)
    await sendRecording(app, ada.cookie, adaToBob)
    const refused = await send(ada.cookie, note, adaToBob)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ error: { code: ERROR_CODES.messageLimit } })
    expect(((await get(`/api/contacts/${bobToAda}/messages`, bob.cookie)).json() as MessageList).messages).toHaveLength(3)
    const leftUploads = await db.query.audioUploads.findMany({ where: (u, { eq }) => eq(u.userId, ada.id) })
    expect(leftUploads).toEqual([])
  })

  it('keeps at most 200 sessions a person: at the limit a create is refused with the text, and two at once make one', async () => {
    const ada = await insertSignedInPerson(app, db)
    const eve = await insertSignedInPerson(app, db)
    const fill = (count: number) =>
      db
        .insert(talkSessions)
        .values(Array.from({ length: count }, (_, i) => ({ profileId: ada.id, title: `Old ${i}`, date: '2026-01-01' })))
    await fill(MAX_SESSIONS_PER_PERSON - 1)
    const listed = (await get('/api/sessions', ada.cookie)).json() as { total: number }
    expect(listed.total).toBe(MAX_SESSIONS_PER_PERSON - 1)

    // two creates at the limit minus one: the count is read under the person's lock, so exactly one is made
    const both = await Promise.all([post('/api/sessions', ada.cookie, {}), post('/api/sessions', ada.cookie, {})])
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409])
    const refused = both.find((r) => r.statusCode === 409)
    expect(refused?.json()).toMatchObject({ error: { code: ERROR_CODES.sessionLimit, message: SESSION_TEXTS.sessionLimit } })
    expect(((await get('/api/sessions', ada.cookie)).json() as { total: number }).total).toBe(MAX_SESSIONS_PER_PERSON)
    expect((await post('/api/sessions', ada.cookie, {})).statusCode).toBe(409)
    // the limit is the person's own: someone else still creates
    expect((await post('/api/sessions', eve.cookie, {})).statusCode).toBe(201)
  })

  it('holds at most 100 notes a session: at the limit a note is refused with the text, and two at once make one', async () => {
    const ada = await insertSignedInPerson(app, db)
    const session = (await post('/api/sessions', ada.cookie, {})).json() as Session
    const other = (await post('/api/sessions', ada.cookie, {})).json() as Session
    await db
      .insert(sessionMessages)
      .values(Array.from({ length: MAX_NOTES_PER_SESSION - 1 }, (_, i) => ({ sessionId: session.id, text: `thought ${i}`, role: 'user' })))
    const add = (sessionId: string) => post(`/api/sessions/${sessionId}/messages`, ada.cookie, { text: 'one more' })

    const both = await Promise.all([add(session.id), add(session.id)])
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409])
    expect(both.find((r) => r.statusCode === 409)?.json()).toMatchObject({
      error: { code: ERROR_CODES.noteLimit, message: SESSION_TEXTS.noteLimit },
    })
    // a recording is refused too, and its upload stays the owner's
    const upload = await uploadRecording(app, ada.cookie)
    expect((await post(`/api/sessions/${session.id}/messages`, ada.cookie, { upload_id: upload })).statusCode).toBe(409)
    expect((await post(`/api/sessions/${other.id}/messages`, ada.cookie, { upload_id: upload })).statusCode).toBe(201)

    const { sessions } = (await get('/api/sessions', ada.cookie)).json() as { sessions: Session[] }
    expect(sessions.find((s) => s.id === session.id)?.message_count).toBe(MAX_NOTES_PER_SESSION)
    expect(sessions.find((s) => s.id === other.id)?.message_count).toBe(1)
    expect(await add(other.id)).toMatchObject({ statusCode: 201 })
  })

  it('refuses a title or a note longer than its limit with 400 and the text', async () => {
    const ada = await insertSignedInPerson(app, db)
    const longTitle = await post('/api/sessions', ada.cookie, { title: 'a'.repeat(SESSION_TITLE_MAX_CHARS + 1) })
    expect(longTitle.statusCode).toBe(400)
    expect((longTitle.json() as { error: { message: string } }).error.message).toContain(SESSION_TEXTS.titleTooLong)
    const titled = await post('/api/sessions', ada.cookie, { title: 'a'.repeat(SESSION_TITLE_MAX_CHARS) })
    expect(titled.statusCode).toBe(201)
    const { id } = titled.json() as Session
    const longNote = await post(`/api/sessions/${id}/messages`, ada.cookie, { text: 'a'.repeat(SESSION_NOTE_MAX_CHARS + 1) })
    expect(longNote.statusCode).toBe(400)
    expect((longNote.json() as { error: { message: string } }).error.message).toContain(SESSION_TEXTS.noteTooLong)
    expect((await post(`/api/sessions/${id}/messages`, ada.cookie, { text: 'a'.repeat(SESSION_NOTE_MAX_CHARS) })).statusCode).toBe(201)
  })
})
