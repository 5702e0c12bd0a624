import websocket from '@fastify/websocket'
import type { FastifyPluginAsync } from 'fastify'
import type pg from 'pg'
import { REALTIME_PATH } from '#shared/realtime.ts'
import type { Auth } from '../auth/auth.ts'
import type { Database } from '../db/client.ts'
import { readSessionUser } from '../auth/session.ts'
import { errorBody } from '../http/errors.ts'
import { ERROR_CODES } from '#shared/api-error.ts'
import { createRealtimeHub } from './realtime.hub.ts'

const HEARTBEAT_MS = 30_000

/**
 * GET /api/realtime upgrades to a WebSocket for a signed-in browser tab. The session cookie
 * authenticates it; the Origin must be ours, so that another site cannot open a socket with the
 * visitor's cookie. The server only sends; messages from the client are ignored.
 */
export const realtimeRoutes: FastifyPluginAsync<{ auth: Auth; pool: pg.Pool; db: Database; publicOrigin: string }> = async (
  app,
  { auth, pool, db, publicOrigin },
) => {
  const hub = createRealtimeHub({ pool, db, log: app.log })
  await hub.start()
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
  }, HEARTBEAT_MS)
  heartbeat.unref()

  app.addHook('onClose', async () => {
    clearInterval(heartbeat)
    await hub.close()
  })

  app.get(
    REALTIME_PATH,
    {
      websocket: true,
      preValidation: async (request, reply) => {
        if (request.headers.origin !== publicOrigin) {
          return reply.status(403).send(errorBody(ERROR_CODES.forbidden, 'Cross-origin request refused'))
        }
        request.user = await readSessionUser(auth, request)
        if (!request.user) return reply.status(401).send(errorBody(ERROR_CODES.unauthorized, 'Not authenticated'))
      },
    },
    (socket, request) => {
      const alive = socket as typeof socket & { isAlive?: boolean }
      alive.isAlive = true
      socket.on('pong', () => {
        alive.isAlive = true
      })
      if (request.user) hub.add(request.user.id, socket)
    },
  )
}
