import { and, asc, desc, eq, gt, ne, or } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { audioMessages, contacts, session } from '#server/db/schema.ts'

export type SessionRow = Pick<typeof session.$inferSelect, 'id' | 'userAgent' | 'createdAt' | 'updatedAt'>

/** The person's sessions that have not expired, the most recently active first. */
export async function listLiveSessionsForUser(db: Executor, userId: string, now: Date): Promise<SessionRow[]> {
  return db
    .select({ id: session.id, userAgent: session.userAgent, createdAt: session.createdAt, updatedAt: session.updatedAt })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, now)))
    .orderBy(desc(session.updatedAt))
}

/** Deletes one of the person's sessions; answers whether there was one (someone else's id deletes nothing). */
export async function deleteSessionOfUser(db: Executor, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .returning({ id: session.id })
  return rows.length > 0
}

/** Deletes every session of the person but `keepId`; answers how many went. */
export async function deleteOtherSessionsOfUser(db: Executor, userId: string, keepId: string): Promise<number> {
  const rows = await db
    .delete(session)
    .where(and(eq(session.userId, userId), ne(session.id, keepId)))
    .returning({ id: session.id })
  return rows.length
}

/** The person's side of their relationships, as the export shows them. */
export async function listContactsOfOwner(db: Executor, userId: string) {
  return db
    .select({
      id: contacts.id,
      name: contacts.name,
      contactUserId: contacts.contactUserId,
      archivedAt: contacts.archivedAt,
      lastInteraction: contacts.lastInteraction,
      createdAt: contacts.createdAt,
    })
    .from(contacts)
    .where(eq(contacts.userId, userId))
    .orderBy(asc(contacts.displayOrder), asc(contacts.createdAt))
}

/** Every message the person sent or received, oldest first, with its words and tags (not its search document). */
export async function listMessagesOfParticipant(db: Executor, userId: string) {
  return db
    .select({
      id: audioMessages.id,
      senderId: audioMessages.senderId,
      receiverId: audioMessages.receiverId,
      audioKey: audioMessages.audioKey,
      mimeType: audioMessages.mimeType,
      durationSeconds: audioMessages.durationSeconds,
      transcription: audioMessages.transcription,
      emotions: audioMessages.emotions,
      topics: audioMessages.topics,
      replyToId: audioMessages.replyToId,
      isRead: audioMessages.isRead,
      createdAt: audioMessages.createdAt,
    })
    .from(audioMessages)
    .where(or(eq(audioMessages.senderId, userId), eq(audioMessages.receiverId, userId)))
    .orderBy(asc(audioMessages.createdAt), asc(audioMessages.id))
}
