import { randomBytes } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { startSmtpCapture } from './smtp-capture.ts'
import { firstLink } from './smtp-capture.ts'
import { makePerson, type TestPerson } from './data.ts'
import { TEST_ORIGIN } from './test-app.ts'

/** The cookie header a browser would send back after this response. */
export function cookiesOf(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie']
  const list = Array.isArray(raw) ? raw : raw ? [raw] : []
  return list.map((c) => c.split(';')[0]).join('; ')
}

/** A client address of its own, so that one test's requests never count against another's rate limit. */
export function makeClientAddress(): string {
  const [a, b, c] = randomBytes(3)
  return `10.${a}.${b}.${((c ?? 0) % 250) + 1}`
}

export function postJson(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  { headers = {}, remoteAddress = makeClientAddress() }: { headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  return app.inject({ method: 'POST', url, payload: payload as object, remoteAddress, headers: { origin: TEST_ORIGIN, ...headers } })
}

/** Signs up, follows the confirmation link from the real mail and signs in; returns the session cookie. */
export async function signUpConfirmAndSignIn(
  app: FastifyInstance,
  smtp: Awaited<ReturnType<typeof startSmtpCapture>>,
  person: TestPerson = makePerson(),
) {
  const signUp = await postJson(app, '/api/auth/sign-up/email', person)
  expect(signUp.statusCode).toBe(200)
  const mail = await smtp.waitForMail(person.email, /confirm/i)
  const link = new URL(firstLink(mail.text))
  const confirm = await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })
  expect(confirm.statusCode).toBeLessThan(400)
  const signIn = await postJson(app, '/api/auth/sign-in/email', { email: person.email, password: person.password })
  expect(signIn.statusCode).toBe(200)
  return { person, cookie: cookiesOf(signIn), userId: (signIn.json() as { user: { id: string } }).user.id }
}
