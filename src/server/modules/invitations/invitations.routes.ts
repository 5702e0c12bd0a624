import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  acceptInvitationResultSchema,
  createShareLinkSchema,
  emailInvitationSentSchema,
  invitationCreatedSchema,
  invitationIdParamsSchema,
  invitationListSchema,
  invitationPreviewSchema,
  inviteTokenSchema,
  resendResultSchema,
  sendEmailInvitationSchema,
} from '#shared/invitations.ts'
import type { AppDeps } from '#server/app-deps.ts'
import { sessionUser } from '#server/auth/session.ts'

export const invitationsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { requireUser, invitations: service }) => {
  app.get('/api/invitations', { preHandler: requireUser, schema: { response: { 200: invitationListSchema } } }, async (request) => ({
    invitations: await service.list(sessionUser(request).id),
  }))

  app.post(
    '/api/invitations/email',
    { preHandler: requireUser, schema: { body: sendEmailInvitationSchema, response: { 201: emailInvitationSentSchema } } },
    // the same answer whether or not the address has an account: the mail is queued, and sent only to an address
    // that has none (decision 193)
    async (request, reply) => reply.status(201).send({ invitation: await service.sendEmail(sessionUser(request).id, request.body) }),
  )

  app.post(
    '/api/invitations/link',
    { preHandler: requireUser, schema: { body: createShareLinkSchema, response: { 201: invitationCreatedSchema } } },
    async (request, reply) => reply.status(201).send(await service.createLink(sessionUser(request).id, request.body)),
  )

  app.delete(
    '/api/invitations/:id',
    { preHandler: requireUser, schema: { params: invitationIdParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.cancel(sessionUser(request).id, request.params.id)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/invitations/:id/resend',
    { preHandler: requireUser, schema: { params: invitationIdParamsSchema, response: { 200: resendResultSchema } } },
    async (request) => service.resend(sessionUser(request).id, request.params.id),
  )

  /** fetch-invitation: open to anonymous visitors (the landing page); the token travels in the body, not the URL. */
  app.post(
    '/api/invitations/preview',
    { schema: { body: inviteTokenSchema, response: { 200: invitationPreviewSchema } } },
    async (request) => service.preview(request.body.token, request.ip),
  )

  app.post(
    '/api/invitations/accept',
    { preHandler: requireUser, schema: { body: inviteTokenSchema, response: { 200: acceptInvitationResultSchema } } },
    async (request) => service.accept(sessionUser(request).id, request.body.token),
  )
}
