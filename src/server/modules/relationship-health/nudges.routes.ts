import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { nudgeSettingsSchema, openNudgesSchema } from '#shared/relationship-health.ts'
import { sessionUser } from '#server/auth/session.ts'
import type { AppDeps } from '#server/app-deps.ts'

/** The person's own switch for gentle nudges, and which of their contacts were nudged and are still quiet. */
export const nudgesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { nudges, requireUser }) => {
  app.get('/api/nudges', { preHandler: requireUser, schema: { response: { 200: openNudgesSchema } } }, async (request) =>
    nudges.listOpen(sessionUser(request).id),
  )

  app.get('/api/nudges/settings', { preHandler: requireUser, schema: { response: { 200: nudgeSettingsSchema } } }, async (request) =>
    nudges.getSettings(sessionUser(request).id),
  )

  app.put(
    '/api/nudges/settings',
    { preHandler: requireUser, schema: { body: nudgeSettingsSchema, response: { 200: nudgeSettingsSchema } } },
    async (request) => nudges.setSettings(sessionUser(request).id, request.body.enabled),
  )
}
