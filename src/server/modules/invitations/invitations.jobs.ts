import type { JobOutcome } from '#server/jobs/job-queue.ts'
import type { InvitationsService } from './invitations.service.ts'

/** The scheduled expiry (docs/product/invitations.md): every 15 minutes, besides the bulk update on each list load. */
export const EXPIRE_INVITATIONS_CRON = '*/15 * * * *'

export function createInvitationJobs(invitations: Pick<InvitationsService, 'expireAll'>) {
  return {
    /** Marks overdue invitations expired (their inviters' lists refresh) and drops old rate counters. */
    async handleExpireInvitations(): Promise<JobOutcome> {
      const expired = await invitations.expireAll()
      return { status: 'done', reason: `${expired} expired` }
    },
  }
}
