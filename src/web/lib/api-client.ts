import type { z } from 'zod/mini'

export const NETWORK_ERROR_CODE = 'NETWORK_ERROR'
export const INVALID_RESPONSE_CODE = 'INVALID_RESPONSE'

/**
 * The failures this client says in its own words, each with its reason, as the server's refusals have theirs
 * (decision 230): shown in the reader's language by `errorMessage`, in English here.
 */
const CLIENT_ERRORS = {
  network: { id: 'error.web.network', defaultMessage: 'Network error. Check your connection and try again.' },
  requestFailed: { id: 'error.web.requestFailed', defaultMessage: 'Request failed ({status}).' },
  unexpectedAnswer: { id: 'error.web.unexpectedAnswer', defaultMessage: 'The server sent an unexpected answer.' },
} as const

/**
 * A failed API call: the HTTP status (0 when the network failed) and the server's `{ error: { code, message, reason } }`.
 * `reason`, when there is one, names the refusal for a screen to say it in the reader's language (`errorMessage`).
 */
export class ApiRequestError extends Error {
  readonly status: number
  readonly code: string
  readonly reason: string | undefined

  constructor(status: number, code: string, message: string, reason?: string) {
    super(message)
    this.name = 'ApiRequestError'
    this.status = status
    this.code = code
    this.reason = reason
  }

  get isNetworkError(): boolean {
    return this.code === NETWORK_ERROR_CODE
  }
}

export function isApiRequestError(error: unknown, status?: number): error is ApiRequestError {
  return error instanceof ApiRequestError && (status === undefined || error.status === status)
}

type RequestOptions = { signal?: AbortSignal }

/**
 * The schema an answer is validated with, or a function that loads it. The signed-in home's first screen loads zod and
 * its schemas beside it rather than in it (decision 170): its queries name their schemas through `lazySchemas`, and the
 * answer is validated as soon as both it and its schema are there.
 */
export type SchemaSource<T> = z.ZodMiniType<T> | (() => Promise<z.ZodMiniType<T>>)

/**
 * Schemas of a module loaded on first use: `const schema = lazySchemas(() => import('#shared/contacts.ts'))`, then
 * `apiGet(path, schema('contactListSchema'))`.
 */
export function lazySchemas<M>(load: () => Promise<M>) {
  return <K extends keyof M>(name: K) =>
    async () =>
      (await load())[name]
}

/** Starts loading a schema; a code chunk that cannot be fetched fails as the network does. */
function schemaOf<T>(source: SchemaSource<T>): Promise<z.ZodMiniType<T>> {
  const loading = typeof source === 'function' ? source().catch(() => Promise.reject(networkError())) : Promise.resolve(source)
  // awaited after the request: a request that fails first must not leave it unhandled
  loading.catch(() => undefined)
  return loading
}

/** The server's `{ error: { code, message, reason? } }`, read with its schema; null when the body is not one (or cannot be read). */
async function apiErrorOf(body: unknown): Promise<{ code: string; message: string; reason?: string } | null> {
  try {
    const { apiErrorSchema } = await import('#shared/api-error.ts')
    const shaped = apiErrorSchema.safeParse(body)
    return shaped.success ? shaped.data.error : null
  } catch {
    return null
  }
}

function networkError(): ApiRequestError {
  return new ApiRequestError(0, NETWORK_ERROR_CODE, CLIENT_ERRORS.network.defaultMessage, CLIENT_ERRORS.network.id)
}

function abortError(): DOMException {
  return new DOMException('The upload was aborted.', 'AbortError')
}
export type ApiMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE'

async function request(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { ...init, credentials: 'same-origin' })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw networkError()
  }
}

/** Turns a status and a body text into the validated answer, or throws the server's error as an ApiRequestError. */
async function parseBody<T>(status: number, text: string, schema: Promise<z.ZodMiniType<T>>): Promise<T> {
  let body: unknown = undefined
  if (text) {
    try {
      body = JSON.parse(text)
    } catch {
      body = undefined
    }
  }
  if (status < 200 || status > 299) {
    const error = await apiErrorOf(body)
    if (error) throw new ApiRequestError(status, error.code, error.message, error.reason)
    const failed = CLIENT_ERRORS.requestFailed
    throw new ApiRequestError(status, `HTTP_${status}`, failed.defaultMessage.replace('{status}', String(status)), failed.id)
  }
  const parsed = (await schema).safeParse(body)
  if (!parsed.success) {
    const unexpected = CLIENT_ERRORS.unexpectedAnswer
    throw new ApiRequestError(status, INVALID_RESPONSE_CODE, unexpected.defaultMessage, unexpected.id)
  }
  return parsed.data
}

async function parse<T>(response: Response, schema: Promise<z.ZodMiniType<T>>): Promise<T> {
  return parseBody(response.status, await response.text(), schema)
}

/** GETs a same-origin API path and validates the answer with a shared schema. */
export async function apiGet<T>(path: string, source: SchemaSource<T>, options: RequestOptions = {}): Promise<T> {
  const schema = schemaOf(source)
  const response = await request(path, { method: 'GET', headers: { accept: 'application/json' }, signal: options.signal })
  return parse(response, schema)
}

/** Sends JSON to a same-origin API path and validates the answer with a shared schema. */
export async function apiSend<T>(
  method: ApiMethod,
  path: string,
  body: unknown,
  source: SchemaSource<T>,
  options: RequestOptions = {},
): Promise<T> {
  const schema = schemaOf(source)
  const response = await request(path, {
    method,
    // No body means no content type: Fastify refuses an empty body declared as JSON.
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
  })
  return parse(response, schema)
}

export type UploadOptions = RequestOptions & {
  /** Upload progress from 0 to 1, when the browser knows the total. */
  onProgress?: (fraction: number) => void
  /** further request headers (what a recorder declares of its take) */
  headers?: Record<string, string>
}

/**
 * POSTs a file as the raw request body (Content-Type = the blob's type) and validates the answer. Uses
 * XMLHttpRequest because fetch cannot report upload progress; errors are ApiRequestErrors exactly as in apiSend,
 * and an abort through `signal` rejects with an AbortError DOMException.
 */
export function apiUpload<T>(path: string, blob: Blob, source: SchemaSource<T>, options: UploadOptions = {}): Promise<T> {
  const { signal, onProgress, headers = {} } = options
  const schema = schemaOf(source)
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError())
      return
    }
    const xhr = new XMLHttpRequest()
    const onAbortSignal = () => xhr.abort()
    const settle = (run: () => void) => {
      signal?.removeEventListener('abort', onAbortSignal)
      run()
    }
    xhr.open('POST', path)
    xhr.setRequestHeader('accept', 'application/json')
    xhr.setRequestHeader('content-type', blob.type || 'application/octet-stream')
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value)
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(event.loaded / event.total, 1))
    })
    xhr.addEventListener('load', () =>
      settle(() => {
        parseBody(xhr.status, typeof xhr.responseText === 'string' ? xhr.responseText : '', schema).then(resolve, reject)
      }),
    )
    xhr.addEventListener('error', () => settle(() => reject(networkError())))
    xhr.addEventListener('timeout', () => settle(() => reject(networkError())))
    xhr.addEventListener('abort', () => settle(() => reject(abortError())))
    signal?.addEventListener('abort', onAbortSignal)
    xhr.send(blob)
  })
}
