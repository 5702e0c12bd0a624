import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod/mini'
import { installFakeXhr } from '#web/test/fakes.ts'
import { ApiRequestError, apiGet, apiSend, apiUpload, lazySchemas } from './api-client.ts'

const itemSchema = z.object({ id: z.string() })

function respond(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
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
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED', message: 'Sign in first', reason: undefined })
  })

  it('keeps the reason the server named the refusal by, for the screen to translate', async () => {
    respond(409, { error: { code: 'CONFLICT', message: 'This invitation has already been used.', reason: 'error.invitations.used' } })
    await expect(apiSend('POST', '/api/invitations/x/accept', undefined, itemSchema)).rejects.toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'This invitation has already been used.',
      reason: 'error.invitations.used',
    })
  })

  it('copes with an error without the shape, naming its own reason', async () => {
    respond(502, undefined)
    await expect(apiGet('/api/profile', itemSchema)).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_502',
      message: 'Request failed (502).',
      reason: 'error.web.requestFailed',
    })
  })

  it('reports a network failure with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))
    const error = await apiGet('/api/profile', itemSchema).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', isNetworkError: true, reason: 'error.web.network' })
  })

  it('refuses an answer that does not match the schema', async () => {
    respond(200, { nope: true })
    await expect(apiGet('/api/thing', itemSchema)).rejects.toMatchObject({ code: 'INVALID_RESPONSE', reason: 'error.web.unexpectedAnswer' })
  })

  it('validates with a schema loaded on first use as with one at hand, and refuses what does not match it', async () => {
    const load = vi.fn(async () => ({ itemSchema }))
    const schema = lazySchemas(load)
    respond(200, { id: 'c3' })
    await expect(apiGet('/api/thing', schema('itemSchema'))).resolves.toEqual({ id: 'c3' })
    expect(load).toHaveBeenCalledTimes(1)
    respond(200, { nope: true })
    await expect(apiGet('/api/thing', schema('itemSchema'))).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })
  })

  it('fails as the network does when the schema cannot be loaded, and never with the answer unchecked', async () => {
    respond(200, { id: 'd4' })
    const schema = lazySchemas(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))
    const error = await apiGet('/api/thing', schema('itemSchema')).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiRequestError)
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' })
  })
})

describe('apiUpload', () => {
  const blob = new Blob(['abc'], { type: 'audio/webm;codecs=opus' })

  it('POSTs the raw blob with its type, reports progress and validates the answer', async () => {
    const xhr = installFakeXhr()
    const progress: number[] = []
    const pending = apiUpload('/api/audio', blob, itemSchema, { onProgress: (f) => progress.push(f) })
    expect(xhr()).toMatchObject({ method: 'POST', url: '/api/audio', body: blob })
    expect(xhr().headers['content-type']).toBe('audio/webm;codecs=opus')
    xhr().progress(1, 4)
    xhr().progress(4, 4)
    xhr().respond(201, { id: 'u1' })
    await expect(pending).resolves.toEqual({ id: 'u1' })
    expect(progress).toEqual([0.25, 1])
  })

  it('throws the server error shape as an ApiRequestError', async () => {
    const xhr = installFakeXhr()
    const pending = apiUpload('/api/audio', blob, itemSchema)
    xhr().respond(413, {
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'Audio file is too large (max 50MB)', reason: 'error.messages.tooLarge' },
    })
    const error = await pending.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiRequestError)
    expect(error).toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Audio file is too large (max 50MB)',
      reason: 'error.messages.tooLarge',
    })
  })

  it('copes with an error without the shape and with a wrong answer', async () => {
    const xhr = installFakeXhr()
    const failed = apiUpload('/api/audio', blob, itemSchema)
    xhr().respond(502, undefined)
    await expect(failed).rejects.toMatchObject({ status: 502, code: 'HTTP_502' })
    const wrong = apiUpload('/api/audio', blob, itemSchema)
    xhr().respond(201, { nope: true })
    await expect(wrong).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })
  })

  it('reports a network failure with status 0', async () => {
    const xhr = installFakeXhr()
    const pending = apiUpload('/api/audio', blob, itemSchema)
    xhr().fail()
    await expect(pending).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR', isNetworkError: true })
  })

  it('aborts through the signal with an AbortError', async () => {
    const xhr = installFakeXhr()
    const controller = new AbortController()
    const pending = apiUpload('/api/audio', blob, itemSchema, { signal: controller.signal })
    controller.abort()
    expect(xhr().aborted).toBe(true)
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
    await expect(apiUpload('/api/audio', blob, itemSchema, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' })
  })
})
