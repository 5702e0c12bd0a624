import net from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { insertSignedInPerson } from '#server/test/people.ts'
import { createTestApp, TEST_ORIGIN } from '#server/test/test-app.ts'
import { PERMISSIONS_POLICY } from './security.ts'

const { app, db } = await createTestApp()

/** Sends one raw HTTP/1.1 request (request targets that app.inject would normalise) and returns the status. */
async function rawStatus(port: number, head: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`${head}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`)
    })
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk.toString()))
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)))
    socket.on('error', reject)
  })
}

describe('HTTP surface', () => {
  it('reports health with the database state and version', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.status).toBe('ok')
    expect(body.database.status).toBe('up')
    expect(body.database.version).toMatch(/^\d+\.\d+/)
  })

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: 'No route for GET /api/no-such-thing' } })
  })

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' })
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })

  it('sends the same full set of security headers on every kind of answer (worked out once, decision 115)', async () => {
    const expected = {
      'content-security-policy':
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
        "media-src 'self' blob:;connect-src 'self';font-src 'self';object-src 'none';base-uri 'self';form-action 'self';" +
        "frame-ancestors 'none'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
      'permissions-policy': PERMISSIONS_POLICY,
    }
    const answers = [
      await app.inject({ method: 'GET', url: '/api/health' }),
      await app.inject({ method: 'GET', url: '/api/profile' }),
      await app.inject({ method: 'GET', url: '/api/no-such-thing' }),
      await app.inject({ method: 'PUT', url: '/api/contacts/order', headers: { origin: 'https://evil.example' }, payload: {} }),
    ]
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 404, 403])
    for (const answer of answers) {
      expect(answer.headers).toMatchObject(expected)
      // plain HTTP: no Strict-Transport-Security (it is sent only when PUBLIC_URL is https)
      expect(answer.headers['strict-transport-security']).toBeUndefined()
    }
  })

  it('publishes only the allow-listed configuration to the browser', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/config' })
    expect(response.json()).toEqual({
      googleSignInEnabled: false,
      devMailboxEnabled: false,
      signUpMode: 'open',
      translationAvailable: false,
    })
  })

  it('sends a Permissions-Policy that allows the microphone to the app itself only', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' })
    expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY)
    expect(PERMISSIONS_POLICY).toContain('microphone=(self)')
    expect(PERMISSIONS_POLICY).toContain('camera=()')
  })

  it('marks JSON answers, signed in or not, as never to be stored', async () => {
    const person = await insertSignedInPerson(app, db)
    const own = await app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: person.cookie } })
    expect(own.statusCode).toBe(200)
    expect(own.headers['cache-control']).toBe('no-store')
    const session = await app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: person.cookie } })
    expect(session.headers['cache-control']).toBe('no-store')
    const refused = await app.inject({ method: 'GET', url: '/api/profile' })
    expect(refused.statusCode).toBe(401)
    expect(refused.headers['cache-control']).toBe('no-store')
  })
})

const person = await insertSignedInPerson(app, db, { name: 'Origin Owner' })

describe('the Origin check', () => {
  const rename = JSON.stringify({ name: 'Renamed from elsewhere' })
  const nameNow = async () => (await app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: person.cookie } })).json().name

  it('refuses a percent-encoded API path from another origin (the route that would run is /api/profile)', async () => {
    for (const url of ['/%61pi/profile', '/%61%70%69/profile', '/api/%70rofile']) {
      const response = await app.inject({
        method: 'PATCH',
        url,
        payload: rename,
        headers: { cookie: person.cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      })
      expect(response.statusCode).toBe(403)
      expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: 'Request origin is not allowed' } })
    }
    // and without any Origin header
    const bare = await app.inject({
      method: 'PATCH',
      url: '/%61pi/profile',
      payload: rename,
      headers: { cookie: person.cookie, 'content-type': 'application/json' },
    })
    expect(bare.statusCode).toBe(403)
    expect(await nameNow()).toBe('Origin Owner')
  })

  it('refuses an absolute-form request target from another origin, and lets the app itself through', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' })
    afterAll(() => app.server.close())
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : 0
    const head = (origin: string) =>
      `PATCH http://localhost:${port}/api/profile HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: ${origin}\r\nCookie: ${person.cookie}\r\nContent-Type: application/json`
    expect(await rawStatus(port, head('https://evil.example'), rename)).toBe(403)
    expect(await nameNow()).toBe('Origin Owner')
    expect(await rawStatus(port, head(TEST_ORIGIN), rename)).toBe(200)
    expect(await nameNow()).toBe('Renamed from elsewhere')
  })
})
