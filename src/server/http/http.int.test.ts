import { describe, expect, it } from 'vitest'
import { createTestApp } from '../test/test-app.ts'

const { app } = await createTestApp()

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
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No route for GET /api/no-such-thing' } })
  })

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' })
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })

  it('publishes only the allow-listed configuration to the browser', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/config' })
    expect(response.json()).toEqual({ googleSignInEnabled: false, devMailboxEnabled: false })
  })
})
