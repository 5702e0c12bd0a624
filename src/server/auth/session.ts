import type { FastifyReply, FastifyRequest } from 'fastify'
import { fromNodeHeaders } from 'better-auth/node'
import type { Auth } from './auth.ts'
import { UnauthorizedError } from '#server/http/errors.ts'

export type SessionUser = { id: string; email: string; name: string; emailVerified: boolean }

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null
    /** the id of the session the request carries, set with `user` by requireUser */
    sessionId: string | null
  }
}

/** The signed-in person and the id of the session the request carries; null without a valid session. */
export async function readSession(auth: Auth, request: FastifyRequest): Promise<{ user: SessionUser; sessionId: string } | null> {
  const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) })
  if (!result) return null
  const { id, email, name, emailVerified } = result.user
  return { user: { id, email, name, emailVerified }, sessionId: result.session.id }
}

export async function readSessionUser(auth: Auth, request: FastifyRequest): Promise<SessionUser | null> {
  return (await readSession(auth, request))?.user ?? null
}

/** preHandler for routes that need a signed-in user (401 otherwise). */
export function requireUser(auth: Auth) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const found = await readSession(auth, request)
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
