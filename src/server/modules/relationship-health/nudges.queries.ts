import { and, asc, desc, eq, gt, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { INACTIVITY_DAYS } from '#shared/limits.ts'
import type { Executor } from '#server/db/client.ts'
import { contactAnalytics, contactNudges, contacts, profiles, pushSubscriptions, user } from '#server/db/schema.ts'
import { NUDGE_CONTACT_INTERVAL_MS, NUDGE_GAP_FACTOR, NUDGE_MIN_QUIET_MS, NUDGE_PERSON_INTERVAL_MS } from './health-score.ts'

export type NudgeCandidate = {
  contactId: string
  userId: string
  contactName: string
  ownerName: string
  email: string
  /** the owner's language (null: not known yet, English) */
  language: string | null
  /** the owner subscribed at least one browser to push: the nudge goes there, not by e-mail */
  hasPush: boolean
  emailEnabled: boolean
}

const hasPushSubscription = sql<boolean>`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${contacts.userId})`

/**
 * A relationship that may be nudged at `now`: an active, linked contact whose owner keeps nudges on and can be reached
 * (a browser subscribed to push, or e-mail on), quiet
 * for twice the pair's usual gap and at least a week (the rule of `isGoingQuiet`, in SQL), with no nudge for this
 * contact in two weeks and none for the owner in a week. Contacts already inactive are left to rekindle.
 */
function nudgeable(now: Date): SQL {
  const at = (ms: number) => new Date(now.getTime() - ms)
  const quietSince = sql`${now.toISOString()}::timestamptz - greatest(make_interval(secs => ${NUDGE_MIN_QUIET_MS / 1000}), make_interval(secs => ${NUDGE_GAP_FACTOR} * ${contactAnalytics.usualGapSeconds}))`
  const lastSignOfLife = sql`greatest(${contacts.lastReplyFromThem}, ${contacts.rekindledAt})`
  return and(
    isNull(contacts.archivedAt),
    isNotNull(contacts.contactUserId),
    sql`(${contacts.lastReplyFromThem} is null or ${lastSignOfLife} > ${now.toISOString()}::timestamptz - make_interval(days => ${INACTIVITY_DAYS}))`,
    eq(profiles.nudgesEnabled, true),
    or(hasPushSubscription, eq(profiles.emailNotificationsEnabled, true)),
    isNotNull(contactAnalytics.usualGapSeconds),
    sql`${contactAnalytics.lastMessageAt} <= ${quietSince}`,
    sql`not exists (select 1 from ${contactNudges} where ${contactNudges.contactId} = ${contacts.id} and ${contactNudges.sentAt} > ${at(NUDGE_CONTACT_INTERVAL_MS)})`,
    sql`not exists (select 1 from ${contactNudges} where ${contactNudges.userId} = ${contacts.userId} and ${contactNudges.sentAt} > ${at(NUDGE_PERSON_INTERVAL_MS)})`,
  ) as SQL
}

/** the contact's own profile, beside the owner's: the nudge names them as they named themselves (decision 117) */
const contactProfile = alias(profiles, 'contact_profile')

const candidateColumns = {
  contactId: contacts.id,
  userId: contacts.userId,
  contactName: sql<string>`coalesce(${contactProfile.name}, ${contacts.name})`,
  ownerName: profiles.name,
  email: user.email,
  language: profiles.language,
  hasPush: hasPushSubscription,
  emailEnabled: profiles.emailNotificationsEnabled,
}

const candidates = (db: Executor) =>
  db
    .select(candidateColumns)
    .from(contactAnalytics)
    .innerJoin(contacts, eq(contacts.id, contactAnalytics.contactId))
    .innerJoin(profiles, eq(profiles.id, contacts.userId))
    .innerJoin(user, eq(user.id, contacts.userId))
    .leftJoin(contactProfile, eq(contactProfile.id, contacts.contactUserId))

/** A page of nudgeable relationships after `afterId`, by contact id. */
export async function listNudgeCandidates(db: Executor, now: Date, afterId: string | null, limit: number): Promise<NudgeCandidate[]> {
  return candidates(db)
    .where(and(nudgeable(now), afterId ? gt(contacts.id, afterId) : undefined))
    .orderBy(asc(contacts.id))
    .limit(limit)
}

/** The same rule for one contact, read again inside the nudge's transaction. */
export async function getNudgeCandidate(db: Executor, contactId: string, now: Date): Promise<NudgeCandidate | undefined> {
  const [row] = await candidates(db).where(and(eq(contacts.id, contactId), nudgeable(now)))
  return row
}

/** One nudge at a time per person: the per-person limit holds when two of their contacts are nudged at once. */
export async function lockPersonNudges(tx: Executor, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'nudge:' + userId}))`)
}

export async function insertNudge(tx: Executor, values: typeof contactNudges.$inferInsert) {
  await tx.insert(contactNudges).values(values)
}

/**
 * The person's contacts nudged within the contact interval that are still quiet (no message since the nudge): their
 * home tiles show a soft hint.
 */
export async function listOpenNudges(db: Executor, userId: string, now: Date) {
  return db
    .select({ contactId: contactNudges.contactId, sentAt: contactNudges.sentAt })
    .from(contactNudges)
    .innerJoin(contactAnalytics, eq(contactAnalytics.contactId, contactNudges.contactId))
    .where(
      and(
        eq(contactNudges.userId, userId),
        gt(contactNudges.sentAt, new Date(now.getTime() - NUDGE_CONTACT_INTERVAL_MS)),
        sql`(${contactAnalytics.lastMessageAt} is null or ${contactAnalytics.lastMessageAt} < ${contactNudges.sentAt})`,
      ),
    )
    .orderBy(desc(contactNudges.sentAt))
}

export async function getNudgesEnabled(db: Executor, userId: string): Promise<boolean | undefined> {
  const [row] = await db.select({ enabled: profiles.nudgesEnabled }).from(profiles).where(eq(profiles.id, userId))
  return row?.enabled
}

export async function setNudgesEnabled(db: Executor, userId: string, enabled: boolean) {
  await db.update(profiles).set({ nudgesEnabled: enabled }).where(eq(profiles.id, userId))
}
