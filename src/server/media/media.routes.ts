import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { API_ERROR_TEXTS } from '#shared/api-error.ts'
import { ERROR_CODES } from '#shared/error-codes.ts'
import { errorBody } from '#server/http/errors.ts'
import { MEDIA_PATH, verifyMediaUrl } from './signed-url.ts'
import { contentTypeOf, type ObjectStorage } from './storage.ts'

/** Parses a single `bytes=` range; null when absent, 'invalid' when it cannot be served. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid'
  let start: number
  let end: number
  if (match[1] === '') {
    const suffix = Number(match[2])
    if (suffix === 0) return 'invalid'
    start = Math.max(0, size - suffix)
    end = size - 1
  } else {
    start = Number(match[1])
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  }
  if (start > end || start >= size) return 'invalid'
  return { start, end }
}

/**
 * GET /api/media/{key}?expires=&signature= serves a private object to whoever holds a valid signed URL,
 * with range requests for seeking. The signature is the permission: it is issued only to people who may
 * see the object (the message's sender and receiver). With S3 storage it answers 302 to a presigned GET URL of the
 * bucket that expires with it (decision 82).
 */
export const mediaRoutes: FastifyPluginAsync<{ storage: ObjectStorage; signingKey: string }> = async (app, { storage, signingKey }) => {
  app.get(
    `${MEDIA_PATH}/:owner/:file`,
    { schema: { querystring: z.object({ expires: z.string().optional(), signature: z.string().optional() }) } },
    async (request, reply) => {
      const { owner, file } = request.params as { owner: string; file: string }
      const { expires, signature } = request.query as { expires?: string; signature?: string }
      const key = `${owner}/${file}`
      const check = verifyMediaUrl(signingKey, key, expires, signature)
      if (check === 'expired') return reply.status(403).send(errorBody(ERROR_CODES.forbidden, API_ERROR_TEXTS.linkExpired))
      if (check === 'invalid') return reply.status(403).send(errorBody(ERROR_CODES.forbidden, API_ERROR_TEXTS.linkInvalid))
      // a store that cannot be reached answers 503 (the player says the recording is out of reach for now), never 404
      const size = await storage.size(key)
      if (size === null) return reply.status(404).send(errorBody(ERROR_CODES.notFound, API_ERROR_TEXTS.audioUnavailable))

      const expiresAt = Number(expires)
      const cacheControl = `private, max-age=${Math.max(0, expiresAt - Math.floor(Date.now() / 1000))}`
      if (storage.presignGet) {
        // S3: the browser fetches the bytes (and its ranges) from the bucket, through a URL that ends when this one does
        const location = await storage.presignGet(key, new Date(expiresAt * 1000))
        return reply.status(302).header('location', location).header('cache-control', cacheControl).send()
      }
      reply
        .header('content-type', contentTypeOf(key))
        .header('accept-ranges', 'bytes')
        .header('cache-control', cacheControl)
        .header('x-content-type-options', 'nosniff')
      const range = parseRange(request.headers.range, size)
      if (range === 'invalid') {
        // the error is JSON, not audio: sending an object under an audio content type would fail as a 500
        return reply
          .status(416)
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-range', `bytes */${size}`)
          .send(errorBody(ERROR_CODES.validation, API_ERROR_TEXTS.rangeNotSatisfiable))
      }
      if (range) {
        return reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', range.end - range.start + 1)
          .send(storage.read(key, range))
      }
      return reply.status(200).header('content-length', size).send(storage.read(key))
    },
  )
}
