import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { adminAccountParamsSchema, adminOverviewSchema, hearthRoleSchema, setSignUpModeSchema } from '#shared/admin.ts'
import { sessionUser } from '#server/auth/session.ts'
import type { AppDeps } from '#server/app-deps.ts'

/** A confirmation mail reaches someone else's mailbox: the owner's resends are limited like the sign-up's own. */
export const RESEND_RATE_LIMIT = { max: 5, timeWindow: '1 minute' }

/**
 * The owner's care of this Hearth (decision 162). Every /api/admin route answers 403 to anyone but the owner (the
 * service checks); /api/me/role tells the settings screen whether to offer the entry.
 */
export const adminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { admin: service, requireUser }) => {
  const noContent = { response: { 204: z.null() } }

  app.get('/api/me/role', { preHandler: requireUser, schema: { response: { 200: hearthRoleSchema } } }, async (request) =>
    service.role(sessionUser(request)),
  )

  app.get('/api/admin', { preHandler: requireUser, schema: { response: { 200: adminOverviewSchema } } }, async (request) =>
    service.overview(sessionUser(request)),
  )

  app.put(
    '/api/admin/sign-up-mode',
    { preHandler: requireUser, schema: { body: setSignUpModeSchema, ...noContent } },
    async (request, reply) => {
      await service.setSignUpMode(sessionUser(request), request.body.mode)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/admin/accounts/:id/disable',
    { preHandler: requireUser, schema: { params: adminAccountParamsSchema, ...noContent } },
    async (request, reply) => {
      await service.disable(sessionUser(request), request.params.id)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/admin/accounts/:id/enable',
    { preHandler: requireUser, schema: { params: adminAccountParamsSchema, ...noContent } },
    async (request, reply) => {
      await service.enable(sessionUser(request), request.params.id)
      return reply.status(204).send(null)
    },
  )

  app.delete(
    '/api/admin/accounts/:id',
    { preHandler: requireUser, schema: { params: adminAccountParamsSchema, ...noContent } },
    async (request, reply) => {
      await service.deleteAccount(sessionUser(request), request.params.id)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/admin/accounts/:id/resend-confirmation',
    { preHandler: requireUser, config: { rateLimit: RESEND_RATE_LIMIT }, schema: { params: adminAccountParamsSchema, ...noContent } },
    async (request, reply) => {
      await service.resendConfirmation(sessionUser(request), request.params.id)
      return reply.status(204).send(null)
    },
  )
}
