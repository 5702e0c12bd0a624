import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { ApiRequestError, apiGet, apiSend } from './api-client.ts'

const itemSchema = z.object({ id: z.string() })

function respond(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('api client', () => {
  it('GETs same-origin and validates the answer', async () => {
    const fetchMock = respond(200, { id: 'a1' })
    await expect(apiGet('/api/thing', itemSchema)).resolves.toEqual({ id: 'a1' })
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/thing')
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'GET', credentials: 'same-origin' })
  })

  it('sends JSON with the content type', async () => {
    const fetchMock = respond(200, { id: 'b2' })
    await apiSend('PATCH', '/api/thing', { name: 'x' }, itemSchema)
    const init = fetchMock.mock.calls[0]?.[1]
    expect(init).toMatchObject({ method: 'PATCH', credentials: 'same-origin', body: '{"name":"x"}' })
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json')
  })

  it('turns the error shape into an ApiRequestError', async () => {
    respond(401, { error: { code: 'UNAUTHORIZED', message: 'Sign in first' } })
    const error = await apiGet('/api/profile', itemSchema).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiRequestError)
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED', message: 'Sign in first' })
  })

  it('copes with an error without the shape', async () => {
    respond(502, undefined)
    await expect(apiGet('/api/profile', itemSchema)).rejects.toMatchObject({ status: 502, code: 'HTTP_502' })
  })

  it('reports a network failure with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))
    const error = await apiGet('/api/profile', itemSchema).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', isNetworkError: true })
  })

  it('refuses an answer that does not match the schema', async () => {
    respond(200, { nope: true })
    await expect(apiGet('/api/thing', itemSchema)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })
  })
})
