import { randomUUID } from 'node:crypto'
import type { Socket } from 'node:net'
import type { FastifyBaseLogger } from 'fastify'
import type pg from 'pg'
import type { WebSocket } from 'ws'
import { ACCOUNT_DISABLED_CLOSE_REASON, realtimeEventSchema, SESSION_ENDED_CLOSE_CODE, type RealtimeEvent } from '#shared/realtime.ts'
import { SESSIONS_CHANNEL, type SessionCache } from '#server/auth/session-cache.ts'
import type { Database } from '#server/db/client.ts'
import { createListener } from '#server/db/listener.ts'
import { createPresenceTracker } from './realtime.presence.ts'
import { disabledAmong, liveSessionIds } from './realtime.queries.ts'
import {
  deliverLocally,
  envelopesOf,
  ownNotificationPrefix,
  REALTIME_CHANNEL,
  type RealtimeEnvelope,
  type RealtimeNotification,
} from './realtime.publisher.ts'

/** events go out as text frames (JSON), though encoded to bytes once */
const TEXT_FRAME = { binary: false } as const
const RESYNC_EVENT = JSON.stringify({ type: 'resync' } satisfies RealtimeEvent)

/**
 * Holds this instance's sockets by user and one LISTEN connection to PostgreSQL. Every instance on the
 * same database hears every NOTIFY and delivers it to its own sockets, so several instances behave as one.
 * It also records who has a socket open here, so that any instance can tell who is online (decision 24).
 * An event published on this instance reaches its own sockets straight after its commit, and its NOTIFY (tagged with
 * this instance's id) only the other instances (decision 154). The same connection hears which people's sessions
 * ended or accounts changed, and the sessions this instance keeps for them are forgotten (decision 189).
 */
export function createRealtimeHub({
  pool,
  db,
  log,
  sessions,
}: {
  pool: pg.Pool
  db: Database
  log: FastifyBaseLogger
  /** the sessions this instance keeps: kept only while this hub listens */
  sessions: SessionCache
}) {
  const socketsByUser = new Map<string, Set<WebSocket>>()
  /** the TCP connection under each WebSocket, corked while a burst of events is written to it */
  const connectionOf = new Map<WebSocket, Socket>()
  /** connections delivered to since the last flush: each is uncorked once */
  const corked = new Set<Socket>()
  /** the session each socket was opened with: the socket lives no longer than it (decision 44) */
  const sessionOf = new Map<WebSocket, string>()
  /** whose each socket is: a session ended because the owner disabled its person says so as it closes */
  const userOf = new Map<WebSocket, string>()
  const instanceId = randomUUID()
  const presence = createPresenceTracker({
    db,
    log,
    instanceId,
    connectionsOf: (userId) => socketsByUser.get(userId)?.size ?? 0,
  })

  /**
   * Sends the event (its JSON) to every open socket of these people: encoded once, whatever the number of sockets
   * (decision 115). A socket's connection is corked at its first event and uncorked once the code that delivers has run
   * (a microtask), so a burst to one socket (a commit's events, or the notifications of one read from PostgreSQL)
   * leaves in one `writev` (decision 178), and before anything else this turn writes, such as the HTTP reply of the
   * change. Frames keep their order; ws buffers what the connection cannot take yet, as without the cork.
   */
  function deliver(to: string[], encoded: string) {
    const message = Buffer.from(encoded)
    for (const userId of to) {
      const sockets = socketsByUser.get(userId)
      if (!sockets) continue
      for (const socket of sockets) {
        if (socket.readyState !== socket.OPEN) continue
        const connection = connectionOf.get(socket)
        if (connection && !corked.has(connection)) {
          if (corked.size === 0) queueMicrotask(uncorkAll)
          corked.add(connection)
          connection.cork()
        }
        socket.send(message, TEXT_FRAME)
      }
    }
  }

  function uncorkAll() {
    for (const connection of corked) connection.uncork()
    corked.clear()
  }

  /** After a commit on this instance: a failure to send must not fail the request whose change did commit. */
  function deliverHere(to: string[], encoded: string) {
    try {
      deliver(to, encoded)
    } catch (error) {
      log.warn({ err: error }, 'realtime: local delivery failed')
    }
  }
  const stopLocalDelivery = deliverLocally(db, { instanceId, deliver: deliverHere })
  const ownPrefix = ownNotificationPrefix(instanceId)

  function heard(payload: string | undefined) {
    // published here: delivered to this instance's sockets at its commit already, so not even parsed
    if (!payload || payload.startsWith(ownPrefix)) return
    let envelopes: RealtimeEnvelope[]
    try {
      // one event, or a transaction's events (decision 182): each is checked before any is delivered
      envelopes = envelopesOf(JSON.parse(payload) as RealtimeNotification).map((envelope) => {
        if (!Array.isArray(envelope.to)) throw new Error('a notification without recipients')
        return { to: envelope.to, event: realtimeEventSchema.parse(envelope.event) }
      })
    } catch (error) {
      log.warn({ err: error }, 'realtime: ignored a malformed notification')
      return
    }
    for (const envelope of envelopes) deliver(envelope.to, JSON.stringify(envelope.event))
  }

  /**
   * A person's session ended or their account changed (SESSIONS_CHANNEL's payload is their id): the sessions kept for
   * them are forgotten. Their sockets here are left to this instance's own sweep after a request that ends sessions, and
   * to the heartbeat: closing one at once would race the new cookie of a password change, which reaches the browser
   * with the change's answer, after the notification of the sessions it ended.
   */
  function sessionsChanged(userId: string | undefined) {
    if (userId) sessions.forgetPerson(userId)
  }

  /**
   * The listener lost its connection (the database restarted or failed over) and listens again: what other instances
   * published meanwhile never reached this one, so every socket here is told to refetch (decision 217). Not at the
   * first listen: no socket is open before it.
   */
  let lostListener = false
  function listenerState(listening: boolean) {
    sessions.setListening(listening)
    if (!listening) {
      lostListener = true
      return
    }
    if (!lostListener) return
    lostListener = false
    deliverHere([...socketsByUser.keys()], RESYNC_EVENT)
  }

  const listener = createListener({
    pool,
    channels: { [REALTIME_CHANNEL]: heard, [SESSIONS_CHANNEL]: sessionsChanged },
    log,
    what: 'realtime',
    onState: listenerState,
  })

  return {
    start: listener.start,

    /** `connection`: the TCP connection the socket was upgraded from (the request's), which delivery corks. */
    add(userId: string, sessionId: string, socket: WebSocket, connection: Socket) {
      const set = socketsByUser.get(userId) ?? new Set<WebSocket>()
      set.add(socket)
      socketsByUser.set(userId, set)
      sessionOf.set(socket, sessionId)
      userOf.set(socket, userId)
      connectionOf.set(socket, connection)
      void presence.changed(userId)
      socket.on('close', () => {
        sessionOf.delete(socket)
        userOf.delete(socket)
        connectionOf.delete(socket)
        set.delete(socket)
        if (set.size === 0 && socketsByUser.get(userId) === set) socketsByUser.delete(userId)
        void presence.changed(userId)
      })
    },

    /** Called with the heartbeat: keeps this instance's presence rows alive and sweeps those of crashed instances. */
    refreshPresence(): Promise<void> {
      return presence.refresh([...socketsByUser.keys()])
    },

    /** This instance's open sockets of one person (the per-person cap counts them). */
    socketsOf(userId: string): number {
      return socketsByUser.get(userId)?.size ?? 0
    },

    /**
     * Closes every socket whose session no longer exists or has expired. Runs with the heartbeat, and at once on this
     * instance after a request that can end sessions (sign-out, password reset, revoking sessions).
     */
    async closeEndedSessions(): Promise<number> {
      const sessionIds = [...new Set(sessionOf.values())]
      if (sessionIds.length === 0) return 0
      const live = new Set(await liveSessionIds(db, sessionIds))
      const ended = [...sessionOf].filter(([, sessionId]) => !live.has(sessionId)).map(([socket]) => socket)
      if (ended.length === 0) return 0
      // the page says why it was signed out when the owner disabled the account (decision 211)
      const disabled = new Set(await disabledAmong(db, [...new Set(ended.map((socket) => userOf.get(socket) ?? ''))]))
      for (const socket of ended) {
        sessionOf.delete(socket)
        const userId = userOf.get(socket)
        socket.close(SESSION_ENDED_CLOSE_CODE, userId && disabled.has(userId) ? ACCOUNT_DISABLED_CLOSE_REASON : 'session ended')
      }
      return ended.length
    },

    connectionCount(): number {
      let count = 0
      for (const set of socketsByUser.values()) count += set.size
      return count
    },

    async close() {
      stopLocalDelivery()
      for (const set of socketsByUser.values()) for (const socket of set) socket.close(1001, 'server shutting down')
      socketsByUser.clear()
      connectionOf.clear()
      uncorkAll()
      await presence.close()
      await listener.close()
    },
  }
}
export type RealtimeHub = ReturnType<typeof createRealtimeHub>
