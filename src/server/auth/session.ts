import type { FastifyReply, FastifyRequest } from 'fastify'
import { createHmac, timingSafeEqual } from 'node:crypto'
import { parseCookies } from 'better-auth/cookies'
import type { Auth } from './auth.ts'
import type { FoundSession, SessionCache } from './session-cache.ts'
import { readSessionByToken } from './session.queries.ts'
import type { Database } from '#server/db/client.ts'
import { UnauthorizedError } from '#server/http/errors.ts'

export type SessionUser = { id: string; email: string; name: string; emailVerified: boolean }

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null
    /** the id of the session the request carries, set with `user` by requireUser */
    sessionId: string | null
  }
}

export type SessionReader = (request: FastifyRequest) => Promise<FoundSession | null>

/** HMAC-SHA256 of the value, in base64: how Better Auth signs its cookies (`value.signature`). */
export function signatureOf(value: string, secret: string): string {
  return createHmac('sha256', secret).update(value).digest('base64')
}

/** The value of a cookie Better Auth signed, or null when it is absent or its signature is not ours. */
function verifiedCookie(cookies: Map<string, string>, name: string, secret: string): string | null {
  const signed = cookies.get(name)
  if (!signed) return null
  const dot = signed.lastIndexOf('.')
  if (dot < 1) return null
  const value = signed.slice(0, dot)
  const signature = Buffer.from(signed.slice(dot + 1))
  const expected = Buffer.from(signatureOf(value, secret))
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? value : null
}

/**
 * Reads the session a request's cookie carries (decision 106): the cookie's signature is checked here and the session,
 * its person and its sliding expiry take one statement (`readSessionByToken`), where Better Auth's getSession took two
 * reads and its endpoint machinery on every request. Better Auth's own settings decide the cookie names, the secret
 * and the lifetime. No cookie cache (a cookie cannot be taken back), but the instance keeps what it read for 30 s
 * (`sessions`, decision 189): a session ended by this instance is refused on its next request, and one ended
 * elsewhere as soon as this instance hears of it.
 */
export async function createSessionReader(auth: Auth, db: Database, sessions: SessionCache): Promise<SessionReader> {
  const context = await auth.$context
  const { sessionToken, dontRememberToken } = context.authCookies
  const lifetime = { expiresIn: context.sessionConfig.expiresIn, updateAge: context.sessionConfig.updateAge }
  return async (request) => {
    const header = request.headers.cookie
    if (!header) return null
    const cookies = parseCookies(header)
    const token = verifiedCookie(cookies, sessionToken.name, context.secret)
    if (!token) return null
    const kept = sessions.get(token)
    if (kept) return kept
    const ticket = sessions.ticket()
    const extend = verifiedCookie(cookies, dontRememberToken.name, context.secret) === null
    const row = await readSessionByToken(db, token, { ...lifetime, extend })
    if (!row) return null
    const { sessionId, expiresAt, ...user } = row
    const found = { user, sessionId }
    sessions.keep(token, found, expiresAt, ticket)
    return found
  }
}

/** preHandler for routes that need a signed-in user (401 otherwise). */
export function requireUser(readSession: SessionReader) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const found = await readSession(request)
    request.user = found?.user ?? null
    request.sessionId = found?.sessionId ?? null
    if (!request.user) throw new UnauthorizedError()
  }
}

/** The session id of a route guarded by requireUser. */
export function sessionIdOf(request: FastifyRequest): string {
  if (!request.sessionId) throw new UnauthorizedError()
  return request.sessionId
}

/** The signed-in user of a route guarded by requireUser. */
export function sessionUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new UnauthorizedError()
  return request.user
}
