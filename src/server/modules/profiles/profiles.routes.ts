import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { profileSchema, profileUpdateSchema, welcomeMessageSchema } from '#shared/profile.ts'
import { sessionUser } from '#server/auth/session.ts'
import type { AppDeps } from '#server/app-deps.ts'

export const profilesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { profiles: service, requireUser }) => {
  app.get('/api/profile', { preHandler: requireUser, schema: { response: { 200: profileSchema } } }, async (request) =>
    service.getOwnProfile(sessionUser(request)),
  )

  app.patch(
    '/api/profile',
    { preHandler: requireUser, schema: { body: profileUpdateSchema, response: { 200: profileSchema } } },
    async (request) => service.updateOwnProfile(sessionUser(request), request.body),
  )

  app.put(
    '/api/profile/welcome-message',
    { preHandler: requireUser, schema: { body: welcomeMessageSchema, response: { 200: profileSchema } } },
    async (request) => service.saveWelcomeMessage(sessionUser(request), request.body.upload_id),
  )
}
