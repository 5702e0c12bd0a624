import { and, eq, gt, inArray, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Executor } from '#server/db/client.ts'
import { contacts, disabledAccounts, realtimePresence, session } from '#server/db/schema.ts'

/** A presence row counts for this long after its instance last refreshed it (every 30 s), so a crashed instance's rows stop counting. */
export const PRESENCE_TTL_SECONDS = 90

/** True when this person has an open socket on an instance that is still alive. The one definition of "online". */
export function isPresent(userId: AnyColumn | SQL | string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${realtimePresence}
    where ${realtimePresence.userId} = ${userId} and ${realtimePresence.connections} > 0
      and ${realtimePresence.seenAt} > now() - make_interval(secs => ${PRESENCE_TTL_SECONDS}))`
}

/**
 * Used on a row of `contacts`: presence is shared only between two people who have both chosen each other and keep
 * each other (decision 40): both rows of the pair have `chosen_at` (each pressed Message or sent the other a message)
 * and neither is archived. Being contacted by a stranger is not a choice, and archiving someone withdraws it in both
 * directions.
 */
const reverseContacts = alias(contacts, 'reverse_contacts')
export const sharesPresence = sql`(${contacts.chosenAt} is not null and ${contacts.archivedAt} is null and exists (
  select 1 from ${contacts} as ${sql.identifier('reverse_contacts')}
  where ${reverseContacts.userId} = ${contacts.contactUserId} and ${reverseContacts.contactUserId} = ${contacts.userId}
    and ${reverseContacts.archivedAt} is null and ${reverseContacts.chosenAt} is not null))`

/** The people who see this person's presence: owners of a contact linked to them, with whom they share it. */
export async function listPresenceWatchers(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ ownerId: contacts.userId })
    .from(contacts)
    .where(and(eq(contacts.contactUserId, userId), sharesPresence))
  return rows.map((r) => r.ownerId)
}

export async function isUserOnline(db: Executor, userId: string): Promise<boolean> {
  const result = await db.execute<{ online: boolean }>(sql`select ${isPresent(userId)} as online`)
  return result.rows[0]?.online === true
}

/** Serialises presence changes of one person across instances until the transaction ends. */
export async function lockPresence(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'presence:' + userId}))`)
}

export async function upsertPresence(tx: Executor, instanceId: string, userId: string, connections: number): Promise<void> {
  await tx
    .insert(realtimePresence)
    .values({ instanceId, userId, connections })
    .onConflictDoUpdate({
      target: [realtimePresence.instanceId, realtimePresence.userId],
      set: { connections, seenAt: sql`now()` },
    })
}

export async function deletePresence(tx: Executor, instanceId: string, userId: string): Promise<void> {
  await tx.delete(realtimePresence).where(and(eq(realtimePresence.instanceId, instanceId), eq(realtimePresence.userId, userId)))
}

/** Marks this instance's rows as alive; answers the people whose row it still has (a missing row is re-created by the caller). */
export async function refreshInstancePresence(db: Executor, instanceId: string, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return []
  const rows = await db
    .update(realtimePresence)
    .set({ seenAt: sql`now()` })
    .where(and(eq(realtimePresence.instanceId, instanceId), inArray(realtimePresence.userId, userIds)))
    .returning({ userId: realtimePresence.userId })
  return rows.map((r) => r.userId)
}

/** Deletes every row of this instance (shutdown); answers whose rows they were. */
export async function deleteInstancePresence(db: Executor, instanceId: string): Promise<string[]> {
  const rows = await db
    .delete(realtimePresence)
    .where(eq(realtimePresence.instanceId, instanceId))
    .returning({ userId: realtimePresence.userId })
  return rows.map((r) => r.userId)
}

/** Deletes rows no instance has refreshed within the time-to-live (a crashed instance's); answers whose rows they were. */
export async function deleteStalePresence(db: Executor): Promise<string[]> {
  const rows = await db
    .delete(realtimePresence)
    .where(lt(realtimePresence.seenAt, sql`now() - make_interval(secs => ${PRESENCE_TTL_SECONDS})`))
    .returning({ userId: realtimePresence.userId })
  return [...new Set(rows.map((r) => r.userId))]
}

/** Those of these sessions that still exist and have not expired (sign-out and a password reset delete them). */
export async function liveSessionIds(db: Executor, sessionIds: string[]): Promise<string[]> {
  if (sessionIds.length === 0) return []
  const rows = await db
    .select({ id: session.id })
    .from(session)
    .where(and(inArray(session.id, sessionIds), gt(session.expiresAt, sql`now()`)))
  return rows.map((r) => r.id)
}

/** Which of these people the owner disabled. */
export async function disabledAmong(db: Executor, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return []
  const rows = await db.select({ id: disabledAccounts.userId }).from(disabledAccounts).where(inArray(disabledAccounts.userId, userIds))
  return rows.map((r) => r.id)
}
