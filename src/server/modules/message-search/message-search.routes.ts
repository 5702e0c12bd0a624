import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { messageSearchQuerySchema, messageSearchResultSchema } from '#shared/message-search.ts'
import { sessionUser } from '#server/auth/session.ts'
import type { AppDeps } from '#server/app-deps.ts'

export const messageSearchRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { messageSearch: service, requireUser }) => {
  app.get(
    '/api/messages',
    { preHandler: requireUser, schema: { querystring: messageSearchQuerySchema, response: { 200: messageSearchResultSchema } } },
    async (request) => service.search(sessionUser(request).id, request.query),
  )
}
