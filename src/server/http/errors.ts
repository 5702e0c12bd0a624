import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { API_ERROR_TEXTS, type ApiError } from '#shared/api-error.ts'
import { DISK_TEXTS } from '#shared/disk.ts'
import { ERROR_CODES } from '#shared/error-codes.ts'
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '#server/db/unavailable.ts'
import { reasonOf } from '#shared/error-reasons.ts'

/** Typed domain errors thrown by services; one handler maps them to status codes. */
export class DomainError extends Error {
  readonly status: number
  readonly code: string
  constructor(status: number, code: string, message: string) {
    super(message)
    this.status = status
    this.code = code
  }
}
export class NotFoundError extends DomainError {
  constructor(message = 'Not found') {
    super(404, ERROR_CODES.notFound, message)
  }
}
export class UnauthorizedError extends DomainError {
  constructor(message = 'Not authenticated') {
    super(401, ERROR_CODES.unauthorized, message)
  }
}
export class ForbiddenError extends DomainError {
  constructor(message = 'Forbidden') {
    super(403, ERROR_CODES.forbidden, message)
  }
}
export class ConflictError extends DomainError {
  constructor(message: string, code: string = ERROR_CODES.conflict) {
    super(409, code, message)
  }
}
/** What was asked for existed and is gone for good (a person who deleted their account); the `code` tells which. */
export class GoneError extends DomainError {
  constructor(message: string, code: string) {
    super(410, code, message)
  }
}
export class ValidationError extends DomainError {
  constructor(message: string) {
    super(400, ERROR_CODES.validation, message)
  }
}
export class PayloadTooLargeError extends DomainError {
  constructor(message: string, code: string = ERROR_CODES.tooLarge) {
    super(413, code, message)
  }
}
/** Something this instance needs is missing (no speech engine, say); the `code` tells the client which. */
export class ServiceUnavailableError extends DomainError {
  constructor(message: string, code: string) {
    super(503, code, message)
  }
}

/** 507 Insufficient Storage: Hearth is at its floor (or a write met a full disk); nothing of the request was kept. */
export class DiskFullError extends DomainError {
  constructor() {
    super(507, ERROR_CODES.diskFull, DISK_TEXTS.full)
  }
}

/** PostgreSQL's `disk_full` (could not extend a file) */
const PG_DISK_FULL = '53100'
const NO_SPACE_CODES = new Set(['ENOSPC', 'EDQUOT', PG_DISK_FULL])

/**
 * Whether an error (or the error it wraps: drizzle wraps PostgreSQL's in its own) says the disk is full: ENOSPC or a
 * quota from a write, or PostgreSQL's disk_full.
 */
export function isNoSpaceError(error: unknown): boolean {
  for (let at = error, depth = 0; at && typeof at === 'object' && depth < 5; at = (at as { cause?: unknown }).cause, depth++) {
    const code = (at as { code?: unknown }).code
    if (typeof code === 'string' && NO_SPACE_CODES.has(code)) return true
    // sharp and ffmpeg say it only in words
    if (/no space left on device/i.test(String((at as { message?: unknown }).message))) return true
  }
  return false
}

/** The app's error shape; `reason` names the refusal when the message is one of the shared refusals (#shared/error-reasons.ts). */
export const errorBody = (code: string, message: string, reason = reasonOf(message)): ApiError => ({
  error: reason ? { code, message, reason } : { code, message },
})

/**
 * Errors Fastify meets before any route runs (a URL that is not valid percent-encoding, a path parameter longer
 * than the router takes) get the app's error shape too, instead of Fastify's own.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, _request, reply) => {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'The address is too long' : 'The address is not valid'
  void (reply as FastifyReply).status(status).send(errorBody(ERROR_CODES.validation, message))
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      return reply.status(error.status).send(errorBody(error.code, error.message))
    }
    // a write that met a full disk (a file, or PostgreSQL's own): the same 507 as the floor's, never a 500
    if (isNoSpaceError(error)) {
      request.log.warn({ err: error }, 'disk full: a write was refused')
      return reply.status(507).send(errorBody(ERROR_CODES.diskFull, DISK_TEXTS.full))
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0]
      const where = first?.instancePath ? `${first.instancePath.slice(1).replace(/\//g, '.')}: ` : ''
      const message = first?.message ?? API_ERROR_TEXTS.invalidRequest
      // a schema's own words (a uuid check that says "not found") keep their reason behind the field's name
      return reply.status(400).send(errorBody(ERROR_CODES.validation, `${where}${message}`, reasonOf(message)))
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error.statusCode === 400 && error instanceof SyntaxError)) {
      return reply.status(400).send(errorBody(ERROR_CODES.badJson, API_ERROR_TEXTS.badJson))
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(errorBody(ERROR_CODES.tooLarge, API_ERROR_TEXTS.tooLarge))
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(errorBody(ERROR_CODES.validation, API_ERROR_TEXTS.unsupportedType))
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(errorBody(ERROR_CODES.rateLimited, API_ERROR_TEXTS.rateLimited))
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && !isResponseSerializationError(error)) {
      return reply.status(error.statusCode).send(errorBody(error.code ?? ERROR_CODES.validation, error.message))
    }
    // the database restarts or fails over: said at once and calmly, and the pool connects again by itself (decision 217)
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable')
      return reply
        .status(503)
        .header('retry-after', DATABASE_RETRY_AFTER_SECONDS)
        .send(errorBody(ERROR_CODES.databaseUnavailable, API_ERROR_TEXTS.databaseUnavailable))
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.status(500).send(errorBody(ERROR_CODES.internal, API_ERROR_TEXTS.internal))
  })
}
