import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { publicProfileSchema } from '#shared/public-profile.ts'
import type { AppDeps } from '#server/app-deps.ts'

/** Public on purpose; a signed-in visitor's session only decides whether the whole gallery is shown (decision 124). */
export const publicProfilesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { publicProfiles: service, readSession }) => {
  app.get(
    '/api/public-profiles/:id',
    { schema: { params: z.object({ id: z.string().min(1).max(100) }), response: { 200: publicProfileSchema } } },
    async (request, reply) => {
      const viewer = await readSession(request)
      // the data of a page is not a page of its own for search engines
      void reply.header('x-robots-tag', 'noindex')
      return service.get(request.params.id, viewer?.user.id ?? null)
    },
  )
}
