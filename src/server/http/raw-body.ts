import { createWriteStream } from 'node:fs'
import { PassThrough, Transform, type Readable } from 'node:stream'
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
 * After a write failed (a full disk), what the client is still sending is read and dropped before the answer goes.
 * Otherwise the request stays paused, since Node does not drain a body that was being read: the client (or the proxy
 * in front, which sends the whole body before it reads an answer) blocks on a full TCP window and waits until its own
 * time-out (a minute, at nginx's defaults) instead of reading the 507; and a connection that closes after an early
 * answer may lose it. Past the route's own limit the connection is closed instead.
 */
function discardRest(body: Readable, allowance: number): Promise<void> {
  if (body.readableEnded || body.destroyed) return Promise.resolve()
  return new Promise((resolve) => {
    let left = allowance
    body.on('data', (chunk: Buffer) => {
      left -= chunk.length
      if (left < 0) body.destroy()
    })
    body.once('end', resolve)
    body.once('close', resolve)
    body.resume()
  })
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
  // the request goes through a stream of its own: a failed pipeline destroys that one and leaves the request whole
  const source = new PassThrough()
  const abort = () => source.destroy(new Error('the client ended the upload'))
  body.once('error', abort)
  body.once('close', () => !body.readableEnded && abort())
  body.pipe(source)
  try {
    await pipeline(source, limit.counter, createWriteStream(filePath, { mode: 0o600 }))
  } catch (error) {
    body.unpipe(source)
    await discardRest(body, maxBytes - limit.bytes())
    throw error
  }
  if (limit.exceeded()) throw new PayloadTooLargeError(tooLarge)
  if (limit.bytes() === 0) throw new ValidationError(empty)
  return limit.bytes()
}
