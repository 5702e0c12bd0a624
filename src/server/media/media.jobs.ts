import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '#server/db/client.ts'
import { deleteEndedRequestLimits } from '#server/http/rate-limit.queries.ts'
import type { JobTablePart } from '#server/jobs/job-table.ts'
import { createMediaSweeper } from './media-sweep.ts'
import type { ObjectStorage } from './storage.ts'

declare module '#server/jobs/job-queue.ts' {
  interface JobMap {
    /** scheduled: temporary files and stored media a crash left behind, and request limits long ended */
    'sweep-media': Record<string, never>
  }
}

/** The media sweep's schedule: what crashes left behind goes within a quarter of an hour (docs/operations.md). */
const SWEEP_MEDIA_CRON = '*/15 * * * *'

/**
 * The sweep of what crashes leave behind (media-sweep.ts), with the request limits whose window ended a day ago
 * (decision 132): the job table's scheduled `sweep-media`, and the sweep each instance makes once at start.
 */
export function createMediaSweepJobs({
  db,
  storage,
  tmpDir,
  log,
}: {
  db: Database
  storage: ObjectStorage
  tmpDir: string
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>
}) {
  const sweeper = createMediaSweeper({ db, storage, tmpDir })
  const sweep = async () => {
    const removed = await sweeper.sweep()
    await deleteEndedRequestLimits(db)
    return removed
  }
  const table: JobTablePart<'sweep-media'> = {
    'sweep-media': {
      work: 'upkeep',
      handle: async () => {
        const removed = await sweep()
        return { status: 'done', reason: `${removed.tempEntries} temporary entries, ${removed.orphanedMedia} stored objects` }
      },
      cron: SWEEP_MEDIA_CRON,
    },
  }
  return {
    table,
    /**
     * The sweep of what a crash of this instance left in its own temporary folder (and in storage), once at start;
     * later sweeps come from the queue's schedule and run on whichever instance takes them.
     */
    sweepAtStart: async () => {
      try {
        const removed = await sweep()
        if (removed.tempEntries + removed.orphanedMedia > 0) log.info(removed, 'sweep: removed what crashes left behind')
      } catch (error) {
        log.warn({ err: error }, 'sweep: failed; the scheduled sweep tries again')
      }
    },
  }
}
