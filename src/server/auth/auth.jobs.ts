import type { JobOutcome } from '#server/jobs/job-queue.ts'
import type { JobTablePart } from '#server/jobs/job-table.ts'
import type { Auth, ResetRequest } from './auth.ts'

declare module '#server/jobs/job-queue.ts' {
  interface JobMap {
    /** a password reset asked for by a client, carried out after the answer */
    'request-password-reset': ResetRequest
  }
}

function createAuthJobs(auth: Auth) {
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

/** Auth's part of the job table: the password reset carried out after the answer. */
export function authJobTable(auth: Auth): JobTablePart<'request-password-reset'> {
  const jobs = createAuthJobs(auth)
  return { 'request-password-reset': { work: 'mail', handle: (data) => jobs.handleRequestPasswordReset(data) } }
}
