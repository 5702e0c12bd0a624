import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createOutboxMailer, readOutbox } from '#server/notify/mailer.ts'
import { postJson } from '#server/test/auth-helpers.ts'
import { insertPerson } from '#server/test/data.ts'
import { createTestApp } from '#server/test/test-app.ts'
import { MAILBOX_LOCAL_ONLY } from './dev-mailbox.routes.ts'

// A plain `npm start`: no SMTP_URL, no NODE_ENV, so mail is kept in the outbox.
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-outbox-'))
const outboxDir = path.join(dataDir, 'outbox')
const logged: string[] = []
const { app, db } = await createTestApp(
  { NODE_ENV: 'development', DATA_DIR: dataDir },
  { mailer: createOutboxMailer(outboxDir, 'Hearth <hearth@localhost>', (line) => logged.push(line)) },
)

async function resetMailFor(email: string) {
  const response = await postJson(app, '/api/auth/request-password-reset', { email, redirectTo: '/auth/reset-password' })
  expect(response.statusCode).toBe(200)
  await expect.poll(async () => (await readOutbox(outboxDir)).some((m) => m.to === email), { timeout: 10_000 }).toBe(true)
}

describe('the local mailbox without SMTP', () => {
  it('is shown to a browser on this computer, with the reset link', async () => {
    const person = await insertPerson(db)
    await resetMailFor(person.email)
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const page = await app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress })
      expect(page.statusCode).toBe(200)
      expect(page.body).toContain(person.email)
      expect(page.body).toMatch(/reset-password\/[\w-]+/)
    }
    const config = await app.inject({ method: 'GET', url: '/api/config', remoteAddress: '127.0.0.1' })
    expect(config.json()).toMatchObject({ devMailboxEnabled: true })
  })

  it('is refused to any other client, whatever its headers say, and the link to it is not offered', async () => {
    const person = await insertPerson(db)
    await resetMailFor(person.email)
    const attempts = [
      { remoteAddress: '192.168.1.20' },
      { remoteAddress: '10.0.0.7', headers: { 'x-forwarded-for': '127.0.0.1' } },
      { remoteAddress: '2001:db8::5', headers: { host: 'localhost:3000' } },
      // a reverse proxy on this machine would make every visitor look local: anything relayed is refused too
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } },
      { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.9' } },
    ]
    for (const attempt of attempts) {
      const page = await app.inject({ method: 'GET', url: '/dev/mailbox', ...attempt })
      expect(page.statusCode).toBe(403)
      expect(page.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: MAILBOX_LOCAL_ONLY } })
      expect(page.body).not.toContain(person.email)
    }
    const config = await app.inject({ method: 'GET', url: '/api/config', remoteAddress: '192.168.1.20' })
    expect(config.json()).toMatchObject({ devMailboxEnabled: false })
  })

  it('logs that a mail was kept, never its address or a link', async () => {
    const person = await insertPerson(db)
    await resetMailFor(person.email)
    expect(logged.length).toBeGreaterThan(0)
    expect(logged.join('\n')).toContain('kept in the outbox')
    expect(logged.join('\n')).not.toMatch(/https?:\/\/|token|@/)
  })
})
