import { type OpenNudges } from '#shared/relationship-health.ts'
import { NUDGE_TEXTS } from '#shared/nudge-texts.ts'
import type { Database } from '#server/db/client.ts'
import { NotFoundError } from '#server/http/errors.ts'
import type { JobOutcome, JobQueue } from '#server/jobs/job-queue.ts'
import type { PushService } from '#server/modules/notifications/push.service.ts'
import { intlOf, localeOf } from '#server/i18n/i18n.ts'
import { nudgeMail, nudgePush } from '#server/notify/templates.ts'
import {
  getNudgeCandidate,
  getNudgesEnabled,
  insertNudge,
  listOpenNudges,
  listNudgeCandidates,
  lockPersonNudges,
  setNudgesEnabled,
} from './nudges.queries.ts'

/** The daily pass pages through candidates this many at a time and queues one job per relationship. */
const PAGE = 200

/**
 * Gentle nudges: once a day, relationships gone quiet against their own rhythm get one nudge, within the
 * limits (one per contact per two weeks, one per person per week) and only while the person keeps nudges on. It is
 * pushed to the person's browsers when they subscribed one, else mailed when they keep e-mail on (decision 95). Either
 * way it opens recording for that contact.
 */
export function createNudgesService({
  db,
  queue,
  push,
  publicUrl,
  now = () => new Date(),
}: {
  db: Database
  queue: Pick<JobQueue, 'enqueue'>
  push: Pick<PushService, 'notifyPerson'>
  publicUrl: string
  now?: () => Date
}) {
  return {
    /** The daily job: one 'nudge' job per candidate (each checks the limits again when it runs). */
    async handleFindQuietRelationships(): Promise<JobOutcome> {
      const at = now()
      let after: string | null = null
      let queued = 0
      for (;;) {
        const page = await listNudgeCandidates(db, at, after, PAGE)
        for (const candidate of page) await queue.enqueue(null, 'nudge', { contactId: candidate.contactId })
        queued += page.length
        if (page.length < PAGE) break
        after = page.at(-1)?.contactId ?? null
      }
      return { status: 'done', reason: `${queued} queued` }
    },

    /**
     * Sends one nudge when the relationship still qualifies. The person's nudges are locked, the rule read again and
     * the nudge recorded with its mail job in one transaction: a retry or a second job never sends a second nudge.
     */
    async handleNudge({ contactId }: { contactId: string }): Promise<JobOutcome> {
      const at = now()
      return db.transaction(async (tx) => {
        const peek = await getNudgeCandidate(tx, contactId, at)
        if (!peek) return { status: 'skipped', reason: 'no longer due' }
        await lockPersonNudges(tx, peek.userId)
        const candidate = await getNudgeCandidate(tx, contactId, at)
        if (!candidate) return { status: 'skipped', reason: 'no longer due' }
        const recordPath = `/record/${encodeURIComponent(contactId)}`
        const channel = candidate.hasPush ? 'push' : 'email'
        await insertNudge(tx, { userId: candidate.userId, contactId, channel, sentAt: at })
        const intl = intlOf(localeOf(candidate.language))
        if (channel === 'push') await push.notifyPerson(candidate.userId, nudgePush(intl, candidate.contactName, recordPath), tx)
        else
          await queue.enqueue(
            tx,
            'send-mail',
            nudgeMail(intl, candidate.email, candidate.ownerName, candidate.contactName, publicUrl + recordPath),
          )
        return { status: 'done', reason: `by ${channel}` }
      })
    },

    /** The caller's contacts that were nudged and are still quiet (the home tiles' soft hint). */
    async listOpen(userId: string): Promise<OpenNudges> {
      const rows = await listOpenNudges(db, userId, now())
      // newest first: keep each contact's latest nudge
      const latest = new Map(rows.toReversed().map((r) => [r.contactId, r.sentAt]))
      return { nudges: [...latest].map(([contactId, sentAt]) => ({ contact_id: contactId, sent_at: sentAt.toISOString() })) }
    },

    async getSettings(userId: string): Promise<{ enabled: boolean }> {
      const enabled = await getNudgesEnabled(db, userId)
      if (enabled === undefined) throw new NotFoundError(NUDGE_TEXTS.profileNotFound)
      return { enabled }
    },

    async setSettings(userId: string, enabled: boolean): Promise<{ enabled: boolean }> {
      await setNudgesEnabled(db, userId, enabled)
      return this.getSettings(userId)
    },
  }
}
export type NudgesService = ReturnType<typeof createNudgesService>
