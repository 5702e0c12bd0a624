import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  archiveContactSchema,
  connectResultSchema,
  connectSchema,
  contactIdParamsSchema,
  contactListQuerySchema,
  contactListSchema,
  contactSchema,
  reorderContactsSchema,
} from '#shared/contacts.ts'
import { sessionUser } from '#server/auth/session.ts'
import type { AppDeps } from '#server/app-deps.ts'

/** Starting relationships is bounded per caller: it is the one way to reach a stranger. */
export const CONNECT_RATE_LIMIT = { max: 20, timeWindow: '1 hour' }

export const contactsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { contacts: service, requireUser }) => {
  app.get(
    '/api/contacts',
    { preHandler: requireUser, schema: { querystring: contactListQuerySchema, response: { 200: contactListSchema } } },
    async (request) => ({ contacts: await service.list(sessionUser(request).id, request.query.status) }),
  )

  app.get(
    '/api/contacts/:id',
    { preHandler: requireUser, schema: { params: contactIdParamsSchema, response: { 200: contactSchema } } },
    async (request) => service.get(sessionUser(request).id, request.params.id),
  )

  app.put(
    '/api/contacts/order',
    { preHandler: requireUser, schema: { body: reorderContactsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.reorder(sessionUser(request).id, request.body.contact_ids)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/contacts/:id/archive',
    { preHandler: requireUser, schema: { params: contactIdParamsSchema, body: archiveContactSchema, response: { 200: contactSchema } } },
    async (request) => service.setArchived(sessionUser(request).id, request.params.id, request.body.should_archive),
  )

  app.post(
    '/api/contacts/:id/rekindle',
    { preHandler: requireUser, schema: { params: contactIdParamsSchema, response: { 200: contactSchema } } },
    async (request) => service.rekindle(sessionUser(request).id, request.params.id),
  )

  app.post(
    '/api/contacts/connect',
    {
      preHandler: requireUser,
      config: { rateLimit: CONNECT_RATE_LIMIT },
      schema: { body: connectSchema, response: { 200: connectResultSchema, 201: connectResultSchema } },
    },
    async (request, reply) => {
      const result = await service.connect(sessionUser(request).id, request.body.user_id)
      return reply.status(result.created ? 201 : 200).send(result)
    },
  )
}
