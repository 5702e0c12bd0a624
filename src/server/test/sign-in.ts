/**
 * Sign-in over real HTTP against a running server, for scripts and benchmarks (integration tests use
 * `signIn` in people.ts, which goes through app.inject). Imports no test runner.
 */
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
