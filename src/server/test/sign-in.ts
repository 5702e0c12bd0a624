/**
 * Sign-in over real HTTP against a running server, for scripts and benchmarks (integration tests use
 * `signIn` in people.ts, which goes through app.inject). Imports no test runner.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { signatureOf } from '#server/auth/session.ts'
import type { Executor } from '#server/db/client.ts'
import { session } from '#server/db/schema.ts'

/** Signs `person` in over HTTP on a running server (bench or dev) and answers the session cookie. */
export async function signInOverHttp(baseUrl: string, person: { email: string; password: string }, origin = baseUrl): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email: person.email, password: person.password }),
  })
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`)
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

/**
 * A session written straight to the database and the cookie that carries it, signed as Better Auth signs it
 * (`token.signature` by `signatureOf`, URL-encoded): what a sign-in leaves, without the password check's tens of
 * milliseconds of CPU, for benchmarks that sign in thousands of people. `cookieName` is the session cookie's name as
 * a real sign-in set it (`signInOverHttp` once), `secret` the instance's auth secret.
 */
export async function insertSessionCookie(
  db: Executor,
  userId: string,
  { cookieName, secret }: { cookieName: string; secret: string },
): Promise<string> {
  const token = randomBytes(24).toString('base64url')
  const expiresAt = new Date(Date.now() + 7 * 24 * 3600 * 1000)
  await db.insert(session).values({ id: randomUUID(), token, userId, expiresAt })
  return `${cookieName}=${encodeURIComponent(`${token}.${signatureOf(token, secret)}`)}`
}
