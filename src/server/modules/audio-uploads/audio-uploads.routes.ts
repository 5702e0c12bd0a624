import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { audioUploadSchema, DECLARED_SECONDS_HEADER, DECLARED_WAVEFORM_HEADER, declaredRecording } from '#shared/messages.ts'
import { MESSAGE_TEXTS } from '#shared/messages-texts.ts'
import { ERROR_CODES } from '#shared/error-codes.ts'
import { sessionUser } from '#server/auth/session.ts'
import { DomainError } from '#server/http/errors.ts'
import type { AppDeps } from '#server/app-deps.ts'
import { acceptRawBody, rawBody } from '#server/http/raw-body.ts'
import { refuseOversizeAudio } from '#server/media/audio.ts'

/** The 429 of the upload limit speaks of recordings, not of requests (the plugin throws what this returns). */
const tooManyUploads = () => new DomainError(429, ERROR_CODES.rateLimited, MESSAGE_TEXTS.tooManyUploads)

/**
 * POST /api/audio takes the raw recording as the body, whatever its declared type: the service decides
 * the type from the content and enforces 50 MB as the stream arrives (see http/raw-body.ts). The recorder's own
 * length and waveform of the take come as headers; they are shown until the message's job has measured it.
 */
export const audioUploadsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { audioUploads: service, env, requireUser }) => {
  acceptRawBody(app)

  app.post(
    '/api/audio',
    {
      preHandler: requireUser,
      // per person (decision 43); with the storage quota this bounds what one account can make the server keep
      config: { rateLimit: { max: env.UPLOADS_PER_MINUTE, timeWindow: '1 minute', errorResponseBuilder: tooManyUploads } },
      schema: { response: { 201: audioUploadSchema } },
      onRequest: refuseOversizeAudio(),
    },
    async (request, reply) => {
      const declared = declaredRecording({
        seconds: request.headers[DECLARED_SECONDS_HEADER],
        waveform: request.headers[DECLARED_WAVEFORM_HEADER],
      })
      const upload = await service.store(sessionUser(request).id, rawBody(request), declared)
      return reply.status(201).send(upload)
    },
  )
}
