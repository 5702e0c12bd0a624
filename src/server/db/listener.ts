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
 * One pooled connection held for LISTEN on some channels: each notification's payload goes to its channel's handler.
 * When the connection is lost (or cannot be had), it tries again after half a second, doubling up to ten. `onState`
 * hears every change between listening and not: a notification sent while nobody listened is lost, so the caller
 * catches up (or stops trusting what it heard) there. The realtime hub holds one (for events and for sessions:
 * decision 189), and so does an instance that runs jobs (decision 185).
 */
export function createListener({
  pool,
  channels,
  log,
  what,
  onState,
}: {
  pool: pg.Pool
  /** by channel, what to do with its notifications; each name is a fixed identifier (written into LISTEN unquoted) */
  channels: Record<string, (payload: string | undefined) => void>
  log: FastifyBaseLogger
  /** how the log names the listener's owner ('realtime', 'jobs') */
  what: string
  /** true once every channel is listened to, false when the connection is lost or closed */
  onState?: (listening: boolean) => void
}): Listener {
  let client: pg.PoolClient | null = null
  let closed = false
  let retryDelay = RETRY_FIRST_MS
  let retryTimer: NodeJS.Timeout | undefined

  async function listen(): Promise<void> {
    if (closed) return
    let connection: pg.PoolClient | null = null
    try {
      connection = await pool.connect()
      const mine = connection
      client = mine
      mine.on('notification', (message) => channels[message.channel]?.(message.payload))
      mine.on('error', (error) => {
        if (client !== mine) return
        client = null
        onState?.(false)
        log.warn({ err: error }, `${what}: listener connection lost, reconnecting`)
        mine.release(true)
        scheduleRetry()
      })
      for (const channel of Object.keys(channels)) await mine.query(`LISTEN ${channel}`)
      if (client !== mine) return
      retryDelay = RETRY_FIRST_MS
      onState?.(true)
    } catch (error) {
      log.warn({ err: error }, `${what}: could not listen, retrying`)
      onState?.(false)
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
      onState?.(false)
      if (!client) return
      const connection = client
      client = null
      await connection.query('UNLISTEN *').catch(() => undefined)
      connection.removeAllListeners('notification')
      connection.release()
    },
  }
}
