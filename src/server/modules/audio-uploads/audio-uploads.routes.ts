import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { audioUploadSchema } from '#shared/messages.ts'
import { sessionUser } from '../../auth/session.ts'
import type { AppDeps } from '../../app-deps.ts'
import { acceptRawBody, rawBody } from '../../http/raw-body.ts'
import { refuseOversizeAudio } from '../../media/audio.ts'
import { createAudioUploadsService } from './audio-uploads.service.ts'

const SWEEP_INTERVAL_MS = 60 * 60 * 1000

/**
 * POST /api/audio takes the raw recording as the body, whatever its declared type: the service decides
 * the type from the content and enforces 50 MB as the stream arrives (see http/raw-body.ts).
 */
export const audioUploadsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, storage, env, requireUser }) => {
  const service = createAudioUploadsService({ db, storage, tmpDir: `${env.dataDir}/tmp` })

  acceptRawBody(app)

  app.post(
    '/api/audio',
    {
      preHandler: requireUser,
      schema: { response: { 201: audioUploadSchema } },
      onRequest: refuseOversizeAudio(),
    },
    async (request, reply) => {
      const upload = await service.store(sessionUser(request).id, rawBody(request))
      return reply.status(201).send(upload)
    },
  )

  const sweep = () =>
    service.sweepAbandoned().catch((error: unknown) => app.log.warn({ err: error }, 'audio uploads: sweep failed'))
  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    void sweep()
    timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}
