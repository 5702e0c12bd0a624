import fs from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { SESSION_TEXTS, type Session, type SessionMessage } from '#shared/sessions.ts'
import { insertSignedInPerson } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { createTestApp } from '#server/test/test-app.ts'
import { uploadRecording } from '#server/test/uploads.ts'

const { app, db } = await createTestApp({ DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-sessions-') })
const { get, post } = apiClient(app)

describe('sessions', () => {
  it("are private: created with the spec's default title, holding text and recordings, newest first", async () => {
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
    const foreign = await post(`/api/sessions/${session.id}/messages`, eve.cookie, { text: 'hi' })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toMatchObject({ error: { message: SESSION_TEXTS.notFound } })
    expect(((await get('/api/sessions', eve.cookie)).json() as { sessions: Session[] }).sessions).toEqual([])
    expect((await post(`/api/sessions/${session.id}/messages`, ada.cookie, {})).statusCode).toBe(400)
    // someone else's upload is not theirs to attach
    const eveUpload = await uploadRecording(app, eve.cookie)
    expect((await post(`/api/sessions/${session.id}/messages`, ada.cookie, { upload_id: eveUpload })).statusCode).toBe(404)
  })
})
