import { z } from 'zod'
import type { DiskGuard } from '#server/media/disk-space.ts'
import type { StorageHealth } from '#server/media/storage.ts'
import type { SpeechStatus } from '#server/speech/speech-setup.ts'
import { APP_VERSION } from '#server/version.ts'
import { getDatabaseVersion } from './health.queries.ts'
import type { Database } from '#server/db/client.ts'
import type { Env } from '#server/env.ts'

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

type Health = z.infer<typeof healthSchema>

/**
 * The instance's health for GET /api/health: the database, the object store, the speech engine and the disk. It
 * answers whatever is down, and says whether the instance can serve (not while the database is down).
 */
export function createHealthService({
  db,
  env,
  storageHealth,
  disk,
  speech,
  isOwner,
}: {
  db: Database
  env: Pick<Env, 'STORAGE_DRIVER'>
  /** whether the store answers now: bounded in time and kept a few seconds */
  storageHealth: () => Promise<StorageHealth>
  disk: Pick<DiskGuard, 'read'>
  speech: SpeechStatus
  /** whether this person runs the Hearth: only the owner sees the disk's figures */
  isOwner: (userId: string) => Promise<boolean>
}) {
  return {
    /** `viewer` answers who asks (null for nobody signed in); it is asked only for the disk's figures. */
    async report(viewer: () => Promise<string | null>): Promise<{ serving: boolean; health: Health }> {
      let database: Health['database']
      const stored = storageHealth()
      try {
        database = { status: 'up', version: await getDatabaseVersion(db) }
      } catch {
        database = { status: 'down', version: null }
      }
      // who asks matters only for the disk's figures: a database that is down leaves them hidden, never fails health
      const askedByOwner = async () => {
        const userId = await viewer()
        return userId !== null && (await isOwner(userId))
      }
      const [reading, owner] = await Promise.all([disk.read().catch(() => null), askedByOwner().catch(() => false)])
      const store = await stored
      const storage = { driver: env.STORAGE_DRIVER, status: store.status, reason: store.status === 'ok' ? null : store.reason }
      const health: Health = {
        status: database.status === 'up' && store.status === 'ok' ? 'ok' : 'degraded',
        version: APP_VERSION,
        uptimeSeconds: Math.round(process.uptime()),
        database,
        storage,
        speech,
        // a low disk leaves the status ok (and the answer 200): reads and sign-in work, and a supervisor must not restart Hearth for it
        disk: {
          status: reading ? (reading.low ? 'low' : 'ok') : 'unknown',
          freeBytes: owner && reading ? reading.freeBytes : null,
          floorBytes: owner && reading ? reading.floorBytes : null,
        },
      }
      return { serving: database.status === 'up', health }
    },
  }
}

export type HealthService = ReturnType<typeof createHealthService>
