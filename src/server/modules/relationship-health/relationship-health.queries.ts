import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { audioMessages, contactAnalytics, contactMeetings, contacts, messageLikes, profiles } from '#server/db/schema.ts'
import { contactName } from '#server/modules/contacts/contacts.queries.ts'

export type AnalyticsRow = typeof contactAnalytics.$inferSelect
export type MeetingRow = typeof contactMeetings.$inferSelect

/** Both directions of a relationship that exist (a person may not have the other in their circle). */
export async function listPairContacts(db: Executor, a: string, b: string) {
  return db
    .select({
      id: contacts.id,
      userId: contacts.userId,
      contactUserId: contacts.contactUserId,
      requestStatus: contacts.requestStatus,
      name: contactName,
    })
    .from(contacts)
    .leftJoin(profiles, eq(profiles.id, contacts.contactUserId))
    .where(or(and(eq(contacts.userId, a), eq(contacts.contactUserId, b)), and(eq(contacts.userId, b), eq(contacts.contactUserId, a))))
}

/**
 * Serialises the refreshes of one pair until the transaction ends, so the last refresh to write has seen every
 * message committed before it (READ COMMITTED reads afresh at each statement).
 */
export async function lockPairHealth(tx: Executor, a: string, b: string) {
  const key = a < b ? `${a}|${b}` : `${b}|${a}`
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'health:' + key}))`)
}

/** The light columns of every message between the two, oldest first (the pair index serves both directions). */
export async function listPairHistory(db: Executor, a: string, b: string) {
  return db
    .select({
      senderId: audioMessages.senderId,
      createdAt: audioMessages.createdAt,
      sentiment: audioMessages.sentiment,
      emotions: audioMessages.emotions,
      topics: audioMessages.topics,
      liked: sql<boolean>`exists (select 1 from ${messageLikes} where ${messageLikes.messageId} = ${audioMessages.id})`,
    })
    .from(audioMessages)
    .where(
      or(
        and(eq(audioMessages.senderId, a), eq(audioMessages.receiverId, b)),
        and(eq(audioMessages.senderId, b), eq(audioMessages.receiverId, a)),
      ),
    )
    .orderBy(asc(audioMessages.createdAt), asc(audioMessages.id))
}

export async function listMeetingDates(db: Executor, contactId: string): Promise<string[]> {
  const rows = await db.select({ metOn: contactMeetings.metOn }).from(contactMeetings).where(eq(contactMeetings.contactId, contactId))
  return rows.map((r) => r.metOn)
}

export async function upsertAnalytics(tx: Executor, values: typeof contactAnalytics.$inferInsert) {
  await tx.insert(contactAnalytics).values(values).onConflictDoUpdate({ target: contactAnalytics.contactId, set: values })
}

export async function getAnalytics(db: Executor, contactId: string): Promise<AnalyticsRow | undefined> {
  const [row] = await db.select().from(contactAnalytics).where(eq(contactAnalytics.contactId, contactId))
  return row
}

/** Newest meetings first. */
export async function listRecentMeetings(db: Executor, contactId: string, limit: number): Promise<MeetingRow[]> {
  return db
    .select()
    .from(contactMeetings)
    .where(eq(contactMeetings.contactId, contactId))
    .orderBy(desc(contactMeetings.metOn), desc(contactMeetings.createdAt))
    .limit(limit)
}

export async function countMeetings(db: Executor, contactId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contactMeetings).where(eq(contactMeetings.contactId, contactId))
  return row?.n ?? 0
}

export async function insertMeeting(tx: Executor, values: typeof contactMeetings.$inferInsert): Promise<MeetingRow> {
  const [row] = await tx.insert(contactMeetings).values(values).returning()
  if (!row) throw new Error('meeting insert returned no row')
  return row
}
