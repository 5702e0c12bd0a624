import fs from 'node:fs/promises'
import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { EngineChoice } from '#server/speech/engine.ts'
import { createMatrixFixture, ROUTE_MATRIX, routeKeys, type MatrixEntry, type MatrixFixture } from '#server/test/route-matrix.ts'
import { insertSignedInPerson } from '#server/test/people.ts'
import { seededRandom } from '#server/test/seeded-random.ts'
import { createTestApp, TEST_ORIGIN } from '#server/test/test-app.ts'

/**
 * Sends malformed values to every route of the live table and fails on any 5xx: bad input is the caller's
 * mistake and gets a 4xx. Deterministic: the variants come from a seeded generator, so a failure names the
 * variant that reproduces it. Bounded: at most VARIANTS_PER_ROUTE requests a route.
 */
const SEED = 0x13_2026
const VARIANTS_PER_ROUTE = 45

const random = seededRandom(SEED)
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T

const UUID = '0b6f7c4e-8d1a-4c8e-9f3a-2b1c0d9e8f7a'
/** Malformed texts: NUL bytes, huge, odd Unicode, impossible dates, numbers out of range, traversal. */
const TEXTS = [
  '\u0000',
  'a\u0000b',
  'x'.repeat(100_000),
  '\uD800',
  '😀'.repeat(2_000),
  '../../etc/passwd',
  '%00',
  '',
  ' ',
  '-1',
  '1e309',
  'NaN',
  'null',
  `2026-02-30T25:61:00.000000Z_${UUID}`,
  `0000-00-00T00:00:00.000000Z_${UUID}`,
  `9999-99-99T99:99:99.999999Z_${UUID}`,
  '2026-11-23T10:00:00Z',
  "' or 1=1 --",
  '<script>alert(1)</script>',
] as const
/** Malformed JSON values of the wrong type. */
const VALUES: unknown[] = [
  ...TEXTS,
  null,
  true,
  0,
  -1,
  1e308,
  Number.MAX_SAFE_INTEGER,
  [],
  {},
  [UUID, UUID],
  { $gt: '' },
  JSON.parse('{"__proto__":{"polluted":true}}'),
  Array.from({ length: 5_000 }, (_, i) => i),
]
/** Bodies that are not what any route expects, sent as JSON text. */
const RAW_JSON_BODIES = [
  '{"a":',
  '{"a":1}}',
  'nul\u0000l',
  '"\\u0000"',
  '[]',
  '123',
  '"text"',
  'null',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
]
const RANGES = [
  'bytes=999999999-',
  'bytes=5-1',
  'bytes=-0',
  'bytes=0-1,2-3',
  'items=0-1',
  'bytes=abc',
  'bytes=-',
  'bytes=99999999999999999999-',
  'bytes=0-\u0001',
]
const QUERY_KEYS = ['q', 'cursor', 'from', 'status', 'expires', 'signature']
/** The auth endpoints reached through POST /api/auth/*, with the fields each reads. */
const AUTH_POSTS: Record<string, string[]> = {
  '/api/auth/sign-in/email': ['email', 'password', 'callbackURL'],
  '/api/auth/sign-up/email': ['email', 'password', 'name', 'callbackURL', 'inviteToken'],
  '/api/auth/request-password-reset': ['email', 'redirectTo'],
  '/api/auth/reset-password': ['token', 'newPassword'],
  '/api/auth/send-verification-email': ['email', 'callbackURL'],
  '/api/auth/update-user': ['name', 'image'],
  '/api/auth/change-password': ['currentPassword', 'newPassword'],
  '/api/auth/sign-out': [],
}
const AUTH_GETS = ['/api/auth/verify-email?token=', '/api/auth/reset-password/', '/api/auth/get-session?disableCookieCache=']

type Variant = { description: string; options: InjectOptions }

/** Percent-encodes; a lone surrogate cannot be, and is sent as the invalid UTF-8 bytes it would be. */
const enc = (value: unknown) => {
  try {
    return encodeURIComponent(String(value))
  } catch {
    return '%ED%A0%80'
  }
}

/** One malformed request based on the route's rightful request. */
function variantOf(method: string, entry: MatrixEntry, base: { url: string; payload?: unknown }, cookie: string): Variant {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, cookie }
  const [path = '', search = ''] = base.url.split('?')
  const query = new URLSearchParams(search)
  const kinds = ['query', 'body', 'raw-json', 'path']
  if (entry.access === 'signed-url') kinds.push('range', 'range', 'range')
  if (entry.raw) kinds.push('raw-bytes', 'raw-bytes')
  const kind = pick(kinds)

  if (kind === 'path') {
    const segments = path.split('/')
    const ids = segments.map((s, i) => (/[0-9a-f-]{36}/.test(s) || /^[\w-]+\.\w+$/.test(s) ? i : -1)).filter((i) => i >= 0)
    const value = pick(TEXTS)
    if (ids.length > 0) segments[pick(ids)] = enc(value)
    else segments.push(enc(value))
    return {
      description: `path ${JSON.stringify(value.slice(0, 40))}`,
      options: { method, url: `${segments.join('/')}?${query}`, headers },
    }
  }
  if (kind === 'query') {
    const key = pick([...query.keys(), ...QUERY_KEYS])
    const value = pick(TEXTS)
    const extra = random() < 0.3 ? `&${key}=${enc(value)}` : '' // a repeated key becomes an array
    query.set(key, value)
    return {
      description: `query ${key}=${JSON.stringify(value.slice(0, 40))}${extra ? ' (twice)' : ''}`,
      options: { method, url: `${path}?${query}${extra}`, headers },
    }
  }
  if (kind === 'range') {
    const range = pick(RANGES)
    return { description: `range ${JSON.stringify(range)}`, options: { method, url: base.url, headers: { ...headers, range } } }
  }
  if (kind === 'raw-bytes') {
    const length = pick([0, 1, 16, 4_096, 200_000])
    const bytes = Buffer.from(Array.from({ length }, () => Math.floor(random() * 256)))
    return {
      description: `${length} random bytes`,
      options: {
        method,
        url: `${path}?from=${enc(pick(TEXTS))}`,
        payload: bytes,
        headers: { ...headers, 'content-type': pick(['audio/webm', 'application/json', 'text/plain']) },
      },
    }
  }
  if (method === 'GET') {
    // a body on a GET is ignored; malform the query instead
    const value = pick(TEXTS)
    return { description: `query q=${JSON.stringify(value.slice(0, 40))}`, options: { method, url: `${path}?q=${enc(value)}`, headers } }
  }
  if (kind === 'raw-json') {
    const body = pick(RAW_JSON_BODIES)
    const type = pick(['application/json', 'application/json; charset=utf-16', 'text/plain', 'application/x-www-form-urlencoded'])
    return {
      description: `body ${JSON.stringify(body.slice(0, 40))} as ${type}`,
      options: { method, url: base.url, payload: body, headers: { ...headers, 'content-type': type } },
    }
  }
  // a field of the rightful body (or a made-up one) gets a value of the wrong kind
  const fields = base.payload && typeof base.payload === 'object' && !Buffer.isBuffer(base.payload) ? Object.keys(base.payload) : []
  const field = pick([...fields, 'name', 'unexpected'])
  const value = pick(VALUES)
  const payload = { ...(fields.length > 0 ? (base.payload as object) : {}), [field]: value }
  return {
    description: `body ${field}=${JSON.stringify(value)?.slice(0, 40)}`,
    options: { method, url: base.url, payload: JSON.stringify(payload), headers: { ...headers, 'content-type': 'application/json' } },
  }
}

/** Malformed calls to Better Auth's endpoints behind the /api/auth/* wildcard. */
function authVariant(method: string, cookie: string): Variant {
  const headers = { origin: TEST_ORIGIN, cookie }
  if (method === 'GET') {
    const value = pick(TEXTS)
    const url = `${pick(AUTH_GETS)}${enc(value)}`
    return { description: `GET ${url.slice(0, 60)}`, options: { method, url, headers } }
  }
  const url = pick(Object.keys(AUTH_POSTS))
  if (random() < 0.25) {
    const body = pick(RAW_JSON_BODIES)
    return {
      description: `${url} body ${JSON.stringify(body.slice(0, 40))}`,
      options: { method, url, payload: body, headers: { ...headers, 'content-type': 'application/json' } },
    }
  }
  const fields = AUTH_POSTS[url] ?? []
  const body: Record<string, unknown> = { email: 'fuzz@example.test', password: 'fuzz-password-1', name: 'Fuzz' }
  const field = pick([...fields, 'email'])
  const value = pick(VALUES)
  body[field] = value
  return {
    description: `${url} ${field}=${JSON.stringify(value)?.slice(0, 40)}`,
    options: { method, url, payload: JSON.stringify(body), headers: { ...headers, 'content-type': 'application/json' } },
  }
}

// A speech engine double, so the live preview answers instead of saying that no engine is set up.
const choice: EngineChoice = {
  name: 'pocketsphinx',
  reason: 'test double',
  engine: { name: 'test', transcribe: async () => ({ text: 'hello', words: [], language: 'en' }) },
}
const live = new Set<string>()
const { app, db } = await createTestApp(
  { DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-fuzz-'), RATE_LIMIT_ENABLED: 'false' },
  { speech: { choice }, onRoute: (route) => routeKeys(route).forEach((key) => live.add(key)) },
)
const fixture: MatrixFixture = await createMatrixFixture(app, db)
// the auth endpoints sign out and change passwords: they are sent with a session of their own
const authFuzzer = await insertSignedInPerson(app, db, { name: 'Auth Fuzzer' })
const routes = [...live].sort()

describe('malformed input on every route', () => {
  it('covers the whole live route table', () => {
    expect(routes.length).toBeGreaterThan(20)
    expect(routes.filter((key) => !(key in ROUTE_MATRIX))).toEqual([])
  })

  it.each(routes)('%s answers malformed input with a 4xx, never a 5xx', async (key) => {
    const [method = 'GET'] = key.split(' ')
    const entry = ROUTE_MATRIX[key]
    if (!entry) throw new Error(`no matrix entry for ${key}`)
    const caller = entry.caller?.(fixture) ?? fixture.ada
    const base = await entry.request(fixture)
    const failures: string[] = []
    for (let i = 0; i < VARIANTS_PER_ROUTE; i++) {
      const variant = key.startsWith(`${method} /api/auth/`)
        ? authVariant(method, authFuzzer.cookie)
        : variantOf(method, entry, { url: base.url, payload: base.payload }, caller.cookie)
      const response = await app.inject({ ...variant.options, remoteAddress: `10.13.${i % 250}.${(i * 7) % 250}` })
      if (response.statusCode >= 500) failures.push(`${response.statusCode} for ${variant.description}: ${response.body.slice(0, 200)}`)
      else if (response.statusCode >= 400 && !key.includes('/api/auth/') && String(response.headers['content-type']).includes('json')) {
        // the app's own error shape
        const body = response.json() as { error?: { code?: unknown; message?: unknown } }
        if (typeof body.error?.code !== 'string' || typeof body.error.message !== 'string')
          failures.push(`no error shape for ${variant.description}`)
      }
    }
    expect(failures).toEqual([])
  })

  it('answers an unsatisfiable Range with 416 and the size', async () => {
    const response = await app.inject({ method: 'GET', url: fixture.mediaUrl, headers: { range: 'bytes=999999999-' } })
    expect(response.statusCode).toBe(416)
    expect(response.headers['content-range']).toMatch(/^bytes \*\/\d+$/)
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } })
  })

  it('refuses a NUL character with a 400 in the app, and in the auth library', async () => {
    const profile = await app.inject({
      method: 'PATCH',
      url: '/api/profile',
      payload: { name: 'Ada\u0000' },
      headers: { origin: TEST_ORIGIN, cookie: fixture.ada.cookie },
    })
    expect(profile.statusCode).toBe(400)
    expect(profile.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } })
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'nul@example.test', password: 'secret-secret', name: 'N\u0000L' },
      headers: { origin: TEST_ORIGIN },
    })
    expect(signUp.statusCode).toBe(400)
    const search = await app.inject({ method: 'GET', url: '/api/directory?q=%00', headers: { cookie: fixture.ada.cookie } })
    expect(search.statusCode).toBe(400)
  })

  it("refuses name: null to the auth library's update-user with a 400, and accepts a real name", async () => {
    const update = (name: unknown) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        payload: { name },
        headers: { origin: TEST_ORIGIN, cookie: fixture.eve.cookie },
      })
    expect((await update(null)).statusCode).toBe(400)
    expect((await update({})).statusCode).toBe(400)
    expect((await update('Eve Renamed')).statusCode).toBe(200)
  })

  it('refuses a search cursor whose date does not exist with a 400', async () => {
    const cursor = `2026-02-30T10:00:00.000000Z_${UUID}`
    const response = await app.inject({
      method: 'GET',
      url: `/api/messages?cursor=${enc(cursor)}`,
      headers: { cookie: fixture.ada.cookie },
    })
    expect(response.statusCode).toBe(400)
  })
})
