import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import { speechPreviewQuerySchema, speechPreviewSchema } from '#shared/speech-preview.ts'
import { sessionUser } from '#server/auth/session.ts'
import type { AppDeps } from '#server/app-deps.ts'
import { acceptRawBody, rawBody } from '#server/http/raw-body.ts'
import { refuseOversizeAudio } from '#server/media/audio.ts'

/** How many live previews one person may ask for in a minute (one every 2 s is 30). */
const PREVIEWS_PER_MINUTE = 45

/** POST /api/speech/preview?from=: a live transcript of a recording in progress (raw audio body). */
export const transcriptionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // The preview takes the raw recording as its body, like POST /api/audio, in a scope of its own.
  await app.register(async (scope) => {
    acceptRawBody(scope)
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/speech/preview',
      {
        preHandler: deps.requireUser,
        schema: { querystring: speechPreviewQuerySchema, response: { 200: speechPreviewSchema } },
        ...(deps.env.RATE_LIMIT_ENABLED && { config: { rateLimit: { max: PREVIEWS_PER_MINUTE, timeWindow: '1 minute' } } }),
        onRequest: refuseOversizeAudio(),
      },
      async (request) => deps.transcription.preview(sessionUser(request).id, rawBody(request), request.query.from),
    )
  })
}
