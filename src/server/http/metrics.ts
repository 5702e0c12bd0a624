import { createHash, timingSafeEqual } from 'node:crypto'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type pg from 'pg'
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { Env } from '#server/env.ts'
import type { QueueStats } from '#server/jobs/job-queue.ts'
import { bytesUnder, type DiskGuard } from '#server/media/disk-space.ts'
import type { StorageHealth } from '#server/media/storage.ts'
import { UnauthorizedError } from './errors.ts'

/** storage used is a walk of the media folder: done at most this often, whatever the scrape interval */
const STORAGE_REFRESH_MS = 5 * 60 * 1000

type MetricsSources = {
  pool: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>
  queueStats: () => Promise<QueueStats[]>
  openSockets: () => number
  /** DATA_DIR's free space against the floor (one reading shared with the uploads' check) */
  disk: Pick<DiskGuard, 'read'>
  /** the local media folder (null with S3 storage, whose bucket reports its own size) */
  mediaDir: string | null
  /** whether the object store answers (bounded in time and kept a few seconds by the store itself) */
  storageHealth: () => Promise<StorageHealth>
}

/** What a value computed on demand answers while it is fresh; a stale one is answered while a new one is made. */
function cached<T>(compute: () => Promise<T>, maxAgeMs: number) {
  let value: { at: number; result: T } | null = null
  let running: Promise<T> | null = null
  const refresh = () =>
    (running ??= compute()
      .then((result) => ((value = { at: Date.now(), result }), result))
      .finally(() => (running = null)))
  return async () => {
    if (!value) return refresh()
    if (Date.now() - value.at > maxAgeMs) void refresh().catch(() => undefined)
    return value.result
  }
}

/**
 * The instance's metrics, only when something may read them (METRICS_TOKEN, decision 160): null without a token.
 * The media folder's size is measured with local storage only.
 */
export function metricsFor(env: Pick<Env, 'METRICS_TOKEN' | 'STORAGE_DRIVER' | 'dataDir'>, sources: Omit<MetricsSources, 'mediaDir'>) {
  if (!env.METRICS_TOKEN) return null
  return createMetrics({ ...sources, mediaDir: env.STORAGE_DRIVER === 'local' ? path.join(env.dataDir, 'media') : null })
}

/**
 * Hearth's Prometheus metrics (decision 160), in a registry of their own: request latency per route pattern, the
 * job queues, transcription speed, open sockets, the connection pool and storage. Gauges are read when Prometheus
 * scrapes, never on a timer: a scrape costs one grouped read of the job table and, every few minutes, a walk of the
 * media folder.
 */
function createMetrics({ pool, queueStats, openSockets, disk, mediaDir, storageHealth }: MetricsSources) {
  const registry = new Registry()
  const registers = [registry]
  collectDefaultMetrics({ register: registry, prefix: 'hearth_' })

  const requestDuration = new Histogram({
    name: 'hearth_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern (never the raw URL), method and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  })
  const transcription = new Histogram({
    name: 'hearth_transcription_seconds_per_audio_second',
    help: 'Time the speech engine took per second of audio (its real-time factor), by engine',
    labelNames: ['engine'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 4],
    registers,
  })

  // the four queue gauges share one read a scrape
  const queues = cached(queueStats, 1000)
  const queueGauge = (name: string, help: string, read: (stats: QueueStats) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'] as const,
      registers,
      async collect() {
        for (const stats of await queues()) this.set({ queue: stats.name }, read(stats))
      },
    })
  queueGauge('hearth_queue_depth', 'Jobs waiting to run (delayed retries included)', (s) => s.waiting)
  queueGauge('hearth_queue_active', 'Jobs running now, on any instance', (s) => s.active)
  queueGauge('hearth_queue_failed', 'Jobs that failed for good, kept a day', (s) => s.failed)
  queueGauge('hearth_queue_oldest_waiting_seconds', 'How long the oldest job that could run now has waited', (s) => s.oldestWaitingSeconds)

  new Gauge({
    name: 'hearth_realtime_sockets',
    help: 'Realtime sockets open on this instance',
    registers,
    collect() {
      this.set(openSockets())
    },
  })
  const poolGauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read())
      },
    })
  poolGauge('hearth_db_pool_connections', 'Connections the pool holds', () => pool.totalCount)
  poolGauge('hearth_db_pool_idle', 'Connections of the pool not in use', () => pool.idleCount)
  poolGauge('hearth_db_pool_waiting', 'Queries waiting for a connection of the pool', () => pool.waitingCount)

  const diskGauge = (name: string, help: string, read: (reading: Awaited<ReturnType<DiskGuard['read']>>) => number) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        this.set(read(await disk.read()))
      },
    })
  diskGauge('hearth_disk_free_bytes', 'Free space of the file system that holds DATA_DIR', (d) => d.freeBytes)
  diskGauge('hearth_disk_size_bytes', 'Size of the file system that holds DATA_DIR', (d) => d.sizeBytes)
  // alert well before free space meets this: under it uploads are refused with a 507 and the backup skips
  diskGauge(
    'hearth_disk_floor_bytes',
    'Free space Hearth keeps for its database (DISK_FLOOR_MB): uploads stop below it',
    (d) => d.floorBytes,
  )
  // 0 while the bucket cannot be reached: uploads are refused with a 503 and media jobs wait (decision 216)
  new Gauge({
    name: 'hearth_storage_up',
    help: 'Whether the object store answers (1) or not (0), as GET /api/health says',
    registers,
    async collect() {
      this.set((await storageHealth()).status === 'ok' ? 1 : 0)
    },
  })
  if (mediaDir) {
    const used = cached(() => bytesUnder(mediaDir), STORAGE_REFRESH_MS)
    new Gauge({
      name: 'hearth_storage_used_bytes',
      help: 'Bytes of stored recordings and photos (DATA_DIR/media), measured at most every 5 minutes',
      registers,
      async collect() {
        this.set(await used())
      },
    })
  }

  return {
    registry,
    /** One transcription: how long the engine took for how much audio. */
    observeTranscription({ engine, seconds, audioSeconds }: { engine: string; seconds: number; audioSeconds: number }) {
      if (audioSeconds > 0) transcription.observe({ engine }, seconds / audioSeconds)
    },
    /** Times every request of `app` under its route pattern (requests no route matched count as `unmatched`). */
    timeRequests(app: FastifyInstance) {
      app.addHook('onResponse', async (request, reply) => {
        requestDuration.observe(
          { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: `${Math.floor(reply.statusCode / 100)}xx` },
          reply.elapsedTime / 1000,
        )
      })
    },
  }
}

export type Metrics = ReturnType<typeof createMetrics>

const digest = (value: string) => createHash('sha256').update(value).digest()

/** GET /metrics, for Prometheus: only with `Authorization: Bearer METRICS_TOKEN` (compared in constant time). */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string) {
  const expected = digest(`Bearer ${token}`)
  app.get('/metrics', async (request, reply) => {
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      throw new UnauthorizedError('GET /metrics needs Authorization: Bearer METRICS_TOKEN')
    }
    return reply
      .type(metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics())
  })
}
