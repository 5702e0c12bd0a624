import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppDeps } from '#server/app-deps.ts'

/** `/robots.txt` and `/sitemap.xml` for search engines; both public, both short-lived in caches. */
export const crawlersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { crawlers: service }) => {
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(service.robotsTxt()),
  )
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(await service.sitemapXml()),
  )
}
