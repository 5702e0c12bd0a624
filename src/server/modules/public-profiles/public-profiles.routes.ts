import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { publicProfileSchema } from '#shared/public-profile.ts'
import type { AppDeps } from '#server/app-deps.ts'
import { createPublicProfilesService } from './public-profiles.service.ts'

export const publicProfilesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, signMediaUrl, pictureUrl }) => {
  const service = createPublicProfilesService({ db, signMediaUrl, pictureUrl })
  app.get(
    '/api/public-profiles/:id',
    { schema: { params: z.object({ id: z.string().min(1).max(100) }), response: { 200: publicProfileSchema } } },
    async (request) => service.get(request.params.id),
  )
}
