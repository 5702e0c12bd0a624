/**
 * Errors that say the database cannot be reached right now (decision 217), as opposed to a statement that failed:
 * its server restarting or failing over ends every connection (57P01 admin_shutdown, 57P02 crash_shutdown), refuses
 * new ones while it starts (57P03 cannot_connect_now) or not at all (ECONNREFUSED), and a connection can break under a
 * statement (ECONNRESET, or node-postgres's own "terminated" errors, which carry no code). A request that meets one is
 * answered 503, and the pool connects again by itself once the database is back.
 */
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
])
/** node-postgres's and pg-pool's errors for a connection that broke or could not be made in time */
const UNAVAILABLE_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'timeout expired',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
])

/** What a 503 for a database that is away asks the client to wait: about as long as a restart takes. */
export const DATABASE_RETRY_AFTER_SECONDS = '5'

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>()
  for (let current = error; current instanceof Error && !seen.has(current); current = causeOf(current)) {
    seen.add(current)
    const code = (current as { code?: unknown }).code
    // SQLSTATE class 08: connection exceptions
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true
    if (UNAVAILABLE_MESSAGES.has(current.message)) return true
  }
  return false
}

/**
 * The error under one that wraps a database error: drizzle's failed query (which has its `query`) and pg-pool's
 * connection timeout. Other wrappers are not looked into: a `fetch failed` over a refused connection is another
 * server's (a speech engine's, a push service's), not the database's.
 */
function causeOf(error: Error): unknown {
  const wrapsDatabaseError =
    typeof (error as { query?: unknown }).query === 'string' || error.message === 'Connection terminated due to connection timeout'
  return wrapsDatabaseError ? error.cause : undefined
}
