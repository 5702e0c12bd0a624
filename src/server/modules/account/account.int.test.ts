import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { DeviceSessionList } from '#shared/account.ts'
import { session } from '#server/db/schema.ts'
import { cookiesOf, postJson } from '#server/test/auth-helpers.ts'
import { insertSignedInPerson, signIn } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { createTestApp } from '#server/test/test-app.ts'

const { app, db } = await createTestApp()
const api = apiClient(app)

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148'

/** Signs `person` in once more from another device (its own user agent); answers that device's cookie. */
async function signInElsewhere(person: { email: string; password: string }, userAgent = PHONE): Promise<string> {
  const response = await postJson(
    app,
    '/api/auth/sign-in/email',
    { email: person.email, password: person.password },
    { headers: { 'user-agent': userAgent } },
  )
  expect(response.statusCode).toBe(200)
  return cookiesOf(response)
}

const sessionsOf = async (cookie: string) => {
  const response = await api.get('/api/account/sessions', cookie)
  expect(response.statusCode).toBe(200)
  return (response.json() as DeviceSessionList).sessions
}

describe('signed-in devices', () => {
  it('lists my sessions with their user agent and last activity, this one marked, no token and nobody else', async () => {
    const ada = await insertSignedInPerson(app, db)
    await insertSignedInPerson(app, db)
    await signInElsewhere(ada)
    const sessions = await sessionsOf(ada.cookie)
    expect(sessions).toHaveLength(2)
    expect(sessions.filter((s) => s.current)).toHaveLength(1)
    expect(sessions.find((s) => !s.current)?.user_agent).toBe(PHONE)
    for (const s of sessions) {
      expect(Object.keys(s).sort()).toEqual(['created_at', 'current', 'id', 'last_active_at', 'user_agent'])
      expect(Date.parse(s.last_active_at)).not.toBeNaN()
    }
    expect((await api.get('/api/account/sessions')).statusCode).toBe(401)
  })

  it('signs one other device out; its cookie stops working', async () => {
    const ada = await insertSignedInPerson(app, db)
    const phone = await signInElsewhere(ada)
    const other = (await sessionsOf(ada.cookie)).find((s) => !s.current)
    const response = await api.delete(`/api/account/sessions/${other?.id}`, ada.cookie)
    expect(response.statusCode).toBe(204)
    expect((await api.get('/api/profile', phone)).statusCode).toBe(401)
    expect((await api.get('/api/profile', ada.cookie)).statusCode).toBe(200)
  })

  it("refuses someone else's session id (404, their device stays signed in), an unknown id and this device's own", async () => {
    const ada = await insertSignedInPerson(app, db)
    const eve = await insertSignedInPerson(app, db)
    const [eveSession] = await db.select().from(session).where(eq(session.userId, eve.id))
    const foreign = await api.delete(`/api/account/sessions/${eveSession?.id}`, ada.cookie)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: 'Session not found' } })
    expect((await api.get('/api/profile', eve.cookie)).statusCode).toBe(200)

    expect((await api.delete('/api/account/sessions/no-such-session', ada.cookie)).statusCode).toBe(404)
    const own = (await sessionsOf(ada.cookie)).find((s) => s.current)
    const refused = await api.delete(`/api/account/sessions/${own?.id}`, ada.cookie)
    expect(refused.statusCode).toBe(400)
    expect((await api.get('/api/profile', ada.cookie)).statusCode).toBe(200)
  })

  it('signs out everywhere else, and only my own other sessions', async () => {
    const ada = await insertSignedInPerson(app, db)
    const eve = await insertSignedInPerson(app, db)
    const phone = await signInElsewhere(ada)
    const tablet = await signIn(app, ada)
    const response = await api.post('/api/account/sessions/revoke-others', ada.cookie)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ revoked: 2 })
    expect((await api.get('/api/profile', phone)).statusCode).toBe(401)
    expect((await api.get('/api/profile', tablet)).statusCode).toBe(401)
    expect((await api.get('/api/profile', ada.cookie)).statusCode).toBe(200)
    expect((await api.get('/api/profile', eve.cookie)).statusCode).toBe(200)
    expect(await sessionsOf(ada.cookie)).toHaveLength(1)
  })
})

describe('changing the password (Better Auth /change-password with revokeOtherSessions)', () => {
  // each from its own address: Better Auth allows 3 password changes per 10 s from one
  const change = (cookie: string | undefined, body: unknown) =>
    postJson(app, '/api/auth/change-password', body, { headers: cookie ? { cookie } : {} })

  it('needs the current password; the other devices are signed out, this one goes on with a new cookie', async () => {
    const ada = await insertSignedInPerson(app, db)
    const phone = await signInElsewhere(ada)
    const response = await change(ada.cookie, { currentPassword: ada.password, newPassword: 'a-new-secret-9', revokeOtherSessions: true })
    expect(response.statusCode).toBe(200)
    const renewed = cookiesOf(response)
    expect((await api.get('/api/profile', renewed)).statusCode).toBe(200)
    expect((await api.get('/api/profile', phone)).statusCode).toBe(401)
    // the new password signs in, the old one no longer does
    expect((await postJson(app, '/api/auth/sign-in/email', { email: ada.email, password: 'a-new-secret-9' })).statusCode).toBe(200)
    expect((await postJson(app, '/api/auth/sign-in/email', { email: ada.email, password: ada.password })).statusCode).toBe(401)
  })

  it('refuses a wrong current password, a too short new one and a missing field; nothing changes', async () => {
    const ada = await insertSignedInPerson(app, db)
    const phone = await signInElsewhere(ada)
    const wrong = await change(ada.cookie, { currentPassword: 'not-my-password', newPassword: 'a-new-secret-9', revokeOtherSessions: true })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD' })
    const short = await change(ada.cookie, { currentPassword: ada.password, newPassword: '123', revokeOtherSessions: true })
    expect(short.statusCode).toBe(400)
    expect((await change(ada.cookie, { newPassword: 'a-new-secret-9' })).statusCode).toBe(400)
    expect((await api.get('/api/profile', phone)).statusCode).toBe(200)
    expect((await postJson(app, '/api/auth/sign-in/email', { email: ada.email, password: ada.password })).statusCode).toBe(200)
    expect(
      (await api.post('/api/auth/change-password', undefined, { currentPassword: 'x', newPassword: 'y-long-enough' })).statusCode,
    ).toBe(401)
  })
})
