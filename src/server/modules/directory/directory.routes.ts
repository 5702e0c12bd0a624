import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { directoryQuerySchema, directoryResponseSchema } from '#shared/directory.ts'
import { sessionUser } from '#server/auth/session.ts'
import type { AppDeps } from '#server/app-deps.ts'

/** Generous for typing with a debounce, tight enough to stop anyone walking the user list. */
export const DIRECTORY_RATE_LIMIT = { max: 60, timeWindow: '1 minute' }

export const directoryRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { directory: service, requireUser }) => {
  app.get(
    '/api/directory',
    {
      preHandler: requireUser,
      config: { rateLimit: DIRECTORY_RATE_LIMIT },
      schema: { querystring: directoryQuerySchema, response: { 200: directoryResponseSchema } },
    },
    async (request) => ({ results: await service.search(sessionUser(request).id, request.query.q) }),
  )
}
