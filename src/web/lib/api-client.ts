import type { z } from 'zod'
import { apiErrorSchema } from '#shared/api-error.ts'

export const NETWORK_ERROR_CODE = 'NETWORK_ERROR'
export const INVALID_RESPONSE_CODE = 'INVALID_RESPONSE'

/** A failed API call: the HTTP status (0 when the network failed) and the server's `{ error: { code, message } }`. */
export class ApiRequestError extends Error {
  readonly status: number
  readonly code: string

  constructor(status: number, code: string, message: string) {
    super(message)
    this.name = 'ApiRequestError'
    this.status = status
    this.code = code
  }

  get isNetworkError(): boolean {
    return this.code === NETWORK_ERROR_CODE
  }
}

export function isApiRequestError(error: unknown, status?: number): error is ApiRequestError {
  return error instanceof ApiRequestError && (status === undefined || error.status === status)
}

type RequestOptions = { signal?: AbortSignal }
export type ApiMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE'

async function request(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { ...init, credentials: 'same-origin' })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiRequestError(0, NETWORK_ERROR_CODE, 'Network error. Check your connection and try again.')
  }
}

async function parse<T>(response: Response, schema: z.ZodType<T>): Promise<T> {
  const text = await response.text()
  let body: unknown = undefined
  if (text) {
    try {
      body = JSON.parse(text)
    } catch {
      body = undefined
    }
  }
  if (!response.ok) {
    const shaped = apiErrorSchema.safeParse(body)
    if (shaped.success) throw new ApiRequestError(response.status, shaped.data.error.code, shaped.data.error.message)
    throw new ApiRequestError(response.status, `HTTP_${response.status}`, `Request failed (${response.status}).`)
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw new ApiRequestError(response.status, INVALID_RESPONSE_CODE, 'The server sent an unexpected answer.')
  return parsed.data
}

/** GETs a same-origin API path and validates the answer with a shared schema. */
export async function apiGet<T>(path: string, schema: z.ZodType<T>, options: RequestOptions = {}): Promise<T> {
  const response = await request(path, { method: 'GET', headers: { accept: 'application/json' }, signal: options.signal })
  return parse(response, schema)
}

/** Sends JSON to a same-origin API path and validates the answer with a shared schema. */
export async function apiSend<T>(method: ApiMethod, path: string, body: unknown, schema: z.ZodType<T>, options: RequestOptions = {}): Promise<T> {
  const response = await request(path, {
    method,
    // No body means no content type: Fastify refuses an empty body declared as JSON.
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
  })
  return parse(response, schema)
}
