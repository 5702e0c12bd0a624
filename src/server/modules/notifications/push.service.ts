import type { FastifyBaseLogger } from 'fastify'
import webpush from 'web-push'
import type { PushPayload, PushSubscriptionInput } from '#shared/notifications.ts'
import { PUSH_TEXTS } from '#shared/notifications-texts.ts'
import type { Database, Executor } from '#server/db/client.ts'
import type { Env } from '#server/env.ts'
import { ConflictError, ValidationError } from '#server/http/errors.ts'
import { intlOf, intlOfPerson, localeOf } from '#server/i18n/i18n.ts'
import { PERSON_MESSAGES, PUSH_MESSAGES } from '#server/i18n/messages.ts'
import type { JobMap, JobOutcome, JobQueue } from '#server/jobs/job-queue.ts'
import {
  canonicalPushEndpoint,
  deliverPush,
  PushTargetRefused,
  resolvePushTarget,
  type PushTargetPolicy,
} from '#server/notify/push-target.ts'
import {
  deletePushSubscription,
  deletePushSubscriptionById,
  deletePushSubscriptionsBeyond,
  getNotifiedMessage,
  getNotifiedPerson,
  listPushSubscriptionsOf,
  lockPushSubscriptionsOf,
  saveOwnPushSubscription,
  type PushSubscriptionRow,
} from './notifications.queries.ts'
import type { NotificationTiming } from './notifications.service.ts'

export type Vapid = { publicKey: string; privateKey: string; subject: string }

/**
 * The VAPID pair: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set, else the one kept in secrets.json, else (tests and
 * benches, which pass no pair) one made for this run. The subject is VAPID_SUBJECT or MAIL_FROM's address.
 */
export function vapidOf(
  env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'MAIL_FROM'>,
  secrets: { vapidPublicKey?: string; vapidPrivateKey?: string },
): Vapid {
  const address = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM
  const subject = env.VAPID_SUBJECT ?? `mailto:${address}`
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject }
  if (secrets.vapidPublicKey && secrets.vapidPrivateKey)
    return { publicKey: secrets.vapidPublicKey, privateKey: secrets.vapidPrivateKey, subject }
  return { ...webpush.generateVAPIDKeys(), subject }
}

/** How long a push service keeps a push for a browser that is offline (a day: a voice message is still news). */
const PUSH_TTL_SECONDS = 24 * 60 * 60
const PUSH_TIMEOUT_MS = 10_000
/** words of the transcript a push shows, for someone who chose to see them */
const PREVIEW_WORDS = 12
/** browsers one person may subscribe; a new one beyond them replaces the one saved longest ago (decision 122) */
export const PUSH_SUBSCRIPTIONS_PER_PERSON = 10

export type PushDeps = {
  db: Database
  queue: Pick<JobQueue, 'enqueue'>
  vapid: Vapid
  /** where pushes may go: public https push services only, unless a test names its local one (decision 122) */
  targets: PushTargetPolicy
  timing: NotificationTiming
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>
}

export function createPushService({ db, queue, vapid, targets, timing, log }: PushDeps) {
  /**
   * Encrypts and posts one push (RFC 8291 aes128gcm, VAPID); answers the push service's status. The endpoint is
   * checked again on every delivery (its name may resolve elsewhere by now), and the post goes to the checked address.
   */
  async function post(subscription: PushSubscriptionRow, payload: PushPayload): Promise<number> {
    const target = await resolvePushTarget(subscription.endpoint, targets)
    const details = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      { vapidDetails: vapid, TTL: PUSH_TTL_SECONDS, contentEncoding: 'aes128gcm', urgency: 'high' },
    )
    const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]))
    return deliverPush(target, {
      method: details.method,
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      timeoutMs: PUSH_TIMEOUT_MS,
    })
  }

  /**
   * Pushes to every browser the person subscribed. A subscription the push service calls gone (404, 410) is removed;
   * another failure is logged and left for the next push (a retry would repeat the pushes that arrived).
   */
  async function sendToPerson(userId: string, payload: PushPayload): Promise<{ sent: number; removed: number; failed: number }> {
    const subscriptions = await listPushSubscriptionsOf(db, userId)
    const result = { sent: 0, removed: 0, failed: 0 }
    await Promise.all(
      subscriptions.map(async (subscription) => {
        try {
          const status = await post(subscription, payload)
          if (status >= 200 && status < 300) result.sent++
          else if (status === 404 || status === 410) {
            await deletePushSubscriptionById(db, subscription.id)
            result.removed++
          } else {
            result.failed++
            log.warn({ status, pushService: new URL(subscription.endpoint).host }, 'push: the push service refused a push')
          }
        } catch (error) {
          result.failed++
          if (error instanceof PushTargetRefused) {
            log.warn({ reason: error.message, pushService: new URL(subscription.endpoint).host }, 'push: refused to post to this address')
          } else {
            log.warn({ err: error, pushService: new URL(subscription.endpoint).host }, 'push: could not reach the push service')
          }
        }
      }),
    )
    return result
  }

  return {
    publicKey: vapid.publicKey,

    /**
     * Saves this browser's subscription for the caller. The endpoint must be a public https push service. An endpoint
     * another person holds stays theirs (409); past the cap, the subscription saved longest ago makes room.
     */
    async subscribe(userId: string, input: PushSubscriptionInput, userAgent: string | null): Promise<void> {
      // stored in its canonical form: the same endpoint spelled another way is the same subscription (decision 201)
      const endpoint = canonicalPushEndpoint(input.endpoint)
      try {
        await resolvePushTarget(endpoint, targets)
      } catch (error) {
        if (error instanceof PushTargetRefused) throw new ValidationError(PUSH_TEXTS.badEndpoint)
        throw error
      }
      const saved = await db.transaction(async (tx) => {
        await lockPushSubscriptionsOf(tx, userId)
        const row = await saveOwnPushSubscription(tx, {
          userId,
          endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          userAgent: userAgent?.slice(0, 512) ?? null,
        })
        if (row) await deletePushSubscriptionsBeyond(tx, userId, PUSH_SUBSCRIPTIONS_PER_PERSON)
        return row
      })
      if (!saved) throw new ConflictError(PUSH_TEXTS.endpointTaken)
    },

    /** Removes the caller's subscription of this endpoint; one that is already gone is fine (the browser's state wins). */
    async unsubscribe(userId: string, endpoint: string): Promise<void> {
      await deletePushSubscription(db, userId, canonicalPushEndpoint(endpoint))
    },

    /**
     * Settings' Test: a push to every browser of the caller, through a job. The answer says only that it is on its
     * way: what a push service answered is never told (it could be any server the caller named). Refused when no
     * browser of the caller is subscribed.
     */
    async sendTest(userId: string): Promise<{ queued: true }> {
      if ((await listPushSubscriptionsOf(db, userId)).length === 0) throw new ConflictError(PUSH_TEXTS.noSubscription)
      const intl = await intlOfPerson(db, userId)
      await queue.enqueue(null, 'send-push', {
        userId,
        title: intl.formatMessage(PUSH_MESSAGES.testTitle),
        body: intl.formatMessage(PUSH_MESSAGES.testBody),
        url: '/settings',
        tag: 'test',
      })
      return { queued: true }
    },

    /**
     * For other modules (health's gentle nudges, ...): pushes `title`/`body` to every browser of the person, through a
     * job (retried after a crash, sent after the caller's answer). `url` is the in-app path a tap opens. Given a
     * transaction, the push is queued exactly when it commits.
     */
    async notifyPerson(
      personId: string,
      message: { title: string; body: string; url: string },
      executor: Executor | null = null,
    ): Promise<void> {
      await queue.enqueue(executor, 'send-push', { userId: personId, ...message })
    },

    async handleSendPush(data: JobMap['send-push']): Promise<JobOutcome> {
      const { userId, ...payload } = data
      const result = await sendToPerson(userId, payload)
      return result.sent > 0 ? { status: 'done' } : { status: 'skipped', reason: 'no browser took the push' }
    },

    /**
     * Pushes a new voice message to its receiver. Someone who asked for the transcript's first words gets the push
     * once it is ready or after the bounded wait; everyone else at once. A message already played is not pushed.
     */
    async handlePushNewMessage({ messageId }: { messageId: string }): Promise<JobOutcome> {
      const message = await getNotifiedMessage(db, messageId)
      if (!message) return { status: 'skipped', reason: 'message deleted' }
      if (message.isRead) return { status: 'skipped', reason: 'already played' }
      const [receiver, sender] = await Promise.all([getNotifiedPerson(db, message.receiverId), getNotifiedPerson(db, message.senderId)])
      if (!receiver) return { status: 'skipped', reason: 'receiver gone' }
      const transcribing = message.processingStatus === 'pending' || message.processingStatus === 'processing'
      if (receiver.pushShowsTranscript && transcribing && Date.now() - message.createdAt.getTime() < timing.transcriptWaitMs) {
        await queue.enqueue(null, 'push-new-message', { messageId }, { delayMs: timing.recheckMs })
        return { status: 'skipped', reason: 'waiting for the transcript' }
      }
      // in the receiver's language (decision 222); the transcript's words stay as they were said
      const intl = intlOf(localeOf(receiver.language))
      const words = message.transcription?.trim().split(/\s+/) ?? []
      const preview =
        receiver.pushShowsTranscript && message.processingStatus === 'completed' && words.length > 0
          ? words.slice(0, PREVIEW_WORDS).join(' ') + (words.length > PREVIEW_WORDS ? '…' : '')
          : intl.formatMessage(PUSH_MESSAGES.newMessageBody)
      const result = await sendToPerson(receiver.id, {
        title: intl.formatMessage(PUSH_MESSAGES.newMessageTitle, {
          senderName: sender?.name ?? intl.formatMessage(PERSON_MESSAGES.someoneLower),
        }),
        body: preview,
        url: `/playback/${message.id}`,
        tag: `message-${message.id}`,
      })
      return result.sent > 0 ? { status: 'done' } : { status: 'skipped', reason: 'no browser took the push' }
    },
  }
}

export type PushService = ReturnType<typeof createPushService>
