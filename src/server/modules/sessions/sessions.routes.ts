import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  createSessionMessageSchema,
  createSessionSchema,
  sessionIdParamsSchema,
  sessionListSchema,
  sessionMessageSchema,
  sessionSchema,
} from '#shared/sessions.ts'
import { sessionUser } from '#server/auth/session.ts'
import type { AppDeps } from '#server/app-deps.ts'
import { createSessionsService } from './sessions.service.ts'

export const sessionsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, signMediaUrl, requireUser }) => {
  const service = createSessionsService({ db, signMediaUrl })

  app.get('/api/sessions', { preHandler: requireUser, schema: { response: { 200: sessionListSchema } } }, async (request) => ({
    sessions: await service.list(sessionUser(request).id),
  }))

  app.post(
    '/api/sessions',
    { preHandler: requireUser, schema: { body: createSessionSchema, response: { 201: sessionSchema } } },
    async (request, reply) => reply.status(201).send(await service.create(sessionUser(request).id, request.body)),
  )

  app.post(
    '/api/sessions/:id/messages',
    {
      preHandler: requireUser,
      schema: { params: sessionIdParamsSchema, body: createSessionMessageSchema, response: { 201: sessionMessageSchema } },
    },
    async (request, reply) => reply.status(201).send(await service.addMessage(sessionUser(request).id, request.params.id, request.body)),
  )
}
