import websocket from '@fastify/websocket'
import type { FastifyPluginAsync } from 'fastify'
import { REALTIME_PATH, REALTIME_TEXTS } from '#shared/realtime.ts'
import type { SessionReader } from '#server/auth/session.ts'
import { errorBody } from '#server/http/errors.ts'
import { ERROR_CODES } from '#shared/error-codes.ts'
import type { RealtimeHub } from './realtime.hub.ts'

const HEARTBEAT_MS = 30_000
const GOING_AWAY = 1001

/**
 * GET /api/realtime upgrades to a WebSocket for a signed-in browser tab. The session cookie
 * authenticates it; the Origin must be ours, so that another site cannot open a socket with the
 * visitor's cookie. The server only sends; messages from the client are ignored. A socket lives no
 * longer than its session, and one person holds at most `socketsPerPerson` on an instance (decision 44).
 */
export const realtimeRoutes: FastifyPluginAsync<{
  readSession: SessionReader
  hub: RealtimeHub
  publicOrigin: string
  socketsPerPerson: number
}> = async (app, { readSession, hub, publicOrigin, socketsPerPerson }) => {
  await hub.start()
  // At shutdown every socket is told 1001 (going away) before @fastify/websocket's own close (which gives no code):
  // its tab reconnects, through the proxy, to an instance that still runs (see shutdown.ts).
  app.addHook('preClose', async () => {
    for (const client of app.websocketServer.clients) client.close(GOING_AWAY, 'server shutting down')
  })
  await app.register(websocket, { options: { maxPayload: 1024 } })

  const heartbeat = setInterval(() => {
    for (const client of app.websocketServer.clients) {
      const alive = client as typeof client & { isAlive?: boolean }
      if (alive.isAlive === false) {
        client.terminate()
        continue
      }
      alive.isAlive = false
      client.ping()
    }
    void hub.refreshPresence()
    // sessions that ended elsewhere (another instance, or simply expired) lose their sockets here
    hub.closeEndedSessions().catch((error: unknown) => app.log.warn({ err: error }, 'realtime: session sweep failed'))
  }, HEARTBEAT_MS)
  heartbeat.unref()

  app.addHook('onClose', async () => {
    clearInterval(heartbeat)
    await hub.close()
  })

  /** the session each upgrade was authenticated with, from preValidation to the socket handler */
  const sessionIds = new WeakMap<object, string>()

  app.get(
    REALTIME_PATH,
    {
      websocket: true,
      preValidation: async (request, reply) => {
        if (request.headers.origin !== publicOrigin) {
          return reply.status(403).send(errorBody(ERROR_CODES.forbidden, 'Cross-origin request refused'))
        }
        const session = await readSession(request)
        if (!session) return reply.status(401).send(errorBody(ERROR_CODES.unauthorized, 'Not authenticated'))
        if (hub.socketsOf(session.user.id) >= socketsPerPerson) {
          return reply.status(429).send(errorBody(ERROR_CODES.rateLimited, REALTIME_TEXTS.tooManySockets))
        }
        request.user = session.user
        sessionIds.set(request, session.sessionId)
      },
    },
    (socket, request) => {
      const alive = socket as typeof socket & { isAlive?: boolean }
      alive.isAlive = true
      socket.on('pong', () => {
        alive.isAlive = true
      })
      const sessionId = sessionIds.get(request)
      if (request.user && sessionId) hub.add(request.user.id, sessionId, socket, request.raw.socket)
      else socket.close(1011, 'no session')
    },
  )
}
