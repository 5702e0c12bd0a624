import type { FastifyInstance } from 'fastify'

type Options = {
  app: FastifyInstance
  /** SIGTERM or SIGINT, for the log */
  signal: string
  /** how long running requests and jobs may take to finish (SHUTDOWN_GRACE_SECONDS) */
  graceSeconds: number
  /** closes the pool and stops the embedded PostgreSQL when there is one */
  stopDatabase: () => Promise<void>
  say: (line: string) => void
}

/** beyond the grace, what closing the database and the embedded PostgreSQL may take before the process gives up */
const DATABASE_STOP_MS = 10_000

/**
 * How an instance stops on SIGTERM or SIGINT, so that a proxy in front of several loses nothing:
 * - it accepts no new connection, and answers 503 to a request that still arrives on an open one;
 * - every live socket is closed with 1001 (going away), and its tab reconnects, through the proxy, to another
 *   instance (see realtime.routes.ts);
 * - requests already running get `graceSeconds` to finish; those still running then are cut off;
 * - the job queue fetches no more jobs; running jobs get the same grace, and those still running then are handed
 *   back to the queue, for another instance (or the next start) to run at once, not a lease later;
 * - then the database closes and the embedded PostgreSQL stops.
 * Answers the exit code: 0 when all that happened, 1 when it had to give up.
 */
export async function drainAndStop({ app, signal, graceSeconds, stopDatabase, say }: Options): Promise<number> {
  const graceMs = graceSeconds * 1000
  say(`${signal}: stopping (running requests and jobs get up to ${graceSeconds} s)`)
  const cutOff = setTimeout(() => app.server.closeAllConnections(), graceMs)
  const stopped = (async () => {
    await Promise.all([app.jobs.stop({ graceMs }), app.close()])
    clearTimeout(cutOff)
    await stopDatabase()
  })()
  const timedOut = new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), graceMs + DATABASE_STOP_MS).unref())
  try {
    if ((await Promise.race([stopped, timedOut])) === 'timed out') {
      say(`could not stop within ${graceSeconds + DATABASE_STOP_MS / 1000} s; exiting anyway`)
      return 1
    }
  } catch (error) {
    say(`stopping failed: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  } finally {
    clearTimeout(cutOff)
  }
  say('stopped')
  return 0
}
