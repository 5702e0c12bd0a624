import fs from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { createMatrixFixture, ROUTE_MATRIX, routeKeys, sendAs } from '#server/test/route-matrix.ts'
import { createTestApp } from '#server/test/test-app.ts'

// The live route table: every route the app registers, as it registers it.
const live = new Set<string>()
const { app, db } = await createTestApp(
  { DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-matrix-'), RATE_LIMIT_ENABLED: 'false' },
  { onRoute: (route) => routeKeys(route).forEach((key) => live.add(key)) },
)
const fixture = await createMatrixFixture(app, db)

const REFUSED = [401, 403, 404]
const entries = Object.entries(ROUTE_MATRIX).filter(([key]) => live.has(key))
const split = (key: string) => {
  const [method = '', url = ''] = key.split(' ')
  return { method, url }
}

describe('the authorization matrix', () => {
  it('has an entry, saying who may call it, for every route the server registers', () => {
    const missing = [...live].filter((key) => !(key in ROUTE_MATRIX))
    expect(missing, 'routes without an entry in src/server/test/route-matrix.ts').toEqual([])
    const stale = Object.entries(ROUTE_MATRIX).filter(([key, entry]) => !entry.conditional && !live.has(key))
    expect(
      stale.map(([key]) => key),
      'entries for routes that no longer exist',
    ).toEqual([])
    expect(live.size).toBeGreaterThan(20)
  })

  it.each(entries.filter(([, entry]) => entry.access !== 'anonymous' && entry.access !== 'local'))(
    '%s refuses an anonymous caller',
    async (key, entry) => {
      const { method } = split(key)
      const request = await entry.request(fixture)
      if (entry.access === 'signed-url') {
        // without its signature, and with the signature of another file
        const unsigned = await sendAs(app, method, { url: request.url.split('?')[0] ?? '' }, null)
        expect(unsigned.statusCode).toBe(403)
        const otherFile = request.url.replace(/\/([^/?]+)\?/, '/other-$1?')
        expect((await sendAs(app, method, { url: otherFile }, null)).statusCode).toBe(403)
        return
      }
      const response = await sendAs(app, method, request, null, entry.raw)
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } })
    },
  )

  it.each(entries.filter(([, entry]) => entry.access === 'owner' || entry.access === 'participant'))(
    "%s refuses a stranger who sends another person's ids, and serves the rightful caller",
    async (key, entry) => {
      const { method } = split(key)
      const refused = await sendAs(app, method, await entry.request(fixture), fixture.eve, entry.raw)
      expect(REFUSED).toContain(refused.statusCode)
      expect(refused.json()).toMatchObject({ error: { code: expect.stringMatching(/FORBIDDEN|NOT_FOUND|UNAUTHORIZED/) } })
      // the same request from Ada (or Bob) is not refused: the ids were real, the refusal was about who asked
      const caller = entry.caller?.(fixture) ?? fixture.ada
      const served = await sendAs(app, method, await entry.request(fixture), caller, entry.raw)
      expect(REFUSED).not.toContain(served.statusCode)
    },
  )

  it.each(entries.filter(([, entry]) => entry.access === 'hearth-owner'))(
    "%s refuses everyone but the Hearth's owner with 403, and serves the owner",
    async (key, entry) => {
      const { method } = split(key)
      for (const member of [fixture.bob, fixture.eve]) {
        const refused = await sendAs(app, method, await entry.request(fixture), member)
        expect(refused.statusCode).toBe(403)
        expect(refused.json()).toMatchObject({ error: { code: 'FORBIDDEN' } })
      }
      const served = await sendAs(app, method, await entry.request(fixture), fixture.ada)
      expect(served.statusCode).toBeLessThan(300)
    },
  )

  it('names who would look after the Hearth next to its owner only (GET /api/me/role)', async () => {
    for (const member of [fixture.bob, fixture.eve]) {
      const role = await sendAs(app, 'GET', { url: '/api/me/role' }, member)
      expect(role.json()).toEqual({ owner: false, next_owner_name: null })
    }
    const owner = await sendAs(app, 'GET', { url: '/api/me/role' }, fixture.ada)
    expect(owner.json()).toEqual({ owner: true, next_owner_name: expect.any(String) })
  })

  it('serves a signed media URL to whoever holds it, signed in or not', async () => {
    const response = await sendAs(app, 'GET', { url: fixture.mediaUrl }, null)
    expect(response.statusCode).toBe(200)
  })

  it.each(entries.filter(([, entry]) => entry.access === 'anonymous'))('%s answers an anonymous caller', async (key, entry) => {
    const { method } = split(key)
    const response = await sendAs(app, method, await entry.request(fixture), null)
    // answered (a wrong password is a 401 from Better Auth), never turned away as if it needed a session or a key
    expect(response.statusCode).toBeLessThan(500)
    expect(response.statusCode).not.toBe(403)
  })
})
