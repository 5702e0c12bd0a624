import type { FastifyBaseLogger } from 'fastify'
import type { JobOutcome, JobQueue } from '#server/jobs/job-queue.ts'
import type { JobTablePart } from '#server/jobs/job-table.ts'
import type { MailMessage, Mailer } from './mailer.ts'

declare module '#server/jobs/job-queue.ts' {
  interface JobMap {
    /** send one mail (auth mail is sent after the answer, never while the client waits) */
    'send-mail': MailMessage
  }
}

/**
 * Mail leaves through the job queue: a request that sends mail answers as fast whether or not a mail goes out,
 * so its timing does not tell whether an address has an account.
 */
export function queueMail(queue: Pick<JobQueue, 'enqueue'>) {
  return (message: MailMessage) => queue.enqueue(null, 'send-mail', message)
}

export function createMailJobs({ mailer, log }: { mailer: Mailer; log: Pick<FastifyBaseLogger, 'error'> }) {
  return {
    /** Sends one queued mail. A failure is thrown so that pg-boss tries again later; a repeat may send it twice. */
    async handleSendMail(message: MailMessage): Promise<JobOutcome> {
      try {
        await mailer.send(message)
        return { status: 'done' }
      } catch (error) {
        // the subject only: the body holds links that open the account
        log.error({ err: error, subject: message.subject }, 'mail could not be sent; it will be tried again')
        throw error
      }
    },
  }
}

/** The mail job's part of the job table. */
export function mailJobTable(mail: ReturnType<typeof createMailJobs>): JobTablePart<'send-mail'> {
  return { 'send-mail': { work: 'mail', handle: (data) => mail.handleSendMail(data) } }
}
