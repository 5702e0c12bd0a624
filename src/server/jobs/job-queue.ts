import type { FastifyBaseLogger } from 'fastify'
import { sql, type SQL } from 'drizzle-orm'
import { setTimeout as delay } from 'node:timers/promises'
import PgBoss from 'pg-boss'
import type pg from 'pg'
import type { Executor } from '#server/db/client.ts'
import { createListener } from '#server/db/listener.ts'
import { notifyAtCommit } from '#server/realtime/realtime.publisher.ts'
import { isStorageUnavailable } from '#server/media/storage.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** the app's job queue (tests stop it the way a crash would) */
    jobs: JobQueue
  }
}

/**
 * Every job Hearth queues, by name, with its payload. One handler per name. The module that owns a job adds its name
 * and payload here from its `*.jobs.ts` (`declare module '#server/jobs/job-queue.ts' { interface JobMap { … } }`),
 * beside the handler and its part of the job table (jobs/job-table.ts), so this layer names no module. The job
 * table in services.ts must hold an entry for every name added, or it does not compile.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules' declarations
export interface JobMap {}
export type JobName = keyof JobMap
/** Every name once (a missing or unknown name does not compile): the queue creates one pg-boss queue each. */
const EVERY_JOB: Record<JobName, true> = {
  'transcribe-message': true,
  'retranscribe-message': true,
  'transcribe-welcome': true,
  'transcribe-invitation': true,
  'transcribe-voice-note': true,
  transcribe: true,
  analyze: true,
  'send-mail': true,
  'send-invitation-mail': true,
  'request-password-reset': true,
  'expire-invitations': true,
  'notify-new-message-mail': true,
  'push-new-message': true,
  'send-push': true,
  'find-quiet-relationships': true,
  nudge: true,
  'sweep-media': true,
  'sweep-audio-uploads': true,
  'sweep-audit-log': true,
  backup: true,
}
export const JOB_NAMES = Object.keys(EVERY_JOB) as JobName[]

/** What a handler reports; a thrown error is the unexpected case that pg-boss retries. */
export type JobOutcome = { status: 'done' | 'skipped' | 'failed'; reason?: string }

export type JobQueueOptions = {
  pool: pg.Pool
  log: FastifyBaseLogger
  /**
   * A running job's lease. The instance running it renews the lease every third of it; a job whose lease ran out
   * (its instance died or lost the database) is handed out again: how a crash mid-job is recovered.
   */
  leaseSeconds?: number
  /** how often expired leases are looked for (one instance does it per interval) */
  maintenanceIntervalSeconds?: number
  /**
   * How long a worker loop with nothing to do waits before it asks again, unless a wake comes first (decision 185):
   * what only this catches is a job no wake announced (a retry pg-boss schedules, a job whose lease ran out, a
   * scheduled job, one queued while this instance's listener was reconnecting). At most 5 s, and no longer than the
   * maintenance interval, so a job whose lease ran out waits one interval more at most.
   */
  pollingIntervalSeconds?: number
  /**
   * false on an instance that only queues (HEARTH_ROLE=web): it neither looks for expired leases nor archives, and
   * sends no scheduled job; the instances that run jobs do both
   */
  supervises?: boolean
  /** the shortest wait of a job that met an absent object store (15 s; tests shorten it) */
  storageRetryMinMs?: number
}

/** One job to queue: its name, its payload and how long it waits before it may run. */
export type QueuedJob = { [N in JobName]: { name: N; data: JobMap[N]; delayMs?: number } }[JobName]

export type JobQueue = {
  /** Queues a job; with a transaction the job exists exactly when the transaction commits. */
  enqueue<N extends JobName>(executor: Executor | null, name: N, data: JobMap[N], options?: { delayMs?: number }): Promise<void>
  /**
   * Queues several jobs, of any names, in one statement (one multi-row insert into pg-boss's job table): with a
   * transaction they all exist exactly when it commits. Where a transaction queues more than one job (a send queues
   * three), this is one round trip instead of one each (decision 176).
   */
  enqueueMany(executor: Executor | null, jobs: readonly QueuedJob[]): Promise<void>
  /** Runs `handler` for jobs of `name`, `concurrency` at a time on this instance. */
  work<N extends JobName>(name: N, handler: (data: JobMap[N]) => Promise<JobOutcome>, concurrency?: number): Promise<void>
  /** Queues `name` on a cron schedule; one instance sends each occurrence (pg-boss's scheduler). */
  schedule(name: JobName, cron: string): Promise<void>
  /**
   * Per job name: jobs waiting (delayed retries included), running and failed (kept a day), and how long the oldest
   * job that could run now has waited, in seconds. One grouped read of pg-boss's job table (the metrics scrape).
   */
  stats(): Promise<QueueStats[]>
  /** Removes `name`'s schedule, if it has one (a periodic job turned off). */
  unschedule(name: JobName): Promise<void>
  /**
   * Fetches no more jobs; running jobs get `graceMs` (10 s by default) to finish, and those still running then are
   * handed back at once, for another instance to run without waiting for the lease. `graceful: false` abandons
   * running jobs without renewing or settling them (they run again once their lease ends): what a crash does.
   * Later calls answer the first call's promise.
   */
  stop(options?: { graceful?: boolean; graceMs?: number }): Promise<void>
  /** the names this instance runs jobs of (none on an instance that only queues) */
  working(): JobName[]
}

/**
 * pg-boss speaks `executeSql(text, values)` with $n placeholders; Drizzle executors take SQL objects.
 * Rebuilding the statement as a Drizzle SQL lets a job be inserted inside the caller's transaction.
 */
export function toDrizzleSql(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/)
  const chunks: SQL[] = parts.map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`))
  return sql.join(chunks, sql.raw(''))
}

export type QueueStats = { name: JobName; waiting: number; active: number; failed: number; oldestWaitingSeconds: number }

const STATS_SQL = `
  SELECT name,
    count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS waiting,
    count(*) FILTER (WHERE state = 'active')::int AS active,
    count(*) FILTER (WHERE state = 'failed')::int AS failed,
    coalesce(extract(epoch FROM now() - min(start_after) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())), 0)::float8 AS oldest
  FROM pgboss.job WHERE name = ANY($1::text[]) GROUP BY name`

/** The channel on which whoever queues a job wakes the instances that run it (decision 185). */
export const JOBS_CHANNEL = 'hearth_jobs'
/** how long after a delayed job's moment its wake comes: the database's clock, which decides, may be a little behind */
const WAKE_MARGIN_MS = 50
/**
 * How long a wake for a job that may run now waits before its loops ask (decision 188). The change that queued it has
 * just been told to the people concerned, whose screens read it at once: on a small server the job's first steps
 * (its fetch, its program starting) would take the cores from those reads. A transcript a tenth of a second later is
 * not something a person notices.
 */
const WAKE_YIELD_MS = 100
/** a job delayed longer is left to the polls, rather than held as a timer all that time */
const LONGEST_ARMED_DELAY_MS = 60 * 60 * 1000

/**
 * A wake's payload: the names queued, each once, with the delay before its job may run when it has one
 * (`transcribe-message,notify-new-message-mail@60000`). A job queued twice with different delays wakes at the
 * shorter; the longer one is found by the next wake or poll.
 */
function wakePayload(jobs: readonly { name: JobName; delayMs?: number }[]): string {
  const soonest = new Map<JobName, number>()
  for (const { name, delayMs = 0 } of jobs) soonest.set(name, Math.min(soonest.get(name) ?? Infinity, Math.max(0, Math.round(delayMs))))
  return [...soonest].map(([name, delayMs]) => (delayMs > 0 ? `${name}@${delayMs}` : name)).join(',')
}

/** The jobs a wake names; what is not a job name of this version (an instance of another version sent it) is left out. */
function parseWake(payload: string | undefined): { name: JobName; delayMs: number }[] {
  if (!payload) return []
  return payload.split(',').flatMap((part) => {
    const [name = '', delay] = part.split('@')
    const delayMs = delay === undefined ? 0 : Number(delay)
    if (!Object.hasOwn(EVERY_JOB, name) || !Number.isSafeInteger(delayMs) || delayMs < 0) return []
    return [{ name: name as JobName, delayMs }]
  })
}

/** One job this instance is running: `attempt` (pg-boss's retry_count) tells it apart from a later run of the same job. */
type Lease = { name: JobName; id: string; attempt: number; lost: boolean }

/**
 * Extends the leases this instance still holds to `leaseSeconds` from now; answers the ids still held. A job that
 * was expired and handed out again has a higher retry_count, so an old run never renews the new one.
 * pg-boss 10 has no heartbeat of its own: this writes its `expire_in` column, which its expiry check
 * (`started_on + expire_in < now()`) reads. Tested by the restart tests, so a pg-boss upgrade that changes it fails there.
 */
const RENEW_SQL = `
  UPDATE pgboss.job j SET expire_in = (now() - j.started_on) + $4::int * interval '1 second'
  FROM unnest($1::text[], $2::uuid[], $3::int[]) AS held(name, id, attempt)
  WHERE j.name = held.name AND j.id = held.id AND j.retry_count = held.attempt AND j.state = 'active'
  RETURNING j.id`

/**
 * A job that met an absent object store waits and runs again (decision 216): half as long again as it has existed so
 * far, between 15 s and 5 minutes, so a blip costs seconds and an hour's outage about a dozen tries. Its retry count
 * is left as it is (pg-boss's few retries are for what crashed); only after STORAGE_PATIENCE_MS does it fail as
 * any error does. Below pg-boss's archive of jobs waiting a day.
 */
const STORAGE_RETRY_MIN_MS = 15_000
const STORAGE_RETRY_MAX_MS = 5 * 60_000
const STORAGE_PATIENCE_MS = 12 * 60 * 60_000

/** The wait before a job `ageMs` old that met an absent store runs again. */
const storageRetryDelayMs = (ageMs: number, shortest: number) => Math.min(STORAGE_RETRY_MAX_MS, Math.max(shortest, Math.round(ageMs / 2)))

/** Puts a job this run holds back to wait for `$4` ms, its retry count unchanged. */
const WAIT_FOR_STORAGE_SQL = `
  UPDATE pgboss.job SET state = 'retry', start_after = now() + $4::int * interval '1 millisecond'
  WHERE name = $1 AND id = $2 AND retry_count = $3 AND state = 'active'
  RETURNING id`

/** Hands the jobs this instance still runs back to the queue, to be fetched at once (as a retry) by any instance. */
const HAND_BACK_SQL = `
  UPDATE pgboss.job j SET state = 'retry', start_after = now()
  FROM unnest($1::text[], $2::uuid[], $3::int[]) AS held(name, id, attempt)
  WHERE j.name = held.name AND j.id = held.id AND j.retry_count = held.attempt AND j.state = 'active'
  RETURNING j.id`

/**
 * The job queue on the app's own PostgreSQL (pg-boss, schema `pgboss`). Jobs survive restarts: a job that was
 * running when its instance died runs again once its lease (a minute by default) runs out, so handlers must be
 * safe to repeat. A long job (a 10-minute recording takes up to 20 minutes) keeps its lease while its instance lives.
 */
export async function createJobQueue({
  pool,
  log,
  leaseSeconds = 60,
  maintenanceIntervalSeconds = 20,
  pollingIntervalSeconds = Math.min(5, maintenanceIntervalSeconds),
  supervises = true,
  storageRetryMinMs = STORAGE_RETRY_MIN_MS,
}: JobQueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => pool.query(text, values) },
    expireInSeconds: leaseSeconds,
    maintenanceIntervalSeconds,
    supervise: supervises,
    schedule: supervises,
    // our handlers schedule their own retries (3 s / 10 s / 30 s, `nextRetryDelayMs` in src/shared/speech.ts); pg-boss retries only what
    // crashed or expired, a little later each time
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    // job history holds ids, addresses and file names, so it is kept only as long as it helps to look into a
    // problem (decision 125): a finished job moves to the archive after an hour, a failed one after a day, and the
    // archive forgets both a day later; a job still waiting after a day is archived unrun
    archiveCompletedAfterSeconds: 60 * 60,
    archiveFailedAfterSeconds: 24 * 60 * 60,
    deleteAfterDays: 1,
    retentionDays: 1,
  })
  boss.on('error', (error: unknown) => log.warn({ err: error }, 'jobs: queue error'))
  await boss.start()
  // one read instead of a statement per queue on every start: only a new install (or a new job name) creates queues
  const existing = new Set((await boss.getQueues()).map((queue) => queue.name))
  for (const name of JOB_NAMES) if (!existing.has(name)) await boss.createQueue(name)

  const held = new Set<Lease>()
  const loops: Promise<void>[] = []
  const worked = new Set<JobName>()
  /** per name, how many wakes came so far: a loop whose fetch found nothing asks again if one came meanwhile */
  const wakes = new Map<JobName, number>()
  /** per name, the loops waiting for a wake or their next poll */
  const sleepers = new Map<JobName, Set<() => void>>()
  /** wakes of delayed jobs, each armed for the moment its job may run */
  const wakeTimers = new Set<NodeJS.Timeout>()
  let stopped: Promise<void> | null = null
  /** set by a crash-like stop: running jobs are left as they are, to expire and run again */
  let abandoned = false

  async function renewLeases(): Promise<void> {
    const leases = [...held]
    if (leases.length === 0) return
    try {
      const { rows } = await pool.query<{ id: string }>(RENEW_SQL, [
        leases.map((l) => l.name),
        leases.map((l) => l.id),
        leases.map((l) => l.attempt),
        leaseSeconds,
      ])
      const renewed = new Set(rows.map((r) => r.id))
      for (const lease of leases) {
        if (renewed.has(lease.id) || lease.lost || !held.has(lease)) continue
        lease.lost = true
        log.warn({ job: lease.name, id: lease.id }, 'jobs: lease lost (the job was handed out again); this run will not settle it')
      }
    } catch (error) {
      // the database is away: the lease may run out, and the job then runs again elsewhere (handlers are guarded)
      log.warn({ err: error }, 'jobs: could not renew leases')
    }
  }
  async function handBack(): Promise<void> {
    const leases = [...held]
    if (leases.length === 0) return
    // whatever this run does afterwards settles nothing: the job is someone else's now
    for (const lease of leases) lease.lost = true
    try {
      const { rows } = await pool.query<{ id: string }>(HAND_BACK_SQL, [
        leases.map((l) => l.name),
        leases.map((l) => l.id),
        leases.map((l) => l.attempt),
      ])
      if (rows.length > 0) log.info({ jobs: rows.map((r) => r.id) }, 'jobs: handed back the jobs still running at shutdown')
      // for another instance to take them now rather than at its next poll
      if (rows.length > 0) await announce(null, leases)
    } catch (error) {
      log.warn({ err: error }, 'jobs: could not hand back the running jobs; they run again once their leases end')
    }
  }
  const renewTimer = setInterval(() => void renewLeases(), (leaseSeconds * 1000) / 3)
  renewTimer.unref()

  async function runOne<N extends JobName>(
    name: N,
    job: PgBoss.JobWithMetadata<JobMap[N]>,
    handler: (data: JobMap[N]) => Promise<JobOutcome>,
  ) {
    const lease: Lease = { name, id: job.id, attempt: job.retryCount, lost: false }
    held.add(lease)
    let outcome: JobOutcome | undefined
    let failure: unknown
    try {
      outcome = await handler(job.data)
    } catch (error) {
      failure = error
    } finally {
      held.delete(lease)
    }
    // after a crash-like stop, or once the job was handed out again, this run settles nothing
    if (lease.lost || abandoned) return
    if (outcome && outcome.status !== 'done') log.info({ job: name, id: job.id, ...outcome }, 'jobs: finished without result')
    if (isStorageUnavailable(failure) && (await waitForStorage(name, job, failure.kind))) return
    try {
      if (outcome) await boss.complete(name, job.id, outcome)
      else await boss.fail(name, job.id, { message: failure instanceof Error ? failure.message : String(failure) })
    } catch (error) {
      log.warn({ err: error, job: name, id: job.id }, 'jobs: could not record the end of a job; it runs again once its lease ends')
    }
  }

  /** Puts a job that met an absent store back to wait (its handler is safe to run again); false when it waited too long. */
  async function waitForStorage(name: JobName, job: PgBoss.JobWithMetadata<unknown>, kind: string): Promise<boolean> {
    const ageMs = Date.now() - new Date(job.createdOn).getTime()
    if (!(ageMs < STORAGE_PATIENCE_MS)) return false
    const delayMs = storageRetryDelayMs(ageMs, storageRetryMinMs)
    try {
      await pool.query(WAIT_FOR_STORAGE_SQL, [name, job.id, job.retryCount, delayMs])
      log.warn({ job: name, id: job.id, kind, delayMs }, 'jobs: the object store cannot be reached; the job waits and runs again')
      return true
    } catch (error) {
      log.warn({ err: error, job: name, id: job.id }, 'jobs: could not put a job back to wait for storage; it fails as any error does')
      return false
    }
  }

  /** Has every loop of `name` on this instance ask for a job now (and a loop busy fetching ask once more). */
  function wake(name: JobName) {
    wakes.set(name, (wakes.get(name) ?? 0) + 1)
    const waiting = sleepers.get(name)
    if (!waiting) return
    sleepers.delete(name)
    for (const resume of waiting) resume()
  }

  /** Waits for a wake of `name`, the next poll, or the stop, whichever comes first. */
  function sleep(name: JobName): Promise<void> {
    return new Promise((resolve) => {
      const resume = () => {
        clearTimeout(timer)
        sleepers.get(name)?.delete(resume)
        resolve()
      }
      const timer = setTimeout(resume, pollingIntervalSeconds * 1000)
      const waiting = sleepers.get(name) ?? new Set()
      waiting.add(resume)
      sleepers.set(name, waiting)
    })
  }

  async function loop<N extends JobName>(name: N, handler: (data: JobMap[N]) => Promise<JobOutcome>) {
    while (!stopped) {
      const wakesBefore = wakes.get(name) ?? 0
      // pg-boss's fetch answers [] when the database is away: the loop just waits and asks again
      const [job] = await boss.fetch<JobMap[N]>(name, { batchSize: 1, includeMetadata: true }).catch(() => [])
      if (stopped) return // (a job fetched at the stop moment expires and runs again)
      if (job) await runOne(name, job, handler)
      // a wake that came during the fetch may be of a job committed after the fetch looked
      else if ((wakes.get(name) ?? 0) === wakesBefore) await sleep(name)
    }
  }

  /** A wake from any instance (this one's too): the jobs it names that run here are looked for shortly, or when due. */
  function heard(payload: string | undefined) {
    for (const { name, delayMs } of parseWake(payload)) {
      if (!worked.has(name) || delayMs > LONGEST_ARMED_DELAY_MS) continue
      // a delayed job a little after its moment, so that the database's clock has passed it too
      const timer = setTimeout(
        () => {
          wakeTimers.delete(timer)
          wake(name)
        },
        delayMs === 0 ? WAKE_YIELD_MS : delayMs + WAKE_MARGIN_MS,
      )
      timer.unref()
      wakeTimers.add(timer)
    }
  }
  // only an instance that runs jobs listens, from its first `work`; one that only queues just sends wakes
  const listener = createListener({
    pool,
    channels: { [JOBS_CHANNEL]: heard },
    log,
    what: 'jobs',
    // wakes sent while the connection was away (or before it first listened) are lost: look for every name now
    onState: (listening) => {
      if (listening) for (const name of worked) wake(name)
    },
  })
  let listening: Promise<void> | null = null

  /** Tells the instances that run these jobs to look for them when `executor`'s transaction commits. */
  async function announce(executor: Executor | null, jobs: readonly { name: JobName; delayMs?: number }[]) {
    const payload = wakePayload(jobs)
    if (executor) await notifyAtCommit(executor, JOBS_CHANNEL, payload)
    else await pool.query('select pg_notify($1, $2)', [JOBS_CHANNEL, payload])
  }

  /** pg-boss's statements, run on the caller's executor (inside its transaction) */
  const onExecutor = (executor: Executor): PgBoss.Db => ({
    executeSql: async (text, values) => {
      const result = await executor.execute(toDrizzleSql(text, values))
      return { rows: result.rows as unknown[] }
    },
  })

  return {
    async enqueue(executor, name, data, options = {}) {
      const sendOptions: PgBoss.SendOptions = {}
      if (options.delayMs) sendOptions.startAfter = new Date(Date.now() + options.delayMs)
      if (executor) sendOptions.db = onExecutor(executor)
      await boss.send(name, data, sendOptions)
      await announce(executor, [{ name, delayMs: options.delayMs }])
    },

    async enqueueMany(executor, jobs) {
      if (jobs.length === 0) return
      // pg-boss's insert fills in what send would (retries, lease, retention) from the queue's and the boss's defaults.
      // It is written as this is called, before any await: a send pipelines it behind its message's insert (decision 188).
      const rows: PgBoss.JobInsert[] = jobs.map(({ name, data, delayMs }) => ({
        name,
        data,
        ...(delayMs ? { startAfter: new Date(Date.now() + delayMs).toISOString() } : {}),
      }))
      await boss.insert(rows, executor ? { db: onExecutor(executor) } : {})
      await announce(executor, jobs)
    },

    async schedule(name, cron) {
      await boss.schedule(name, cron)
    },

    async stats() {
      const { rows } = await pool.query<{ name: JobName; waiting: number; active: number; failed: number; oldest: number }>(STATS_SQL, [
        JOB_NAMES,
      ])
      const byName = new Map(rows.map((row) => [row.name, row]))
      return JOB_NAMES.map((name) => {
        const row = byName.get(name)
        return {
          name,
          waiting: row?.waiting ?? 0,
          active: row?.active ?? 0,
          failed: row?.failed ?? 0,
          oldestWaitingSeconds: row?.oldest ?? 0,
        }
      })
    },

    async unschedule(name) {
      await boss.unschedule(name)
    },

    async work(name, handler, concurrency = 1) {
      worked.add(name)
      listening ??= listener.start()
      await listening
      for (let i = 0; i < concurrency; i++) loops.push(loop(name, handler))
    },

    working: () => [...worked],

    stop({ graceful = true, graceMs = 10_000 } = {}) {
      if (stopped) return stopped
      abandoned = !graceful
      for (const timer of wakeTimers) clearTimeout(timer)
      wakeTimers.clear()
      stopped = (async () => {
        // the loops waiting between polls see the stop now rather than at their next poll
        for (const name of [...sleepers.keys()]) wake(name)
        // a graceful stop lets running jobs settle (renewing their leases) for up to graceMs, then hands back the rest
        if (graceful) {
          await Promise.race([Promise.all(loops), delay(graceMs, undefined, { ref: false })])
          await handBack()
        }
        clearInterval(renewTimer)
        await listener.close()
        await boss.stop({ graceful: false, wait: true, close: false })
      })()
      return stopped
    },
  }
}
