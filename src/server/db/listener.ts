import type { FastifyBaseLogger } from 'fastify'
import type pg from 'pg'

const RETRY_FIRST_MS = 500
const RETRY_MAX_MS = 10_000

export type Listener = {
  /** Opens the connection and LISTENs; answers once it listens or has failed (it then keeps trying). */
  start(): Promise<void>
  /** Stops listening and gives the connection back. */
  close(): Promise<void>
}

/**
 * One pooled connection held for LISTEN on `channel`: each notification's payload goes to `heard`. When the
 * connection is lost (or cannot be had), it tries again after half a second, doubling up to ten. A notification sent
 * while nobody listened is lost, so `onListening` runs each time it listens again after a loss, for the caller to
 * catch up. The realtime hub holds one, and so does an instance that runs jobs (decision 185).
 */
export function createListener({
  pool,
  channel,
  log,
  what,
  heard,
  onListening,
}: {
  pool: pg.Pool
  /** a fixed identifier (it is written into LISTEN unquoted) */
  channel: string
  log: FastifyBaseLogger
  /** how the log names the listener's owner ('realtime', 'jobs') */
  what: string
  heard: (payload: string | undefined) => void
  onListening?: () => void
}): Listener {
  let client: pg.PoolClient | null = null
  let closed = false
  let lost = false
  let retryDelay = RETRY_FIRST_MS
  let retryTimer: NodeJS.Timeout | undefined

  async function listen(): Promise<void> {
    if (closed) return
    let connection: pg.PoolClient | null = null
    try {
      connection = await pool.connect()
      const mine = connection
      client = mine
      mine.on('notification', (message) => {
        if (message.channel === channel) heard(message.payload)
      })
      mine.on('error', (error) => {
        if (client !== mine) return
        client = null
        lost = true
        log.warn({ err: error }, `${what}: listener connection lost, reconnecting`)
        mine.release(true)
        scheduleRetry()
      })
      await mine.query(`LISTEN ${channel}`)
      retryDelay = RETRY_FIRST_MS
      if (lost) {
        lost = false
        onListening?.()
      }
    } catch (error) {
      log.warn({ err: error }, `${what}: could not listen, retrying`)
      lost = true
      if (connection && client === connection) {
        client = null
        connection.release(true)
      }
      scheduleRetry()
    }
  }

  function scheduleRetry() {
    if (closed || retryTimer) return
    retryTimer = setTimeout(() => {
      retryTimer = undefined
      void listen()
    }, retryDelay)
    retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS)
  }

  return {
    start: listen,
    async close() {
      closed = true
      clearTimeout(retryTimer)
      if (!client) return
      const connection = client
      client = null
      await connection.query(`UNLISTEN ${channel}`).catch(() => undefined)
      connection.removeAllListeners('notification')
      connection.release()
    },
  }
}
