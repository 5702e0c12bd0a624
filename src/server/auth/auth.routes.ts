import type { FastifyInstance, FastifyRequest } from 'fastify'
import { API_ERROR_TEXTS } from '#shared/api-error.ts'
import { ERROR_CODES } from '#shared/error-codes.ts'
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '#server/db/unavailable.ts'
import type { Auth } from './auth.ts'

function toWebRequest(request: FastifyRequest, baseUrl: string): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  }
  // The client's own x-forwarded-for is replaced by Fastify's client address (the socket's, or the one a trusted proxy
  // forwarded when TRUST_PROXY names it): the rate-limit key must not be choosable.
  headers.set('x-forwarded-for', request.ip)
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  const body = hasBody && Buffer.isBuffer(request.body) && request.body.length > 0 ? new Uint8Array(request.body) : undefined
  return new Request(new URL(request.url, baseUrl), { method: request.method, headers, body })
}

/**
 * Better Auth endpoints after which sessions may no longer exist (their sockets close: decision 44) or their person's
 * name, address or confirmation changed (the sessions this instance keeps are forgotten: decision 189).
 */
const CHANGES_SESSIONS = new Set([
  '/sign-out',
  '/reset-password',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/change-password',
  '/delete-user',
  '/verify-email',
  '/change-email',
  '/update-user',
])

/**
 * Better Auth is a fetch-style handler. It is mounted in its own scope whose content-type parser keeps
 * the raw bytes, because Fastify would otherwise consume the body before Better Auth reads it.
 */
export async function authRoutes(
  app: FastifyInstance,
  { auth, baseUrl, onSessionsEnded }: { auth: Auth; baseUrl: string; onSessionsEnded?: () => Promise<unknown> },
) {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body))

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    handler: async (request, reply) => {
      let response: Response
      try {
        response = await auth.handler(toWebRequest(request, baseUrl))
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error
        // a database that is away (decision 217) is said in Better Auth's own error shape, which the sign-in screens show
        request.log.warn({ err: error }, 'database unavailable')
        return reply
          .status(503)
          .header('retry-after', DATABASE_RETRY_AFTER_SECONDS)
          .send({ code: ERROR_CODES.databaseUnavailable, message: API_ERROR_TEXTS.databaseUnavailable })
      }
      reply.status(response.status)
      response.headers.forEach((value, name) => {
        if (name.toLowerCase() !== 'set-cookie') reply.header(name, value)
      })
      const cookies = response.headers.getSetCookie()
      if (cookies.length > 0) reply.header('set-cookie', cookies)
      const endpoint = new URL(request.url, baseUrl).pathname.replace(/^\/api\/auth/, '')
      // a confirmation link answers with a redirect
      if (onSessionsEnded && response.status < 400 && CHANGES_SESSIONS.has(endpoint)) {
        // after Better Auth deleted the rows; the heartbeat catches whatever this misses
        await onSessionsEnded().catch((error: unknown) => request.log.warn({ err: error }, 'realtime: closing ended sessions failed'))
      }
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null)
    },
  })
}
