import { describe, expect, it } from 'vitest'
import { AUTH_RATE_LIMITS } from '#server/auth/auth.ts'
import { INVITE_LOOKUP_LIMIT } from '#server/modules/invitations/invitations.service.ts'
import { makeClientAddress, postJson } from '#server/test/auth-helpers.ts'
import { createTestApp } from '#server/test/test-app.ts'

// Two instances of the API: one as `npm start` runs it (no TRUST_PROXY), one behind a proxy on the same machine.
const direct = await createTestApp()
const PROXY = '127.0.0.1'
const proxied = await createTestApp({ TRUST_PROXY: 'loopback' })

const unknownToken = 'A'.repeat(43)
const lookUp = (app: typeof direct.app, remoteAddress: string, forwardedFor?: string) =>
  postJson(
    app,
    '/api/invitations/preview',
    { token: unknownToken },
    {
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    },
  )
const signInFails = (app: typeof direct.app, remoteAddress: string, forwardedFor: string) =>
  postJson(
    app,
    '/api/auth/sign-in/email',
    { email: 'nobody@example.test', password: 'wrong-password' },
    {
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    },
  )
/**
 * The invitation lookup counts in fixed windows aligned to the clock (decision 52): a test that fills one must not
 * straddle a window's end, where the count starts again. Waits out the last seconds of a window, if need be.
 */
async function startOfAFreshWindow() {
  const windowMs = INVITE_LOOKUP_LIMIT.windowSeconds * 1000
  const left = windowMs - (Date.now() % windowMs)
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 100))
}

let spoofed = 0
const spoofedClient = () => `198.51.100.${++spoofed % 250}`

describe('per-address limits without TRUST_PROXY', () => {
  it('count the connection, whatever X-Forwarded-For the client sends', async () => {
    await startOfAFreshWindow()
    const address = makeClientAddress()
    for (let i = 0; i < INVITE_LOOKUP_LIMIT.max; i++) expect((await lookUp(direct.app, address, spoofedClient())).statusCode).toBe(404)
    expect((await lookUp(direct.app, address, spoofedClient())).statusCode).toBe(429)
    // another connection is counted apart
    expect((await lookUp(direct.app, makeClientAddress())).statusCode).toBe(404)
  })

  it('hand Better Auth the connection address too', async () => {
    const address = makeClientAddress()
    const max = AUTH_RATE_LIMITS['/sign-in/email']?.max ?? 0
    for (let i = 0; i < max; i++) expect((await signInFails(direct.app, address, spoofedClient())).statusCode).toBe(401)
    expect((await signInFails(direct.app, address, spoofedClient())).statusCode).toBe(429)
  })
})

describe('per-address limits with TRUST_PROXY', () => {
  it('count two clients behind the proxy apart, by the address the proxy forwards', async () => {
    await startOfAFreshWindow()
    const [first, second] = ['203.0.113.10', '203.0.113.11']
    for (let i = 0; i < INVITE_LOOKUP_LIMIT.max; i++) expect((await lookUp(proxied.app, PROXY, first)).statusCode).toBe(404)
    expect((await lookUp(proxied.app, PROXY, first)).statusCode).toBe(429)
    expect((await lookUp(proxied.app, PROXY, second)).statusCode).toBe(404)
    // the proxy appends the address it saw to whatever the client sent: the entry it added is the one counted
    expect((await lookUp(proxied.app, PROXY, `${second}, ${first}`)).statusCode).toBe(429)
  })

  it('still count a connection that does not come from the proxy by its own address', async () => {
    await startOfAFreshWindow()
    const address = makeClientAddress()
    const victim = '203.0.113.20'
    for (let i = 0; i < INVITE_LOOKUP_LIMIT.max + 1; i++) await lookUp(proxied.app, address, victim)
    expect((await lookUp(proxied.app, PROXY, victim)).statusCode).toBe(404)
  })

  it('hand Better Auth the forwarded client address', async () => {
    const [first, second] = ['203.0.113.30', '203.0.113.31']
    const max = AUTH_RATE_LIMITS['/sign-in/email']?.max ?? 0
    for (let i = 0; i < max; i++) expect((await signInFails(proxied.app, PROXY, first)).statusCode).toBe(401)
    expect((await signInFails(proxied.app, PROXY, first)).statusCode).toBe(429)
    expect((await signInFails(proxied.app, PROXY, second)).statusCode).toBe(401)
  })
})
