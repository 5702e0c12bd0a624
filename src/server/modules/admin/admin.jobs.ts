import type { JobTablePart } from '#server/jobs/job-table.ts'
import type { AdminService } from './admin.service.ts'

declare module '#server/jobs/job-queue.ts' {
  interface JobMap {
    /** scheduled daily: the owner's log loses its rows older than a year */
    'sweep-audit-log': Record<string, never>
  }
}

/** The owner's log is looked over once a day for rows past AUDIT_KEPT_DAYS (decision 201). */
const SWEEP_AUDIT_LOG_CRON = '45 3 * * *'

/** The admin module's part of the job table: the daily sweep of the owner's log. */
export function adminJobTable(admin: Pick<AdminService, 'expireAuditLog'>): JobTablePart<'sweep-audit-log'> {
  return {
    'sweep-audit-log': {
      work: 'upkeep',
      handle: async () => ({ status: 'done', reason: `${await admin.expireAuditLog()} removed` }),
      cron: SWEEP_AUDIT_LOG_CRON,
    },
  }
}
