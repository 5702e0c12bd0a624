import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { publicConfigSchema, type PublicConfig } from '#shared/public-config.ts'
import type { AppDeps } from '../../app-deps.ts'

export const configRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { env, mailer }) => {
  const config: PublicConfig = {
    googleSignInEnabled: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    devMailboxEnabled: env.NODE_ENV !== 'production' && mailer.kind === 'outbox',
  }
  app.get('/api/config', { schema: { response: { 200: publicConfigSchema } } }, async () => config)
}
