import type { FastifyBaseLogger } from 'fastify'
import { EMAIL_UNSUBSCRIBE_PATH } from '#shared/notifications.ts'
import { NOTIFICATION_TEXTS } from '#shared/notifications-texts.ts'
import type { Database } from '#server/db/client.ts'
import { ForbiddenError } from '#server/http/errors.ts'
import type { JobOutcome, JobQueue, QueuedJob } from '#server/jobs/job-queue.ts'
import { intlOf, localeOf } from '#server/i18n/i18n.ts'
import { PERSON_MESSAGES } from '#server/i18n/messages.ts'
import { newMessagesMail } from '#server/notify/templates.ts'
import { isUserOnline } from '#server/realtime/realtime.queries.ts'
import {
  claimMailed,
  disableEmailNotifications,
  getNotifiedMessage,
  getNotifiedPerson,
  listUnmailedBurst,
} from './notifications.queries.ts'
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.ts'

/**
 * When new-message mail goes out (decision 62). A message's mail job starts `burstMs` after it arrives and takes
 * every unplayed, unmailed message the sender sent since `burstMs` before it, so a burst becomes one mail. While one of
 * them is still being transcribed, and for at most `transcriptWaitMs` after it arrived, the job looks again every
 * `recheckMs`; then the mail leaves with what is ready. While the receiver has Hearth open (a live socket on any instance),
 * they see the message arrive: the job looks again every `onlineRecheckMs`, and the mail leaves only if the message is
 * still unheard at a look after they left (decision 129).
 */
export type NotificationTiming = { burstMs: number; transcriptWaitMs: number; recheckMs: number; onlineRecheckMs: number }
export const DEFAULT_NOTIFICATION_TIMING: NotificationTiming = {
  burstMs: 60_000,
  transcriptWaitMs: 5 * 60_000,
  recheckMs: 20_000,
  onlineRecheckMs: 5 * 60_000,
}

export type NotificationsDeps = {
  db: Database
  queue: Pick<JobQueue, 'enqueue'>
  publicUrl: string
  /** signs the unsubscribe links (the URL signing key; the token is domain-separated) */
  signingKey: string
  timing: NotificationTiming
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>
}

export function createNotificationsService({ db, queue, publicUrl, signingKey, timing }: NotificationsDeps) {
  const unsubscribeUrl = (userId: string) =>
    `${publicUrl}${EMAIL_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(signUnsubscribeToken(signingKey, userId))}`

  return {
    unsubscribeUrl,

    /**
     * The receiver's notifications of a new message, for the send to queue with its other jobs in the transaction
     * that writes the message: they exist exactly when it does.
     */
    newMessageJobs(messageId: string): QueuedJob[] {
      return [
        { name: 'notify-new-message-mail', data: { messageId }, delayMs: timing.burstMs },
        { name: 'push-new-message', data: { messageId } },
      ]
    },

    /**
     * Mails the receiver about a message and the rest of its burst. Safe to repeat: a message is claimed in
     * message_mail_notifications in the transaction that queues the mail, so it is never mailed twice.
     */
    async handleMailNewMessage({ messageId }: { messageId: string }): Promise<JobOutcome> {
      const message = await getNotifiedMessage(db, messageId)
      if (!message) return { status: 'skipped', reason: 'message deleted' }
      if (message.mailed) return { status: 'skipped', reason: 'already mailed' }
      if (message.isRead) return { status: 'skipped', reason: 'already played' }
      const receiver = await getNotifiedPerson(db, message.receiverId)
      if (!receiver?.emailNotificationsEnabled) return { status: 'skipped', reason: 'email notifications off' }
      if (await isUserOnline(db, receiver.id)) {
        await queue.enqueue(null, 'notify-new-message-mail', { messageId }, { delayMs: timing.onlineRecheckMs })
        return { status: 'skipped', reason: 'the receiver has Hearth open' }
      }

      const burst = await listUnmailedBurst(
        db,
        message.senderId,
        message.receiverId,
        new Date(message.createdAt.getTime() - timing.burstMs),
      )
      const now = Date.now()
      const waiting = burst.some(
        (m) =>
          (m.processingStatus === 'pending' || m.processingStatus === 'processing') &&
          now - m.createdAt.getTime() < timing.transcriptWaitMs,
      )
      if (waiting) {
        await queue.enqueue(null, 'notify-new-message-mail', { messageId }, { delayMs: timing.recheckMs })
        return { status: 'skipped', reason: 'waiting for the transcript' }
      }

      // in the receiver's language (decision 222)
      const intl = intlOf(localeOf(receiver.language))
      const sender = await getNotifiedPerson(db, message.senderId)
      const senderName = sender?.name ?? intl.formatMessage(PERSON_MESSAGES.someone)
      const mailed = await db.transaction(async (tx) => {
        const claimed = new Set(
          await claimMailed(
            tx,
            burst.map((m) => m.id),
          ),
        )
        const messages = burst.filter((m) => claimed.has(m.id))
        if (messages.length === 0) return 0
        const mail = newMessagesMail(
          intl,
          receiver.email,
          senderName,
          messages.map((m) => ({
            durationSeconds: m.durationSeconds,
            transcript: m.processingStatus === 'completed' ? m.transcription : null,
            emotions: m.emotions,
            topics: m.topics,
            url: `${publicUrl}/playback/${m.id}`,
          })),
          unsubscribeUrl(receiver.id),
        )
        await queue.enqueue(tx, 'send-mail', mail)
        return messages.length
      })
      return mailed === 0 ? { status: 'skipped', reason: 'mailed by another run' } : { status: 'done' }
    },

    /** The one-click unsubscribe: turns the person's new-message mail off, signed in or not. */
    async unsubscribe(token: string): Promise<void> {
      const userId = verifyUnsubscribeToken(signingKey, token)
      if (!userId || !(await disableEmailNotifications(db, userId))) throw new ForbiddenError(NOTIFICATION_TEXTS.unsubscribeInvalid)
    },
  }
}

export type NotificationsService = ReturnType<typeof createNotificationsService>
