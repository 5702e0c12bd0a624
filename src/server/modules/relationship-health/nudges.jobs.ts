import type { JobTablePart } from '#server/jobs/job-table.ts'
import type { NudgesService } from './nudges.service.ts'

declare module '#server/jobs/job-queue.ts' {
  interface JobMap {
    /** daily: finds relationships gone quiet and queues one 'nudge' each */
    'find-quiet-relationships': Record<string, never>
    /** one gentle nudge for one contact row, if it still qualifies */
    nudge: { contactId: string }
  }
}

/** Every day at 10:00 UTC (pg-boss's scheduler: one instance sends each occurrence). */
const NUDGE_CRON = '0 10 * * *'

/** The nudges' part of the job table: the daily search, and one job per nudge. */
export function nudgeJobTable(
  nudges: Pick<NudgesService, 'handleFindQuietRelationships' | 'handleNudge'>,
): JobTablePart<'find-quiet-relationships' | 'nudge'> {
  return {
    'find-quiet-relationships': { work: 'upkeep', handle: () => nudges.handleFindQuietRelationships(), cron: NUDGE_CRON },
    nudge: { work: 'push', handle: (data) => nudges.handleNudge(data) },
  }
}
