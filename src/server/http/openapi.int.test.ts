import { describe, expect, it } from 'vitest'
import { createTestApp } from '#server/test/test-app.ts'

const { app } = await createTestApp()

type OpenApiDocument = {
  openapi: string
  paths: Record<
    string,
    Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown; responses?: Record<string, unknown> }>
  >
}

describe('the OpenAPI document', () => {
  it('is served to anyone, without a session, and /api/docs leads to it', async () => {
    const docs = await app.inject({ method: 'GET', url: '/api/docs' })
    expect(docs.statusCode).toBe(302)
    expect(docs.headers.location).toBe('/api/docs/json')
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect((response.json() as OpenApiDocument).openapi).toBe('3.1.0')
  })

  it('lists the API routes with the shapes from their zod schemas', async () => {
    const { paths } = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument
    expect(paths['/api/contacts']?.get?.parameters).toContainEqual(expect.objectContaining({ name: 'status', in: 'query' }))
    expect(paths['/api/contacts/{id}/archive']).toBeDefined()
    expect(paths['/api/messages']?.post?.requestBody).toBeDefined()
    expect(paths['/api/messages/{id}']?.get?.responses?.['200']).toBeDefined()
    expect(paths['/api/health']?.get?.responses).toHaveProperty('503')
    expect(paths['/api/public-profiles/{id}']?.get).toBeDefined()
  })

  it('leaves out the web app and the document itself', async () => {
    const { paths } = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument
    expect(Object.keys(paths).every((path) => path.startsWith('/api/'))).toBe(true)
    expect(paths).not.toHaveProperty('/api/docs/json')
    expect(paths).not.toHaveProperty('/api/docs')
  })
})
