import type { FastifyBaseLogger } from 'fastify'
import type pg from 'pg'

const RETRY_FIRST_MS = 500
const RETRY_MAX_MS = 10_000
/** How the listening connection names itself in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'hearth listener'

export type Listener = {
  /** Listens on its channels; answers once it listens or has failed (the connection then keeps trying). */
  start(): Promise<void>
  /** Stops listening on its channels; the connection goes back to the pool once no listener of the pool is left. */
  close(): Promise<void>
}

type Handler = (payload: string | undefined) => void
type Subscriber = {
  channels: Record<string, Handler>
  onState?: (listening: boolean) => void
  log: FastifyBaseLogger
  what: string
  listening: boolean
}

/** The one connection of a pool held for LISTEN, and everyone listening through it. */
type Connection = {
  subscribers: Set<Subscriber>
  client: pg.PoolClient | null
  /** the channels LISTENed to on `client` */
  listened: Set<string>
  retryDelay: number
  retryTimer: NodeJS.Timeout | undefined
  /** every change to the connection runs after the one before, so that LISTEN and UNLISTEN never interleave */
  work: Promise<void>
  /** takes this module's handlers off `client`, before it goes back to the pool */
  detach: () => void
}

const connections = new WeakMap<pg.Pool, Connection>()

/**
 * Listens on some channels: each notification's payload goes to its channel's handler. Every listener made on one pool
 * shares one pooled connection (decision 191): PostgreSQL wakes every listening connection of a database at each
 * NOTIFY, whatever its channels, so a second connection would be woken, and would take a core, for every realtime event
 * to find nothing for it. When the connection is lost (or cannot be had), it tries again after half a second, doubling
 * up to ten. `onState` hears every change between listening and not: a notification sent while nobody listened is
 * lost, so the caller catches up (or stops trusting what it heard) there. The realtime hub listens (for events and for
 * sessions: decision 189), and so does an instance that runs jobs (decision 185).
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
  channels: Record<string, Handler>
  log: FastifyBaseLogger
  /** how the log names the listener's owner ('realtime', 'jobs') */
  what: string
  /** true once every channel is listened to, false when the connection is lost or the listener closed */
  onState?: (listening: boolean) => void
}): Listener {
  let connection = connections.get(pool)
  if (!connection) {
    connection = {
      subscribers: new Set(),
      client: null,
      listened: new Set(),
      retryDelay: RETRY_FIRST_MS,
      retryTimer: undefined,
      work: Promise.resolve(),
      detach: () => undefined,
    }
    connections.set(pool, connection)
  }
  const shared = connection
  const subscriber: Subscriber = { channels, onState, log, what, listening: false }

  return {
    start() {
      shared.subscribers.add(subscriber)
      return reconcile(pool, shared)
    },
    async close() {
      if (!shared.subscribers.delete(subscriber)) return
      subscriber.listening = false
      onState?.(false)
      await reconcile(pool, shared)
    },
  }
}

/** Brings the connection in line with its listeners, after whatever change to it is under way. */
function reconcile(pool: pg.Pool, shared: Connection): Promise<void> {
  shared.work = shared.work.then(() => applyListeners(pool, shared))
  return shared.work
}

async function applyListeners(pool: pg.Pool, shared: Connection): Promise<void> {
  const wanted = new Set([...shared.subscribers].flatMap((subscriber) => Object.keys(subscriber.channels)))
  if (wanted.size === 0) return release(shared)
  try {
    const client = shared.client ?? (await connect(pool, shared))
    for (const channel of wanted) {
      if (shared.listened.has(channel)) continue
      await client.query(`LISTEN ${channel}`)
      shared.listened.add(channel)
    }
    for (const channel of shared.listened) {
      if (wanted.has(channel)) continue
      await client.query(`UNLISTEN ${channel}`)
      shared.listened.delete(channel)
    }
    if (shared.client !== client) return
    shared.retryDelay = RETRY_FIRST_MS
    for (const subscriber of shared.subscribers) {
      if (subscriber.listening) continue
      subscriber.listening = true
      subscriber.onState?.(true)
    }
  } catch (error) {
    lost(pool, shared, error, 'could not listen, retrying')
  }
}

async function connect(pool: pg.Pool, shared: Connection): Promise<pg.PoolClient> {
  const client = await pool.connect()
  const onNotification = (message: pg.Notification) => {
    for (const subscriber of shared.subscribers) subscriber.channels[message.channel]?.(message.payload)
  }
  // a lost client is destroyed with this still on it: an error after that finds it no longer current
  const onError = (error: Error) => {
    if (shared.client === client) lost(pool, shared, error, 'listener connection lost, reconnecting')
  }
  client.on('notification', onNotification)
  client.on('error', onError)
  shared.client = client
  shared.listened.clear()
  shared.detach = () => {
    client.off('notification', onNotification)
    client.off('error', onError)
  }
  await client.query(`SET application_name = '${LISTENER_APPLICATION_NAME}'`)
  return client
}

/** The connection is gone or could not be had: everyone hears it at once, and it is tried again after a while. */
function lost(pool: pg.Pool, shared: Connection, error: unknown, message: string) {
  const client = shared.client
  shared.client = null
  shared.listened.clear()
  client?.release(true)
  const [first] = shared.subscribers
  first?.log.warn({ err: error }, `${[...shared.subscribers].map((s) => s.what).join(' and ')}: ${message}`)
  for (const subscriber of shared.subscribers) {
    if (!subscriber.listening) continue
    subscriber.listening = false
    subscriber.onState?.(false)
  }
  if (shared.retryTimer || shared.subscribers.size === 0) return
  shared.retryTimer = setTimeout(() => {
    shared.retryTimer = undefined
    void reconcile(pool, shared)
  }, shared.retryDelay)
  shared.retryDelay = Math.min(shared.retryDelay * 2, RETRY_MAX_MS)
}

/** Nobody listens any more: the connection goes back to the pool as it came. */
async function release(shared: Connection): Promise<void> {
  clearTimeout(shared.retryTimer)
  shared.retryTimer = undefined
  shared.retryDelay = RETRY_FIRST_MS
  const client = shared.client
  if (!client) return
  shared.client = null
  shared.listened.clear()
  await client.query('UNLISTEN *').catch(() => undefined)
  await client.query('RESET application_name').catch(() => undefined)
  shared.detach()
  client.release()
}
