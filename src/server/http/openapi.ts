import swagger from '@fastify/swagger'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { APP_VERSION } from '#server/version.ts'

/** Where the API describes itself (decision 47). */
export const OPENAPI_PATH = '/api/docs/json'

/**
 * The OpenAPI 3.1 document of every /api route, generated from the zod schemas that already validate and
 * serialise them, so it cannot drift from what the server does. Public like the sign-up form: it shows the
 * API's shape, never data (decision 47). Register before the routes: swagger collects them as they are added.
 */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Hearth API',
        version: APP_VERSION,
        description:
          'Voice-first private messaging. Sign in with POST /api/auth/sign-in/email; the session cookie authenticates the ' +
          'other calls, and state-changing calls need an Origin header of this server. Errors answer { error: { code, message } }.',
      },
      servers: [{ url: publicUrl }],
    },
    // only the API: the web app's pages and static files are not part of it
    transform: (route) => (route.url.startsWith('/api/') ? jsonSchemaTransform(route) : { schema: { hide: true }, url: route.url }),
  })
  app.get('/api/docs', { schema: { hide: true } }, async (_request, reply) => reply.redirect(OPENAPI_PATH))
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger())
}
