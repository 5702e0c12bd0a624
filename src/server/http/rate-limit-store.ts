import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { Database } from '#server/db/client.ts'
import { countRequest } from './rate-limit.queries.ts'

/**
 * A store for @fastify/rate-limit that counts in PostgreSQL (decision 83), so that a limit holds across every
 * instance and restart instead of multiplying with the number of instances. Each route counts on its own keys.
 */
export function postgresRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  const storeFor = (scope: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      countRequest(db, `route:${scope}:${key}`, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      )
    },
    child(options) {
      // the plugin passes the route's merged limit options, with the route under `routeInfo` (its types say otherwise)
      const route = (options as { routeInfo?: { method?: unknown; url?: string } }).routeInfo
      return storeFor(`${String(route?.method ?? '')} ${route?.url ?? ''}`)
    },
  })
  return class {
    constructor() {
      return storeFor('global')
    }
  } as unknown as FastifyRateLimitStoreCtor
}
