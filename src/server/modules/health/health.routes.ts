import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppDeps } from '#server/app-deps.ts'
import { APP_VERSION } from '#server/version.ts'
import { getDatabaseVersion } from './health.queries.ts'

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({ status: z.enum(['up', 'down']), version: z.string().nullable() }),
  /**
   * The object store: `unreachable` with the kind of failure (never an address or a key). It makes the answer
   * `degraded` but not a 503: every instance shares the store, so taking this one out of rotation would help nothing,
   * and text, reads and what is already in the browser still work (decision 216).
   */
  storage: z.object({
    driver: z.enum(['local', 's3']),
    status: z.enum(['ok', 'unreachable']),
    reason: z.enum(['unreachable', 'timeout', 'credentials', 'error']).nullable(),
  }),
  /** the active transcription engine (or none) and why it was chosen; the analyser in use */
  speech: z.object({
    engine: z.string(),
    reason: z.string(),
    analyzer: z.string(),
    /** the whisper model fetched in the background on the first start, while it is (or was) under way */
    model: z
      .object({ model: z.string(), state: z.enum(['downloading', 'ready', 'failed']), percent: z.number(), detail: z.string().nullable() })
      .nullable(),
  }),
  /**
   * DATA_DIR's free space against the floor (decision 214): `low` while uploads are refused. Anyone may see the
   * status; the figures only the Hearth's owner, signed in (what the disk holds is nobody else's business).
   */
  disk: z.object({
    status: z.enum(['ok', 'low', 'unknown']),
    freeBytes: z.number().nullable(),
    floorBytes: z.number().nullable(),
  }),
})

export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, speech, env, storageHealth, disk, readSession, admin }) => {
  app.get('/api/health', { schema: { response: { 200: healthSchema, 503: healthSchema } } }, async (request, reply) => {
    let database: z.infer<typeof healthSchema>['database']
    const stored = storageHealth()
    try {
      database = { status: 'up', version: await getDatabaseVersion(db) }
    } catch {
      database = { status: 'down', version: null }
    }
    // who asks matters only for the disk's figures: a database that is down leaves them hidden, never fails health
    const askedByOwner = async () => {
      const session = await readSession(request)
      return session !== null && (await admin.isOwner(session.user.id))
    }
    const [reading, owner] = await Promise.all([disk.read().catch(() => null), askedByOwner().catch(() => false)])
    const store = await stored
    const storage = { driver: env.STORAGE_DRIVER, status: store.status, reason: store.status === 'ok' ? null : store.reason }
    const body = {
      status: database.status === 'up' && store.status === 'ok' ? ('ok' as const) : ('degraded' as const),
      version: APP_VERSION,
      uptimeSeconds: Math.round(process.uptime()),
      database,
      storage,
      speech,
      // a low disk leaves the status ok (and the answer 200): reads and sign-in work, and a supervisor must not restart Hearth for it
      disk: {
        status: reading ? (reading.low ? ('low' as const) : ('ok' as const)) : ('unknown' as const),
        freeBytes: owner && reading ? reading.freeBytes : null,
        floorBytes: owner && reading ? reading.floorBytes : null,
      },
    }
    return reply.status(database.status === 'up' ? 200 : 503).send(body)
  })
}
