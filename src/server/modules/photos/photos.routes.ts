import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ERROR_CODES } from '#shared/error-codes.ts'
import { PHOTO_MAX_BYTES } from '#shared/limits.ts'
import { PHOTO_TEXTS, photoIdParamsSchema, photoListSchema, photoOrderSchema, photoSchema } from '#shared/photos.ts'
import { sessionUser } from '#server/auth/session.ts'
import type { AppDeps } from '#server/app-deps.ts'
import { errorBody } from '#server/http/errors.ts'
import { acceptRawBody, rawBody, refuseDeclaredOversize } from '#server/http/raw-body.ts'
import { PICTURES_PATH } from './photos.service.ts'

const YEAR_SECONDS = 365 * 24 * 60 * 60

/**
 * The photo manager's API (own photos only, by the session's user id) and the public picture route. Upload takes
 * the image as the raw body whatever its declared type; the service decides by content (see http/raw-body.ts).
 */
export const photosRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { photos: service, env, requireUser }) => {
  app.get('/api/photos', { preHandler: requireUser, schema: { response: { 200: photoListSchema } } }, async (request) =>
    service.list(sessionUser(request).id),
  )

  app.put(
    '/api/photos/order',
    { preHandler: requireUser, schema: { body: photoOrderSchema, response: { 200: photoListSchema } } },
    async (request) => service.reorder(sessionUser(request).id, request.body.ids),
  )

  app.post(
    '/api/photos/:id/primary',
    { preHandler: requireUser, schema: { params: photoIdParamsSchema, response: { 200: photoListSchema } } },
    async (request) => service.setPrimary(sessionUser(request).id, request.params.id),
  )

  app.delete(
    '/api/photos/:id',
    { preHandler: requireUser, schema: { params: photoIdParamsSchema, response: { 200: photoListSchema } } },
    async (request) => service.remove(sessionUser(request).id, request.params.id),
  )

  await app.register(async (scope) => {
    acceptRawBody(scope)
    scope.post(
      '/api/photos',
      {
        preHandler: requireUser,
        config: { rateLimit: { max: env.UPLOADS_PER_MINUTE, timeWindow: '1 minute' } },
        schema: { response: { 201: photoSchema } },
        onRequest: refuseDeclaredOversize(PHOTO_MAX_BYTES, PHOTO_TEXTS.tooLarge),
      },
      async (request, reply) => reply.status(201).send(await service.upload(sessionUser(request).id, rawBody(request))),
    )
  })

  /**
   * Profile pictures are public, as the spec's public bucket made them (decision 57): the public profile shows
   * the gallery to anyone, and link previews fetch its image without a session. Names are never reused, so a
   * file is cached for a year; only renditions of a photo that still exists are served.
   */
  app.get(
    `${PICTURES_PATH}/:owner/:file`,
    { schema: { params: z.object({ owner: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), file: z.string().max(100) }) } },
    async (request, reply) => {
      const picture = await service.picture(request.params.owner, request.params.file)
      if (!picture) return reply.status(404).send(errorBody(ERROR_CODES.notFound, PHOTO_TEXTS.notFound))
      return reply
        .header('content-type', 'image/webp')
        .header('content-length', picture.size)
        .header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`)
        .header('x-content-type-options', 'nosniff')
        .send(picture.read())
    },
  )
}
