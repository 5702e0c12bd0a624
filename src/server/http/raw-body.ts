import { createWriteStream } from 'node:fs'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import { PayloadTooLargeError, ValidationError } from './errors.ts'

/**
 * Routes that take a file as the raw body (audio uploads, live speech previews, and photos next): the body is
 * handed over as a stream whatever its declared type, so Fastify's 1 MB JSON limit does not apply and the
 * route enforces its own limit twice: on the declared length before a byte is read, and on the bytes as they
 * arrive. Call it in a plugin scope of its own: it replaces that scope's body parsers.
 */
export function acceptRawBody(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers()
  scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload))
}

/** The onRequest hook of a raw-body route: refuses a declared oversize body before reading a byte of it. */
export function refuseDeclaredOversize(maxBytes: number, message: string): onRequestAsyncHookHandler {
  return async (request) => {
    if (Number(request.headers['content-length'] ?? 0) > maxBytes) throw new PayloadTooLargeError(message)
  }
}

/** The body of a route in an `acceptRawBody` scope. */
export const rawBody = (request: FastifyRequest) => request.body as Readable | undefined

/**
 * Counts bytes as they pass. Past `limit` it stops writing and drops the rest instead of failing the
 * stream: destroying the request would reset the connection before the 413 answer reaches the client.
 */
function byteLimit(limit: number) {
  let seen = 0
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length
      done(null, seen > limit ? undefined : chunk)
    },
  })
  return { counter, bytes: () => seen, exceeded: () => seen > limit }
}

/**
 * Streams a raw body to `filePath` (never whole in memory, readable only by this process): 413 past
 * `maxBytes`, 400 when there is none or it is empty. Answers the number of bytes; the caller removes the file.
 */
export async function receiveRawBody(
  body: Readable | undefined,
  filePath: string,
  { maxBytes, tooLarge, empty }: { maxBytes: number; tooLarge: string; empty: string },
): Promise<number> {
  if (!body) throw new ValidationError(empty)
  const limit = byteLimit(maxBytes)
  await pipeline(body, limit.counter, createWriteStream(filePath, { mode: 0o600 }))
  if (limit.exceeded()) throw new PayloadTooLargeError(tooLarge)
  if (limit.bytes() === 0) throw new ValidationError(empty)
  return limit.bytes()
}
