import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { contactSchema } from '#shared/contacts.ts'
import { blockedPeopleListSchema, messageRequestListSchema, messageRequestParamsSchema } from '#shared/message-requests.ts'
import { sessionUser } from '#server/auth/session.ts'
import type { AppDeps } from '#server/app-deps.ts'

export const messageRequestsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { messageRequests: service, requireUser }) => {
  app.get('/api/message-requests', { preHandler: requireUser, schema: { response: { 200: messageRequestListSchema } } }, async (request) =>
    service.list(sessionUser(request).id),
  )

  app.post(
    '/api/message-requests/:id/accept',
    { preHandler: requireUser, schema: { params: messageRequestParamsSchema, response: { 200: contactSchema } } },
    async (request) => service.accept(sessionUser(request).id, request.params.id),
  )

  app.post(
    '/api/message-requests/:id/ignore',
    { preHandler: requireUser, schema: { params: messageRequestParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.ignore(sessionUser(request).id, request.params.id)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/message-requests/:id/block',
    { preHandler: requireUser, schema: { params: messageRequestParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.block(sessionUser(request).id, request.params.id)
      return reply.status(204).send(null)
    },
  )

  app.get(
    '/api/message-requests/blocked',
    { preHandler: requireUser, schema: { response: { 200: blockedPeopleListSchema } } },
    async (request) => service.listBlocked(sessionUser(request).id),
  )

  app.post(
    '/api/message-requests/:id/unblock',
    { preHandler: requireUser, schema: { params: messageRequestParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.unblock(sessionUser(request).id, request.params.id)
      return reply.status(204).send(null)
    },
  )
}
