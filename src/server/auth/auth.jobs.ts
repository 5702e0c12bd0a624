import type { JobOutcome } from '#server/jobs/job-queue.ts'
import type { Auth, ResetRequest } from './auth.ts'

export function createAuthJobs(auth: Auth) {
  return {
    /**
     * Carries out a reset request queued by the auth hook: Better Auth looks the address up and, when it has an
     * account, stores a token and queues the mail. Safe to repeat (a repeat makes a second, equally valid link).
     */
    async handleRequestPasswordReset(request: ResetRequest): Promise<JobOutcome> {
      await auth.api.requestPasswordReset({ body: request })
      return { status: 'done' }
    },
  }
}
