import { describe, expect, it } from 'vitest'
import { insertPerson } from '#server/test/data.ts'
import { createTestApp, TEST_ORIGIN } from '#server/test/test-app.ts'

const { app, db } = await createTestApp()

describe('GET /robots.txt', () => {
  it('is plain text for crawlers, keeps them out of the API and points at the sitemap', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8')
    const lines = response.body.split('\n')
    expect(lines[0]).toBe('User-agent: *')
    expect(lines).toContain('Disallow: /api/')
    expect(lines).toContain(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`)
    expect(response.body).not.toContain('<html')
  })
})

describe('GET /sitemap.xml', () => {
  const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])

  it('lists the landing and the people who chose to be found, and nobody else', async () => {
    const listed = await insertPerson(db, { findableByEmail: true })
    const privatePerson = await insertPerson(db, { findableByEmail: false })
    const unfinished = await insertPerson(db, { findableByEmail: true, onboardingCompleted: false })
    const unconfirmed = await insertPerson(db, { findableByEmail: true, verified: false })

    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(response.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    )
    const urls = locations(response.body)
    expect(urls[0]).toBe(`${TEST_ORIGIN}/`)
    expect(urls).toContain(`${TEST_ORIGIN}/u/${listed.id}`)
    expect(urls).not.toContain(`${TEST_ORIGIN}/u/${privatePerson.id}`)
    expect(urls).not.toContain(`${TEST_ORIGIN}/u/${unfinished.id}`)
    expect(urls).not.toContain(`${TEST_ORIGIN}/u/${unconfirmed.id}`)
    expect(response.body).not.toContain(privatePerson.id)
    expect(response.body).not.toContain(listed.email)
  })
})
