import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from './app.ts'
import { redactText } from './log-redaction.ts'
import { createSmtpMailer } from './notify/mailer.ts'
import { insertSignedInPerson } from './test/people.ts'
import { createTestApp } from './test/test-app.ts'

// The same API with its log written to memory, on the test app's database.
const base = await createTestApp()
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
  logger: { level: 'info', stream },
})
await app.ready()
afterAll(() => app.close())

describe('logs (issue 13)', () => {
  it('never carry the session token, not even when the database fails while looking the session up', async () => {
    const person = await insertSignedInPerson(app, base.db)
    const token = decodeURIComponent(person.cookie.split('=')[1]?.split('.')[0] ?? '')
    expect(token.length).toBeGreaterThan(20)
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await base.db.execute(sql`alter table "session" rename to "session_gone"`)
    try {
      expect((await app.inject({ method: 'GET', url: '/api/contacts', headers: { cookie: person.cookie } })).statusCode).toBe(500)
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

  it('keep the rest of a failed query readable', () => {
    expect(redactText('Failed query: select 1 where token = $1\nparams: abc,def\n    at x')).toBe(
      'Failed query: select 1 where token = $1\nparams: [redacted]\n    at x',
    )
  })
})
