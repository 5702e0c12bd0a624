import type { FastifyBaseLogger } from 'fastify'
import type { JobOutcome, JobQueue } from '#server/jobs/job-queue.ts'
import type { MailMessage, Mailer } from './mailer.ts'

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
