import { describe, expect, it } from 'vitest'
import { postJson } from '#server/test/auth-helpers.ts'
import { insertPerson } from '#server/test/data.ts'
import { createTestApp } from '#server/test/test-app.ts'
import type { MailMessage, Mailer } from './mailer.ts'

// A mail server that takes its time: each mail waits until the test lets it through.
const sent: MailMessage[] = []
let release: () => void = () => undefined
const gate = new Promise<void>((resolve) => (release = resolve))
const slowMailer: Mailer = {
  kind: 'smtp',
  send: async (message) => {
    await gate
    sent.push(message)
  },
}
const { app, db } = await createTestApp({}, { mailer: slowMailer })

describe('auth mail and reset requests are carried out after the answer', () => {
  it('answers a reset request for an existing and an unknown address alike, before the mail goes out', async () => {
    const person = await insertPerson(db)
    const known = await postJson(app, '/api/auth/request-password-reset', { email: person.email, redirectTo: '/auth/reset-password' })
    const unknown = await postJson(app, '/api/auth/request-password-reset', {
      email: 'nobody-here@example.test',
      redirectTo: '/auth/reset-password',
    })
    expect(known.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(200)
    expect(known.body).toBe(unknown.body)
    // both answers came while the mail server was still holding the mail
    expect(sent).toEqual([])

    release()
    await expect.poll(() => sent.map((m) => m.to), { timeout: 10_000 }).toEqual([person.email])
    expect(sent[0]?.subject).toMatch(/reset/i)
  })

  it('still refuses a reset request with a bad address or a redirect to another site, before queueing it', async () => {
    const bad = await postJson(app, '/api/auth/request-password-reset', { email: 'not-an-address', redirectTo: '/auth/reset-password' })
    expect(bad.statusCode).toBe(400)
    for (const redirectTo of ['https://evil.example/steal', '//evil.example/steal']) {
      const foreign = await postJson(app, '/api/auth/request-password-reset', { email: 'someone@example.test', redirectTo })
      expect(foreign.statusCode).toBe(403)
    }
  })
})
