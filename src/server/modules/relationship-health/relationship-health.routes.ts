import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contactIdParamsSchema } from '#shared/contacts.ts'
import { createMeetingSchema, meetingSchema, relationshipHealthSchema } from '#shared/relationship-health.ts'
import { sessionUser } from '#server/auth/session.ts'
import type { AppDeps } from '#server/app-deps.ts'

export const relationshipHealthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { relationshipHealth: service, requireUser }) => {
  app.get(
    '/api/contacts/:id/health',
    { preHandler: requireUser, schema: { params: contactIdParamsSchema, response: { 200: relationshipHealthSchema } } },
    async (request) => service.get(sessionUser(request).id, request.params.id),
  )

  app.post(
    '/api/contacts/:id/meetings',
    { preHandler: requireUser, schema: { params: contactIdParamsSchema, body: createMeetingSchema, response: { 201: meetingSchema } } },
    async (request, reply) => reply.status(201).send(await service.addMeeting(sessionUser(request).id, request.params.id, request.body)),
  )
}
