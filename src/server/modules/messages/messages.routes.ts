import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { contactIdParamsSchema } from '#shared/contacts.ts'
import {
  likeMessageSchema,
  messageIdParamsSchema,
  messageListQuerySchema,
  messageListSchema,
  messageSchema,
  sendMessageSchema,
  unheardMessagesSchema,
} from '#shared/messages.ts'
import { translationQuerySchema, translationSchema } from '#shared/translation.ts'
import { sessionUser } from '#server/auth/session.ts'
import type { AppDeps } from '#server/app-deps.ts'

export const messagesRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { messages: service, messageSpeech, messageTranslation, requireUser },
) => {
  app.post(
    '/api/messages',
    { preHandler: requireUser, schema: { body: sendMessageSchema, response: { 201: messageSchema } } },
    async (request, reply) => reply.status(201).send(await service.send(sessionUser(request).id, request.body)),
  )

  app.get(
    '/api/contacts/:id/messages',
    {
      preHandler: requireUser,
      schema: { params: contactIdParamsSchema, querystring: messageListQuerySchema, response: { 200: messageListSchema } },
    },
    async (request) => service.listWithContact(sessionUser(request).id, request.params.id, request.query),
  )

  app.post(
    '/api/contacts/:id/messages/read',
    { preHandler: requireUser, schema: { params: contactIdParamsSchema, response: { 200: z.object({ marked: z.number().int() }) } } },
    async (request) => ({ marked: await service.markAllRead(sessionUser(request).id, request.params.id) }),
  )

  // the conversation is open and in view: what arrived no longer counts as unread, though it stays new (decision 206)
  app.post(
    '/api/contacts/:id/messages/seen',
    { preHandler: requireUser, schema: { params: contactIdParamsSchema, response: { 200: z.object({ marked: z.number().int() }) } } },
    async (request) => ({ marked: await service.markAllSeen(sessionUser(request).id, request.params.id) }),
  )

  app.get('/api/messages/unheard', { preHandler: requireUser, schema: { response: { 200: unheardMessagesSchema } } }, async (request) =>
    service.listUnheard(sessionUser(request).id),
  )

  app.get(
    '/api/messages/:id',
    { preHandler: requireUser, schema: { params: messageIdParamsSchema, response: { 200: messageSchema } } },
    async (request) => service.get(sessionUser(request).id, request.params.id),
  )

  app.post(
    '/api/messages/:id/read',
    { preHandler: requireUser, schema: { params: messageIdParamsSchema, response: { 200: messageSchema } } },
    async (request) => service.markRead(sessionUser(request).id, request.params.id),
  )

  app.post(
    '/api/messages/:id/like',
    { preHandler: requireUser, schema: { params: messageIdParamsSchema, body: likeMessageSchema, response: { 200: messageSchema } } },
    async (request) => service.setLiked(sessionUser(request).id, request.params.id, request.body.liked),
  )

  // the transcript in the reader's language (decision 228): a GET, as reading it changes nothing the reader sees; made
  // once and kept, so asking again is cheap
  app.get(
    '/api/messages/:id/translation',
    {
      preHandler: requireUser,
      schema: { params: messageIdParamsSchema, querystring: translationQuerySchema, response: { 200: translationSchema } },
    },
    async (request) => messageTranslation.translate(sessionUser(request).id, request.params.id, request.query.to),
  )

  // POST /api/messages/:id/retry-transcription after a failure; /retranscribe with the stronger engine running now
  // (decision 93). Both answer the message as it is now, the work queued.
  const speechActions = { 'retry-transcription': messageSpeech.retry, retranscribe: messageSpeech.retranscribe }
  for (const [action, run] of Object.entries(speechActions)) {
    app.post(
      `/api/messages/:id/${action}`,
      { preHandler: requireUser, schema: { params: messageIdParamsSchema, response: { 200: messageSchema } } },
      async (request) => {
        const userId = sessionUser(request).id
        await run(userId, request.params.id)
        return service.get(userId, request.params.id)
      },
    )
  }
}
