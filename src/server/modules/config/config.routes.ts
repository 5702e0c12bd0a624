import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { publicConfigSchema, type PublicConfig } from '#shared/public-config.ts'
import type { AppDeps } from '#server/app-deps.ts'
import { isDirectLoopbackRequest } from '#server/http/loopback.ts'

export const configRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { env, mailer, admin, messageTranslation }) => {
  const googleSignInEnabled = Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET)
  const mailboxServed = env.NODE_ENV !== 'production' && mailer.kind === 'outbox'
  app.get('/api/config', { schema: { response: { 200: publicConfigSchema } } }, async (request): Promise<PublicConfig> => ({
    googleSignInEnabled,
    // the link to the local mailbox is offered only where the mailbox opens: on the machine that runs Hearth
    devMailboxEnabled: mailboxServed && isDirectLoopbackRequest(request),
    // read at each request: the owner may switch it while Hearth runs
    signUpMode: await admin.publicSignUpMode(),
    // a screen offers a transcript in the reader's language only where an engine makes it (decision 228)
    translationAvailable: messageTranslation.available(),
  }))
}
