import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ValidationError } from './errors.ts'

export const NUL_REFUSED = 'Text must not contain the NUL character (\\u0000)'

/** Whether any string in a parsed value (object keys included) holds a NUL character. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (value === null || typeof value !== 'object' || depth > 64) return false
  if (Buffer.isBuffer(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return false
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1))
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1))
}

/** Auth routes keep their body as raw bytes for Better Auth: a JSON body is read here only to look for NULs. */
function rawJsonContainsNul(request: FastifyRequest): boolean {
  if (!Buffer.isBuffer(request.body) || !String(request.headers['content-type'] ?? '').includes('json')) return false
  try {
    return containsNul(JSON.parse(request.body.toString('utf8')))
  } catch {
    return false // not JSON: Better Auth answers that itself
  }
}

/**
 * PostgreSQL cannot store a NUL in text, and refuses it with an error that would surface as a 500. One check for
 * every route, auth included, turns it into a 400 before any handler runs: path parameters, query and JSON body.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body) || rawJsonContainsNul(request)) {
      throw new ValidationError(NUL_REFUSED)
    }
  })
}
