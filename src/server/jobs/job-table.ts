import type { HearthRole } from '#server/env.ts'
import type { JobMap, JobName, JobOutcome, JobQueue } from './job-queue.ts'

/**
 * The work a job is, for the instances that run it and their start-up line. Every job is worker work: an instance of
 * HEARTH_ROLE=web runs none of them, one of `worker` or `all` runs them all (docs/deploy.md).
 */
type JobWork = 'speech' | 'mail' | 'push' | 'upkeep'

/**
 * How one kind of job is run: the work it is, its handler, how many at a time on one instance, and its schedule when
 * it is periodic (null: periodic, but turned off by the environment, so an earlier schedule is removed).
 */
type JobEntry<N extends JobName> = {
  work: JobWork
  handle: (data: JobMap[N]) => Promise<JobOutcome>
  concurrency?: number
  cron?: string | null
}

/** The part of the job table one module owns: an entry for each of its job names, from its `*.jobs.ts`. */
export type JobTablePart<N extends JobName> = { [K in N]: JobEntry<K> }

/**
 * Every job name with its one handler, spread from the modules' parts in services.ts: a name without a handler (or
 * a handler without a name) does not compile.
 */
export type JobTable = JobTablePart<JobName>

/** What an instance of `role` does, for its start-up line: what it serves, and the jobs of the table it runs (by work). */
export function describeRole(role: HearthRole, table: JobTable): string {
  const names = new Map<JobWork, JobName[]>()
  for (const name of Object.keys(table) as JobName[]) {
    const { work } = table[name]
    names.set(work, [...(names.get(work) ?? []), name])
  }
  const jobs = [...names].map(([work, list]) => `${work} (${list.join(', ')})`).join('; ')
  if (role === 'web') return 'role web: serves the app (HTTP and realtime sockets) and only queues jobs, which worker instances run'
  if (role === 'worker') return `role worker: serves only GET /api/health, and runs the jobs: ${jobs}`
  return `role all: serves the app (HTTP and realtime sockets) and runs the jobs: ${jobs}`
}

/** Runs every job of the table on this instance, and schedules the periodic ones (one instance sends each occurrence). */
export async function startJobWorkers(queue: JobQueue, table: JobTable): Promise<void> {
  for (const name of Object.keys(table) as JobName[]) {
    const entry = table[name] as JobEntry<JobName>
    await queue.work(name, entry.handle, entry.concurrency)
    if (entry.cron) await queue.schedule(name, entry.cron)
    else if (entry.cron === null) await queue.unschedule(name)
  }
}
