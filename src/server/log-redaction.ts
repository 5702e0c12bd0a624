import type { FastifyBaseLogger, FastifyRequest, FastifyServerOptions } from 'fastify'

/**
 * Secrets must never reach a log line: a failed query's message carries its parameters, and the query
 * that looks a session up has the session token as its parameter. Drizzle writes them as a `params: …` line and keeps
 * them on the error as `params`; both go. Cookie and authorization headers are dropped wherever they are logged.
 */
const QUERY_PARAMS_LINE = /(^|\n)(\s*params: )[^\n]*/g
const REDACTED = '[redacted]'
const SECRET_KEYS = new Set(['params', 'cookie', 'authorization', 'set-cookie', 'token', 'password'])
/**
 * URLs carry credentials too: reset, confirmation, invitation and unsubscribe tokens and media signatures travel in
 * the query, and Better Auth's reset link has its token as the path segment after `/reset-password/`. Every query
 * value is redacted (the names stay, so a line still says what was asked), wherever a URL appears in a log line:
 * no list of credential names can go stale (decision 121).
 */
const QUERY_VALUE = /([?&][^=&?#\s"'<>]*=)[^&#\s"'<>]+/g
const RESET_PATH_TOKEN = /(\/reset-password\/)[^/?#\s"'<>]+/g

/** A URL (or any text holding one) with every query value and the reset link's token replaced. */
export function redactUrl(text: string): string {
  return text.replace(RESET_PATH_TOKEN, `$1${REDACTED}`).replace(QUERY_VALUE, `$1${REDACTED}`)
}

export function redactText(text: string): string {
  return redactUrl(text.replace(QUERY_PARAMS_LINE, `$1$2${REDACTED}`))
}

/** A copy of a serialized value with every string redacted and secret-named keys replaced; cycles end in '[cycle]'. */
export function redactValue(value: unknown, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactText(value)
  if (value === null || typeof value !== 'object') return value
  if (seen.has(value)) return '[cycle]'
  seen.add(value)
  if (Array.isArray(value)) return value.map((item) => redactValue(item, seen))
  const copy: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) copy[key] = SECRET_KEYS.has(key.toLowerCase()) ? REDACTED : redactValue(item, seen)
  return copy
}

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string }

/** An error as pino shows it (type, message, stack followed by its causes', own fields), then redacted. */
export function serializeError(error: Error): SerializedError {
  let stack = error.stack ?? ''
  const seen = new Set<unknown>([error])
  for (let cause = error.cause; cause instanceof Error && !seen.has(cause); cause = cause.cause) {
    seen.add(cause)
    stack += `\ncaused by: ${cause.stack ?? cause.message}`
  }
  const { cause: _cause, ...fields } = Object.fromEntries(Object.entries(error))
  const redactedFields = redactValue(fields) as Record<string, unknown>
  return { ...redactedFields, type: error.constructor.name, message: redactText(error.message), stack: redactText(stack) }
}

type LoggedRequest = Pick<FastifyRequest, 'method' | 'url' | 'host' | 'ip'> & { socket?: { remotePort?: number } }

/** A request as Fastify logs it (its `incoming request` line, error lines), with the URL redacted. */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}

/** The top-level strings of a log line's object (a custom `url` field, say); objects go through their serializers. */
function redactTopLevelStrings(object: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(object)) copy[key] = typeof value === 'string' ? redactText(value) : value
  return copy
}

/** Fastify logger options with the redaction added; `false` and `undefined` stay off. */
export function withLogRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false
  const base = logger === true ? {} : logger
  return {
    ...base,
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', 'headers.cookie'], censor: REDACTED },
    formatters: { ...('formatters' in base ? base.formatters : {}), log: redactTopLevelStrings },
    serializers: {
      ...('serializers' in base ? base.serializers : {}),
      req: serializeRequest,
      err: serializeError,
      error: serializeError,
      // the message itself, e.g. Fastify's `Route GET:/… not found`
      msg: (message: unknown) => (typeof message === 'string' ? redactText(message) : message),
    },
  }
}

type AuthLogLevel = 'debug' | 'info' | 'warn' | 'error'

/**
 * Better Auth's lines about a client's own mistake, which it writes at error level (and a hint at info) with the
 * client's text in them: a callbackURL, redirect or origin it does not trust, a cross-site form. Anyone could fill
 * the error log with words of their choosing; these are the client's mistakes, not the server's, so they become
 * warnings (the hint debug), cut to `CLIENT_TEXT_SHOWN` characters.
 */
const CLIENT_MISTAKE = /^(Invalid (origin|callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL)\b|Blocked cross-site navigation)/
const CLIENT_HINT = /^If it's a valid URL, please add /
export const CLIENT_TEXT_SHOWN = 120

/** The level and text a Better Auth line is logged with (see CLIENT_MISTAKE). */
function authLine(level: AuthLogLevel, message: string): { level: AuthLogLevel; text: string; clients: boolean } {
  const hint = CLIENT_HINT.test(message)
  if (!hint && !CLIENT_MISTAKE.test(message)) return { level, text: message, clients: false }
  const characters = Array.from(message)
  const text = characters.length > CLIENT_TEXT_SHOWN ? `${characters.slice(0, CLIENT_TEXT_SHOWN).join('')}…` : message
  return { level: hint ? 'debug' : 'warn', text, clients: true }
}

/**
 * Better Auth's own logger, which prints straight to the console by default (with the failed query's parameters),
 * sent through the server's logger instead.
 */
export function authLogger(log: Pick<FastifyBaseLogger, AuthLogLevel>) {
  return {
    log(level: AuthLogLevel, message: string, ...args: unknown[]) {
      const err = args.find((arg) => arg instanceof Error)
      const line = authLine(level, message)
      // a client mistake's further arguments repeat the client's text (the hint lists the trusted origins): dropped
      const details = line.clients ? [] : args.filter((arg) => arg !== err)
      log[line.level](
        { ...(err ? { err } : {}), ...(details.length ? { details: redactValue(details) } : {}) },
        `auth: ${redactText(line.text)}`,
      )
    },
  }
}
