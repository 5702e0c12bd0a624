import type { FastifyInstance } from 'fastify'
import { TEST_ORIGIN } from './test-app.ts'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
export type RequestOptions = { headers?: Record<string, string>; query?: Record<string, string> }

/**
 * Calls the API the way the web app does: from the app's origin, with the person's session cookie (none when
 * absent: a signed-out visitor) and a JSON body when one is given. One per test file:
 * `const api = apiClient(app)`, then `api.post('/api/messages', ada.cookie, { ... })`.
 */
export function apiClient(app: FastifyInstance) {
  const call = (method: Method, url: string, cookie?: string, payload?: unknown, { headers = {}, query }: RequestOptions = {}) =>
    app.inject({
      method,
      url,
      ...(query && { query }),
      ...(payload !== undefined && { payload: payload as object }),
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
    })
  return {
    call,
    get: (url: string, cookie?: string, options?: RequestOptions) => call('GET', url, cookie, undefined, options),
    post: (url: string, cookie?: string, payload?: unknown, options?: RequestOptions) => call('POST', url, cookie, payload, options),
    put: (url: string, cookie?: string, payload?: unknown, options?: RequestOptions) => call('PUT', url, cookie, payload, options),
    patch: (url: string, cookie?: string, payload?: unknown, options?: RequestOptions) => call('PATCH', url, cookie, payload, options),
    delete: (url: string, cookie?: string, options?: RequestOptions) => call('DELETE', url, cookie, undefined, options),
  }
}
