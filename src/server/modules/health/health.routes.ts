import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppDeps } from '#server/app-deps.ts'
import { healthSchema } from './health.service.ts'

export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { health: service, readSession }) => {
  app.get('/api/health', { schema: { response: { 200: healthSchema, 503: healthSchema } } }, async (request, reply) => {
    const { serving, health } = await service.report(async () => (await readSession(request))?.user.id ?? null)
    return reply.status(serving ? 200 : 503).send(health)
  })
}
