import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { messageIdParamsSchema, messageSchema } from '#shared/messages.ts'
import { sessionUser } from '../../auth/session.ts'
import type { AppDeps } from '../../app-deps.ts'
import { createMessagesService } from '../messages/messages.service.ts'

/** POST /api/messages/:id/retry-transcription: the spec's retry_failed_transcription. */
export const transcriptionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const messages = createMessagesService(deps)

  app.post(
    '/api/messages/:id/retry-transcription',
    { preHandler: deps.requireUser, schema: { params: messageIdParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      const userId = sessionUser(request).id
      await deps.transcription.retry(userId, request.params.id)
      return messages.get(userId, request.params.id)
    },
  )
}
