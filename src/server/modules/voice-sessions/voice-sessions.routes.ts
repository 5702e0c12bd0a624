import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  createSessionMessageSchema,
  createSessionSchema,
  sendSessionNoteSchema,
  sessionIdParamsSchema,
  sessionListSchema,
  sessionMessageParamsSchema,
  sessionMessageSchema,
  sessionSchema,
} from '#shared/voice-sessions.ts'
import { messageSchema } from '#shared/messages.ts'
import { sessionUser } from '#server/auth/session.ts'
import type { AppDeps } from '#server/app-deps.ts'

export const voiceSessionsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { voiceSessions: service, requireUser }) => {
  app.get('/api/sessions', { preHandler: requireUser, schema: { response: { 200: sessionListSchema } } }, async (request) =>
    service.list(sessionUser(request).id),
  )

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

  app.post(
    '/api/sessions/:id/messages/:messageId/retry-transcription',
    { preHandler: requireUser, schema: { params: sessionMessageParamsSchema, response: { 200: sessionMessageSchema } } },
    async (request) => service.retryTranscript(sessionUser(request).id, request.params.id, request.params.messageId),
  )

  app.post(
    '/api/sessions/:id/messages/:messageId/send',
    {
      preHandler: requireUser,
      schema: { params: sessionMessageParamsSchema, body: sendSessionNoteSchema, response: { 201: messageSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.sendNote(sessionUser(request).id, request.params.id, request.params.messageId, request.body)),
  )
}
