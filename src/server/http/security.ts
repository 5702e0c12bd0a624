import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import { ERROR_CODES } from '#shared/api-error.ts'
import { errorBody } from './errors.ts'

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export async function registerSecurity(app: FastifyInstance, { trustedOrigins, secure }: { trustedOrigins: string[]; secure: boolean }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and sonner position elements with inline style attributes; no inline script is ever allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: secure ? { maxAge: 15552000 } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })

  // Cookies are SameSite=Lax; the Origin check stops any other site from making state-changing API calls.
  const allowed = new Set(trustedOrigins)
  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith('/api/')) return
    const origin = request.headers.origin
    if (!origin || !allowed.has(origin)) {
      return reply.status(403).send(errorBody(ERROR_CODES.forbidden, 'Request origin is not allowed'))
    }
  })
}
