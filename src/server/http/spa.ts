import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { ERROR_CODES } from '#shared/api-error.ts'
import { errorBody } from './errors.ts'

/**
 * Serves the built web app (dist/web) and answers every other GET with index.html so that the
 * client router can show the screen (or its not-found screen). Unknown /api paths get a JSON 404.
 */
export async function registerSpa(app: FastifyInstance, webDir: string | undefined) {
  const indexFile = webDir ? path.join(webDir, 'index.html') : undefined
  const hasWeb = indexFile !== undefined && fs.existsSync(indexFile)
  if (hasWeb && webDir) {
    await app.register(fastifyStatic, {
      root: webDir,
      index: false,
      wildcard: false,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable')
      },
    })
  }
  const indexHtml = hasWeb && indexFile ? fs.readFileSync(indexFile) : undefined

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api'
    if (!isApi && indexHtml && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml)
    }
    return reply.status(404).send(errorBody(ERROR_CODES.notFound, `No route for ${request.method} ${request.url.split('?')[0]}`))
  })
}
