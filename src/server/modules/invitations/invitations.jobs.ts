import { transcriptSureForStrangers } from '#shared/transcript-confidence.ts'
import type { JobMap, JobOutcome } from '#server/jobs/job-queue.ts'
import type { JobTablePart } from '#server/jobs/job-table.ts'
import type { MailMessage } from '#server/notify/mailer.ts'
import { publishRealtime } from '#server/realtime/realtime.publisher.ts'
import { transcribeKept, type KeptTranscriptJobDeps } from '#server/speech/transcribe-object.ts'
import { claimInvitationTranscript, hasAccountWithEmail, saveInvitationTranscript } from './invitations.queries.ts'
import type { InvitationsService } from './invitations.service.ts'

declare module '#server/jobs/job-queue.ts' {
  interface JobMap {
    /** an invitation's personal message */
    'transcribe-invitation': { invitationId: string; audioKey: string; attempt: number }
    /** an e-mail invitation's mail, sent only when no account has the address (decision 193) */
    'send-invitation-mail': MailMessage
    /** marks overdue invitations expired (scheduled; the inviter's list also does it on load) */
    'expire-invitations': Record<string, never>
  }
}

/** The scheduled expiry (docs/product/invitations.md): every 15 minutes, besides the bulk update on each list load. */
export const EXPIRE_INVITATIONS_CRON = '*/15 * * * *'

type InvitationJobDeps = KeptTranscriptJobDeps & {
  /** the mail job's sending (notify/mail.jobs.ts): a failure is thrown, and the job tried again */
  sendMail: (message: MailMessage) => Promise<JobOutcome>
}

function createInvitationJobs(invitations: Pick<InvitationsService, 'expireAll'>, deps: InvitationJobDeps) {
  const { db, queue, sendMail } = deps
  return {
    /**
     * An e-mail invitation's mail (decision 193): sent only when no account has the address. Someone who has one is
     * never mailed an invitation, so neither is a person who blocked the inviter; the inviter cannot tell.
     */
    async handleSendInvitationMail(message: MailMessage): Promise<JobOutcome> {
      if (await hasAccountWithEmail(db, message.to)) return { status: 'skipped', reason: 'the address has an account' }
      return sendMail(message)
    },

    /** Marks overdue invitations expired (their inviters' lists refresh) and drops old rate counters. */
    async handleExpireInvitations(): Promise<JobOutcome> {
      const expired = await invitations.expireAll()
      return { status: 'done', reason: `${expired} expired` }
    },

    /** An invitation's personal message: transcribed like a welcome message; the inviter's list hears of it. */
    async handleTranscribeInvitation({ invitationId, audioKey, attempt }: JobMap['transcribe-invitation']): Promise<JobOutcome> {
      const claimed = await claimInvitationTranscript(db, invitationId, audioKey)
      if (!claimed) return { status: 'skipped', reason: 'invitation gone, cancelled or already transcribed' }
      return transcribeKept(deps, {
        audioKey,
        attempt,
        language: claimed.language,
        what: { invitationId },
        save: async (tx, { text, words, language, status }) => {
          // only a stranger reads it, so a rough guess is not kept as what the inviter said (decision 219): the
          // recording alone is played
          const transcript = transcriptSureForStrangers(text, words) ? text : null
          await saveInvitationTranscript(tx, invitationId, audioKey, {
            transcript,
            language: transcript === null ? null : language,
            status,
          })
          await publishRealtime(tx, [claimed.inviterUserId], { type: 'invitation.changed', invitation_id: invitationId })
        },
        requeue: (tx, delayMs) => queue.enqueue(tx, 'transcribe-invitation', { invitationId, audioKey, attempt: attempt + 1 }, { delayMs }),
      })
    },
  }
}

/** The invitations module's part of the job table: its transcript, its mail and its scheduled expiry. */
export function invitationJobTable(
  invitations: Pick<InvitationsService, 'expireAll'>,
  { concurrency, ...deps }: InvitationJobDeps & { concurrency: number },
): JobTablePart<'transcribe-invitation' | 'send-invitation-mail' | 'expire-invitations'> {
  const jobs = createInvitationJobs(invitations, deps)
  return {
    'transcribe-invitation': { work: 'speech', handle: (data) => jobs.handleTranscribeInvitation(data), concurrency },
    'send-invitation-mail': { work: 'mail', handle: (data) => jobs.handleSendInvitationMail(data) },
    'expire-invitations': { work: 'upkeep', handle: () => jobs.handleExpireInvitations(), cron: EXPIRE_INVITATIONS_CRON },
  }
}
