import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { EMAIL_UNSUBSCRIBE_PATH, unsubscribeQuerySchema } from '#shared/notifications.ts'
import type { NotificationsService } from './notifications.service.ts'
import { unsubscribeConfirmPage, unsubscribedPage } from './unsubscribe-pages.ts'

export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (app, { notifications }) => {
  // RFC 8058's one-click request is a form post (`List-Unsubscribe=One-Click`); this plugin alone reads form bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))))
  })

  // The mail's link opens a page that asks first: mail scanners open links, and a GET must never turn a switch off.
  app.get(EMAIL_UNSUBSCRIBE_PATH, { schema: { querystring: unsubscribeQuerySchema, hide: true } }, async (request, reply) =>
    reply.type('text/html; charset=utf-8').send(unsubscribeConfirmPage(request.url)),
  )

  // Mail programs post here from anywhere, without a session: the signed token is the only authority (decision 63).
  app.post(
    EMAIL_UNSUBSCRIBE_PATH,
    { config: { anyOrigin: true }, schema: { querystring: unsubscribeQuerySchema, hide: true } },
    async (request, reply) => {
      await notifications.unsubscribe(request.query.token)
      return reply.type('text/html; charset=utf-8').send(unsubscribedPage())
    },
  )
}
