import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { contacts, profiles } from '#server/db/schema.ts'
import type { RequestStatus } from '#server/modules/contacts/contacts.queries.ts'

export type MessageRequestRow = {
  id: string
  requesterId: string
  name: string
  avatarKey: string | null
  requestedAt: Date
}

const requestColumns = {
  id: contacts.id,
  requesterId: contacts.contactUserId,
  name: contacts.name,
  avatarKey: profiles.profilePictureKey,
  // a request is as recent as the last thing its requester did (pressed Message, sent a message)
  requestedAt: contacts.lastInteraction,
}

/** A request row always names its requester; one whose account is gone is no request any more. */
function linked<T extends { requesterId: string | null }>(row: T): row is T & { requesterId: string } {
  return row.requesterId !== null
}

/** The owner's pending message requests (decision 123), most recent first, at most `limit`. */
export async function listPendingRequests(db: Executor, ownerId: string, limit: number): Promise<MessageRequestRow[]> {
  const rows = await db
    .select(requestColumns)
    .from(contacts)
    .leftJoin(profiles, eq(profiles.id, contacts.contactUserId))
    .where(and(eq(contacts.userId, ownerId), eq(contacts.requestStatus, 'pending')))
    .orderBy(desc(contacts.lastInteraction), desc(contacts.id))
    .limit(limit)
  return rows.filter(linked)
}

/** One of the owner's requests in one of these states; undefined for anyone else's row or a plain contact. */
export async function getRequestForOwner(
  db: Executor,
  ownerId: string,
  id: string,
  states: RequestStatus[],
): Promise<MessageRequestRow | undefined> {
  const [row] = await db
    .select(requestColumns)
    .from(contacts)
    .leftJoin(profiles, eq(profiles.id, contacts.contactUserId))
    .where(and(eq(contacts.userId, ownerId), eq(contacts.id, id), inArray(contacts.requestStatus, states)))
  return row && linked(row) ? row : undefined
}

/** The people the owner blocked (decision 203), the most recently blocked first, at most `limit`. */
export async function listBlockedRequests(
  db: Executor,
  ownerId: string,
  limit: number,
): Promise<(MessageRequestRow & { blockedAt: Date })[]> {
  const rows = await db
    .select({ ...requestColumns, blockedAt: contacts.updatedAt })
    .from(contacts)
    .leftJoin(profiles, eq(profiles.id, contacts.contactUserId))
    .where(and(eq(contacts.userId, ownerId), eq(contacts.requestStatus, 'blocked')))
    .orderBy(desc(contacts.updatedAt), desc(contacts.id))
    .limit(limit)
  return rows.filter(linked)
}

/** `updated_at` says when the request last changed state: the blocked list is ordered by it. */
export async function setRequestStatus(tx: Executor, id: string, status: RequestStatus): Promise<void> {
  await tx.update(contacts).set({ requestStatus: status, updatedAt: new Date() }).where(eq(contacts.id, id))
}
