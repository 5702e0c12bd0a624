import type { z } from 'zod'
import { apiErrorSchema } from '#shared/api-error.ts'

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

async function parse<T>(response: Response, schema: z.ZodType<T>): Promise<T> {
  const body: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    const error = apiErrorSchema.safeParse(body)
    if (error.success) throw new ApiRequestError(response.status, error.data.error.code, error.data.error.message)
    throw new ApiRequestError(response.status, 'HTTP_ERROR', `Request failed (${response.status})`)
  }
  return schema.parse(body)
}

/** GET a same-origin API path and validate the answer with a shared schema. */
export async function apiGet<T>(path: string, schema: z.ZodType<T>, init?: { signal?: AbortSignal }): Promise<T> {
  return parse(await fetch(path, { credentials: 'same-origin', signal: init?.signal }), schema)
}

/** Send JSON to a same-origin API path and validate the answer. */
export async function apiSend<T>(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return parse(response, schema)
}
