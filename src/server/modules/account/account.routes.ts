import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { deleteAccountSchema, deviceSessionListSchema, revokedSessionsSchema, sessionIdParamsSchema } from '#shared/account.ts'
import { sessionIdOf, sessionUser } from '#server/auth/session.ts'
import type { AppDeps } from '#server/app-deps.ts'

/**
 * The account's own API: the signed-in devices and the export of one's data. Changing the password is Better Auth's /change-password (with
 * revokeOtherSessions), which needs no route of ours.
 */
export const accountRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { account: service, requireUser }) => {
  // typing the confirmation is the consent (decision 60); the session ends with the account
  app.delete(
    '/api/account',
    { preHandler: requireUser, schema: { body: deleteAccountSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.deleteAccount(sessionUser(request).id)
      return reply.status(204).send(null)
    },
  )

  app.get('/api/account/sessions', { preHandler: requireUser, schema: { response: { 200: deviceSessionListSchema } } }, async (request) =>
    service.listSessions(sessionUser(request).id, sessionIdOf(request)),
  )

  app.delete(
    '/api/account/sessions/:id',
    { preHandler: requireUser, schema: { params: sessionIdParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.revokeSession(sessionUser(request).id, sessionIdOf(request), request.params.id)
      return reply.status(204).send(null)
    },
  )

  // the zip is streamed as it is made (decision 59); nothing of it is kept
  app.get('/api/account/export', { preHandler: requireUser }, async (request, reply) => {
    const { stream, filename } = await service.exportData(sessionUser(request))
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(stream)
  })

  app.post(
    '/api/account/sessions/revoke-others',
    { preHandler: requireUser, schema: { response: { 200: revokedSessionsSchema } } },
    async (request) => service.revokeOtherSessions(sessionUser(request).id, sessionIdOf(request)),
  )
}
