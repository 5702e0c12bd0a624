import fs from 'node:fs/promises'
import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { EMAIL_UNSUBSCRIBE_PATH } from '#shared/notifications.ts'
import { buildApp } from './app.ts'
import { CLIENT_TEXT_SHOWN, redactText, redactUrl } from './log-redaction.ts'
import { signUnsubscribeToken } from './modules/notifications/unsubscribe-token.ts'
import { createSmtpMailer } from './notify/mailer.ts'
import { makeClientAddress, postJson } from './test/auth-helpers.ts'
import { makePerson } from './test/data.ts'
import { insertSignedInPair, insertSignedInPerson } from './test/people.ts'
import { apiClient } from './test/requests.ts'
import { firstLink } from './test/smtp-capture.ts'
import { createTestApp } from './test/test-app.ts'
import { sendRecording, uploadRecording } from './test/uploads.ts'

// The same API with its log written to memory, on the test app's database, with a built web app in miniature (the
// invitation page reads its token to fill the link preview).
const base = await createTestApp()
const webDir = await fs.mkdtemp('/tmp/hearth-int-log-web-')
await fs.writeFile(`${webDir}/index.html`, '<html><head><title>app</title></head><body><div id="root"></div></body></html>')
const lines: string[] = []
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(String(chunk))
    done()
  },
})
const app = await buildApp({
  env: base.env,
  db: base.db,
  pool: base.pool,
  secrets: base.secrets,
  mailer: createSmtpMailer(base.smtp.url, base.env.MAIL_FROM),
  webDir,
  // everything the server can say, so that a secret at any level is found
  logger: { level: 'trace', stream },
})
await app.ready()
afterAll(() => app.close())

describe('logs', () => {
  it('never carry the session token, not even when the database fails while looking the session up', async () => {
    const person = await insertSignedInPerson(app, base.db)
    const token = decodeURIComponent(person.cookie.split('=')[1]?.split('.')[0] ?? '')
    expect(token.length).toBeGreaterThan(20)
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await base.db.execute(sql`alter table "session" rename to "session_gone"`)
    try {
      // the failing request's URL carries a token too: the error line that names the request redacts it
      const failing = await app.inject({ method: 'GET', url: `/api/contacts?token=${token}`, headers: { cookie: person.cookie } })
      expect(failing.statusCode).toBe(500)
      await app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: person.cookie } })
    } finally {
      await base.db.execute(sql`alter table "session_gone" rename to "session"`)
      consoleError.mockRestore()
    }
    // the failure is logged, through the server's logger (Better Auth's console logger is replaced), without the token
    expect(lines.some((line) => line.includes('Failed query'))).toBe(true)
    expect(lines.filter((line) => line.includes(token))).toEqual([])
    expect(consoleError).not.toHaveBeenCalled()
  })

  it('never carry a token or signature the server handed out in a link, whatever route or page it was opened on', async () => {
    const api = apiClient(app)
    const handedOut: string[] = []
    const open = (url: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, remoteAddress: makeClientAddress(), headers })
    const pathOf = (link: string) => {
      const url = new URL(link)
      return `${url.pathname}${url.search}`
    }

    // sign-up and the confirmation link from the real mail
    const person = makePerson()
    expect((await postJson(app, '/api/auth/sign-up/email', person)).statusCode).toBe(200)
    const confirmLink = firstLink((await base.smtp.waitForMail(person.email, /confirm/i)).text)
    handedOut.push(new URL(confirmLink).searchParams.get('token') ?? '')
    expect((await open(pathOf(confirmLink))).statusCode).toBeLessThan(400)

    // a reset: the mailed link, the page it leads to (under both of its paths), the form's post
    expect(
      (await postJson(app, '/api/auth/request-password-reset', { email: person.email, redirectTo: '/auth/reset-password' })).statusCode,
    ).toBe(200)
    const resetLink = firstLink((await base.smtp.waitForMail(person.email, /reset/i)).text)
    const resetOpened = await open(pathOf(resetLink))
    expect(resetOpened.statusCode).toBe(302)
    const resetToken = new URL(String(resetOpened.headers.location), 'http://x').searchParams.get('token') ?? ''
    handedOut.push(resetToken)
    expect(resetLink).toContain(`/reset-password/${resetToken}`)
    expect((await open(`/auth/reset-password?token=${resetToken}`)).statusCode).toBe(200)
    expect((await open(`/reset-password?token=${resetToken}`)).statusCode).toBe(200)
    expect((await postJson(app, '/api/auth/reset-password', { token: resetToken, newPassword: 'a-new-long-secret' })).statusCode).toBe(200)

    // an invitation link: the page (with its link preview) under both paths, and the look-up
    const ada = await insertSignedInPerson(app, base.db)
    const created = await api.post('/api/invitations/link', ada.cookie, {
      recipient_name: 'Friend',
      upload_id: await uploadRecording(app, ada.cookie),
    })
    expect(created.statusCode).toBe(201)
    const inviteToken = new URL((created.json() as { share_url: string }).share_url).searchParams.get('token') ?? ''
    handedOut.push(inviteToken)
    expect((await open(`/invite?token=${inviteToken}`)).body).toContain('invited you to Hearth')
    expect((await open(`/auth/invite?token=${inviteToken}`)).statusCode).toBe(200)
    expect((await postJson(app, '/api/invitations/preview', { token: inviteToken })).statusCode).toBe(200)

    // the unsubscribe link of a new-message mail: its page and the one-click post
    const unsubscribeToken = signUnsubscribeToken(base.secrets.urlSigningKey, ada.id)
    handedOut.push(unsubscribeToken)
    expect((await open(`${EMAIL_UNSUBSCRIBE_PATH}?token=${unsubscribeToken}`)).statusCode).toBe(200)
    const unsubscribed = await app.inject({
      method: 'POST',
      url: `${EMAIL_UNSUBSCRIBE_PATH}?token=${unsubscribeToken}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(unsubscribed.statusCode).toBe(200)

    // a signed media URL, fetched whole and by range
    const { ada: sender, adaToBob } = await insertSignedInPair(app, base.db, ['Ada Logs', 'Bob Logs'])
    const message = await sendRecording(app, sender.cookie, adaToBob)
    const signature = new URL(message.audio_url, 'http://x').searchParams.get('signature') ?? ''
    handedOut.push(signature)
    expect((await open(message.audio_url)).statusCode).toBe(200)
    expect((await open(message.audio_url, { range: 'bytes=0-10' })).statusCode).toBe(206)

    // a link opened where no route is: the not-found line names the URL
    expect((await open(`/api/nothing/reset-password/${resetToken}?token=${inviteToken}`)).statusCode).toBe(404)

    for (const secret of handedOut) expect(secret.length).toBeGreaterThan(15)
    const everything = lines.join('')
    expect(everything).toContain('incoming request')
    expect(everything).toContain(`"url":"/auth/reset-password?token=[redacted]"`)
    expect(handedOut.filter((secret) => everything.includes(secret) || everything.includes(encodeURIComponent(secret)))).toEqual([])
  })

  it("log a client's untrusted callbackURL or origin as a warning, its text cut short, never at error level", async () => {
    const marker = `attacker-${'x'.repeat(5000)}`
    const before = lines.length
    const callback = await postJson(app, '/api/auth/sign-up/email', { ...makePerson(), callbackURL: `https://evil.example/${marker}` })
    expect(callback.statusCode).toBe(403)
    const redirect = await postJson(app, '/api/auth/sign-in/email', { ...makePerson(), callbackURL: `https://evil.example/${marker}` })
    expect(redirect.statusCode).toBe(403)
    const origin = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: `https://evil.example/${marker}`, cookie: 'a=b', 'sec-fetch-site': 'same-origin' },
    })
    expect(origin.statusCode).toBeGreaterThanOrEqual(400)
    const written = lines.slice(before).map((line) => JSON.parse(line) as { level: number; msg: string })
    const mistakes = written.filter((line) => line.msg.startsWith('auth: Invalid callbackURL'))
    expect(mistakes).toHaveLength(2)
    for (const line of mistakes) {
      expect(line.level).toBe(40)
      expect(line.msg.length).toBeLessThanOrEqual('auth: '.length + CLIENT_TEXT_SHOWN + 1)
    }
    expect(written.filter((line) => line.level >= 50)).toEqual([])
    expect(written.filter((line) => JSON.stringify(line).includes('x'.repeat(200)))).toEqual([])
  })

  it('keep the names of a logged URL and redact every query value and the reset path token', () => {
    expect(redactUrl('/api/media/a/b.webm?expires=123&signature=abc')).toBe('/api/media/a/b.webm?expires=[redacted]&signature=[redacted]')
    expect(redactUrl('GET /api/auth/reset-password/tok3n?callbackURL=%2Fauth')).toBe(
      'GET /api/auth/reset-password/[redacted]?callbackURL=[redacted]',
    )
    expect(redactUrl('/settings')).toBe('/settings')
    expect(redactUrl('/invite?token=')).toBe('/invite?token=')
  })

  it('keep the rest of a failed query readable', () => {
    expect(redactText('Failed query: select 1 where token = $1\nparams: abc,def\n    at x')).toBe(
      'Failed query: select 1 where token = $1\nparams: [redacted]\n    at x',
    )
  })
})
