import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  EMAIL_UNSUBSCRIBE_PATH,
  pushKeySchema,
  pushSubscriptionInputSchema,
  pushTestResultSchema,
  pushUnsubscribeSchema,
  unsubscribeQuerySchema,
} from '#shared/notifications.ts'
import { sessionUser } from '#server/auth/session.ts'
import { intlOf, localeOfRequest } from '#server/i18n/i18n.ts'
import type { NotificationsService } from './notifications.service.ts'
import type { PushService } from './push.service.ts'
import { unsubscribeConfirmPage, unsubscribedPage } from './unsubscribe-pages.ts'

const ok = z.object({ ok: z.literal(true) })

/** Each test is a post to every subscribed browser's push service: a few a minute are plenty for a person. */
export const PUSH_TEST_RATE_LIMIT = { max: 3, timeWindow: '1 minute' }

export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService
  push: PushService
  requireUser: preHandlerAsyncHookHandler
}> = async (app, { notifications, push, requireUser }) => {
  // RFC 8058's one-click request is a form post (`List-Unsubscribe=One-Click`); this plugin alone reads form bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))))
  })

  // The mail's link opens a page that asks first: mail scanners open links, and a GET must never turn a switch off.
  // Both pages speak the visitor's language (their browser's, decision 222).
  const pageIntl = (request: FastifyRequest, reply: FastifyReply) => {
    const locale = localeOfRequest(request.headers['accept-language'])
    void reply.header('vary', 'accept-language').header('content-language', locale)
    return intlOf(locale)
  }
  app.get(EMAIL_UNSUBSCRIBE_PATH, { schema: { querystring: unsubscribeQuerySchema, hide: true } }, async (request, reply) =>
    reply.type('text/html; charset=utf-8').send(unsubscribeConfirmPage(pageIntl(request, reply), request.url)),
  )

  // Mail programs post here from anywhere, without a session: the signed token is the only authority (decision 63).
  app.post(
    EMAIL_UNSUBSCRIBE_PATH,
    { config: { anyOrigin: true }, schema: { querystring: unsubscribeQuerySchema, hide: true } },
    async (request, reply) => {
      await notifications.unsubscribe(request.query.token)
      return reply.type('text/html; charset=utf-8').send(unsubscribedPage(pageIntl(request, reply)))
    },
  )

  app.get('/api/push/key', { preHandler: requireUser, schema: { response: { 200: pushKeySchema } } }, async () => ({
    public_key: push.publicKey,
  }))

  app.post(
    '/api/push/subscriptions',
    { preHandler: requireUser, schema: { body: pushSubscriptionInputSchema, response: { 200: ok } } },
    async (request) => {
      await push.subscribe(sessionUser(request).id, request.body, request.headers['user-agent'] ?? null)
      return { ok: true as const }
    },
  )

  app.post(
    '/api/push/unsubscribe',
    { preHandler: requireUser, schema: { body: pushUnsubscribeSchema, response: { 200: ok } } },
    async (request) => {
      await push.unsubscribe(sessionUser(request).id, request.body.endpoint)
      return { ok: true as const }
    },
  )

  app.post(
    '/api/push/test',
    { preHandler: requireUser, config: { rateLimit: PUSH_TEST_RATE_LIMIT }, schema: { response: { 202: pushTestResultSchema } } },
    async (request, reply) => reply.status(202).send(await push.sendTest(sessionUser(request).id)),
  )
}
