import { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'
import { ERROR_CODES } from '#shared/error-codes.ts'
import { errorBody } from './errors.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route accepts unsafe methods from any origin, because it authorizes by a signed token in the request and
     * never by the session cookie (the one-click unsubscribe of RFC 8058, posted by mail programs).
     */
    anyOrigin?: boolean
  }
}

/** Methods that never change anything; every other method must come from a trusted origin. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The app records voice in its own pages; no frame and no other feature of the browser is needed. */
export const PERMISSIONS_POLICY = 'microphone=(self), camera=(), geolocation=(), display-capture=(), payment=(), usb=()'

/**
 * The headers helmet sets with these options, worked out once (decision 115). They depend on nothing in the request,
 * yet @fastify/helmet built helmet's whole middleware again for every request (28 µs); each response now gets the same
 * headers from this list.
 */
export function securityHeaders(options: HelmetOptions): [string, string][] {
  // not an ES import of node:http, which would load node's fetch with it (see notify/push-target.ts)
  const { IncomingMessage, ServerResponse } = process.getBuiltinModule('node:http')
  const response = new ServerResponse(new IncomingMessage(new Socket()))
  helmet(options)(response.req, response, (error?: unknown) => {
    if (error) throw error
  })
  return response.getHeaderNames().map((name) => [name, String(response.getHeader(name))])
}

export async function registerSecurity(
  app: FastifyInstance,
  {
    trustedOrigins,
    mediaOrigins = [],
    secure,
  }: {
    trustedOrigins: string[]
    /** where presigned media URLs point (an S3 bucket), besides the app itself */
    mediaOrigins?: string[]
    secure: boolean
  },
) {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and sonner position elements with inline style attributes; no inline script is ever allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:', ...mediaOrigins],
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
  headers.push(['permissions-policy', PERMISSIONS_POLICY])

  // Cookies are SameSite=Lax, which a page on another origin of the same site gets past; the Origin check stops
  // any other origin from changing anything. It looks at the method only, never at the URL: the raw target may be
  // percent-encoded (`/%61pi/...`) or absolute (`http://host/api/...`) and still reach an API route.
  const allowed = new Set(trustedOrigins)
  app.addHook('onRequest', async (request, reply) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value)
    if (SAFE_METHODS.has(request.method)) return
    // decided by the matched route, never by the URL text (see above)
    if (request.routeOptions.config.anyOrigin === true) return
    const origin = request.headers.origin
    if (!origin || !allowed.has(origin)) {
      return reply.status(403).send(errorBody(ERROR_CODES.forbidden, 'Request origin is not allowed'))
    }
  })

  // API answers are about the person asking: no browser or proxy cache may keep them (a shared computer's back
  // button, a caching proxy). Media sets its own private, expiring cache header and is left alone.
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '')
    if (type.startsWith('application/json') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
    return payload
  })
}
