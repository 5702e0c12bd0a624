import type { FastifyBaseLogger } from 'fastify'
import { sql, type SQL } from 'drizzle-orm'
import PgBoss from 'pg-boss'
import type pg from 'pg'
import type { Executor } from '../db/client.ts'
import type { MailMessage } from '../notify/mailer.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** the app's job queue (tests stop it the way a crash would) */
    jobs: JobQueue
  }
}

/** Every job Hearth queues, by name, with its payload. One handler per name. */
export type JobMap = {
  /** transcribe a voice message, or a welcome message while its audio is still `audioKey` (attempt 1..3) */
  transcribe: { kind: 'message'; messageId: string } | { kind: 'welcome'; userId: string; audioKey: string; attempt: number }
  /** find emotions, topics and sentiment in a message's transcript */
  analyze: { messageId: string }
  /** send one mail (auth mail is sent after the answer, never while the client waits) */
  'send-mail': MailMessage
  /** a password reset asked for by a client, carried out after the answer */
  'request-password-reset': { email: string; redirectTo?: string }
}
export type JobName = keyof JobMap
export const JOB_NAMES: JobName[] = ['transcribe', 'analyze', 'send-mail', 'request-password-reset']

/** What a handler reports; a thrown error is the unexpected case that pg-boss retries. */
export type JobOutcome = { status: 'done' | 'skipped' | 'failed'; reason?: string }

export type JobQueueOptions = {
  pool: pg.Pool
  log: FastifyBaseLogger
  /** an active job not finished by then is handed out again: how a crash mid-job is recovered */
  expireInSeconds?: number
  /** how often expired jobs are looked for */
  maintenanceIntervalSeconds?: number
  pollingIntervalSeconds?: number
}

export type JobQueue = {
  /** Queues a job; with a transaction the job exists exactly when the transaction commits. */
  enqueue<N extends JobName>(executor: Executor | null, name: N, data: JobMap[N], options?: { delayMs?: number }): Promise<void>
  /** Runs `handler` for jobs of `name`, `concurrency` at a time on this instance. */
  work<N extends JobName>(name: N, handler: (data: JobMap[N]) => Promise<JobOutcome>, concurrency?: number): Promise<void>
  /** `graceful: false` abandons running jobs (they expire and run again): what a crash does */
  stop(options?: { graceful?: boolean }): Promise<void>
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

/**
 * The job queue on the app's own PostgreSQL (pg-boss, schema `pgboss`). Jobs survive restarts: a job
 * that was running when the process died expires and runs again, so handlers must be safe to repeat.
 */
export async function createJobQueue({
  pool,
  log,
  // longer than the slowest attempt may run (a 10-minute recording: 30 s + 2 s per second of audio)
  expireInSeconds = 30 * 60,
  maintenanceIntervalSeconds = 60,
  pollingIntervalSeconds = 0.5,
}: JobQueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => pool.query(text, values) },
    expireInSeconds,
    maintenanceIntervalSeconds,
    // our handlers schedule their own retries (the spec's 3 s / 10 s / 30 s); pg-boss retries only what
    // crashed or expired, a little later each time
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    retentionDays: 1,
    deleteAfterDays: 2,
  })
  boss.on('error', (error: unknown) => log.warn({ err: error }, 'jobs: queue error'))
  await boss.start()
  for (const name of JOB_NAMES) await boss.createQueue(name)

  let stopped = false
  return {
    async enqueue(executor, name, data, options = {}) {
      const sendOptions: PgBoss.SendOptions = {}
      if (options.delayMs) sendOptions.startAfter = new Date(Date.now() + options.delayMs)
      if (executor) {
        sendOptions.db = {
          executeSql: async (text, values) => {
            const result = await executor.execute(toDrizzleSql(text, values))
            return { rows: result.rows as unknown[] }
          },
        }
      }
      await boss.send(name, data, sendOptions)
    },

    async work(name, handler, concurrency = 1) {
      for (let i = 0; i < concurrency; i++) {
        await boss.work<JobMap[typeof name]>(name, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
          if (!job) return
          const outcome = await handler(job.data)
          if (outcome.status !== 'done') log.info({ job: name, id: job.id, ...outcome }, 'jobs: finished without result')
          return outcome
        })
      }
    },

    async stop({ graceful = true } = {}) {
      if (stopped) return
      stopped = true
      await boss.stop({ graceful, wait: graceful, timeout: 10_000, close: false })
    },
  }
}
