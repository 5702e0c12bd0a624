import { and, asc, desc, eq, gt, inArray, isNotNull, ne, or, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import {
  audioMessages,
  audioUploads,
  contacts,
  conversations,
  invitations,
  profilePhotos,
  profiles,
  session,
  sessionMessages,
  talkSessions,
  user,
} from '#server/db/schema.ts'
import { contactName } from '#server/modules/contacts/contacts.queries.ts'

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
      name: contactName,
      contactUserId: contacts.contactUserId,
      archivedAt: contacts.archivedAt,
      lastInteraction: contacts.lastInteraction,
      createdAt: contacts.createdAt,
    })
    .from(contacts)
    .leftJoin(profiles, eq(profiles.id, contacts.contactUserId))
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

/** Every stored object that is the person's alone: recordings they sent, uploads, invitations, welcome, session notes, photos. */
export async function listOwnObjectKeys(tx: Executor, userId: string): Promise<{ audio: string[]; photoBases: string[] }> {
  const [sent, uploads, invited, profile, photos, notes] = await Promise.all([
    tx.select({ key: audioMessages.audioKey }).from(audioMessages).where(eq(audioMessages.senderId, userId)),
    tx.select({ key: audioUploads.objectKey }).from(audioUploads).where(eq(audioUploads.userId, userId)),
    tx
      .select({ key: invitations.audioKey })
      .from(invitations)
      .where(and(eq(invitations.inviterUserId, userId), isNotNull(invitations.audioKey))),
    tx.select({ key: profiles.welcomeAudioKey }).from(profiles).where(eq(profiles.id, userId)),
    tx.select({ base: profilePhotos.baseKey }).from(profilePhotos).where(eq(profilePhotos.userId, userId)),
    tx
      .select({ key: sessionMessages.audioKey })
      .from(sessionMessages)
      .innerJoin(talkSessions, eq(talkSessions.id, sessionMessages.sessionId))
      .where(eq(talkSessions.profileId, userId)),
  ])
  const audio = [...sent, ...uploads, ...invited, ...profile, ...notes].map((row) => row.key).filter((key): key is string => Boolean(key))
  return { audio: [...new Set(audio)], photoBases: photos.map((row) => row.base) }
}

/**
 * The other side of each of the person's relationships, before the person goes: nothing unread is left from
 * them, and the last message becomes the other's own latest one to them (or none). Answers who they are.
 */
export async function settleOthersConversations(tx: Executor, userId: string): Promise<string[]> {
  const rows = await tx
    .update(conversations)
    .set({
      unreadCount: 0,
      lastMessageId: sql`(select m.id from ${audioMessages} m
        where m.sender_id = ${conversations.userId} and m.receiver_id = ${userId}
        order by m.created_at desc, m.id desc limit 1)`,
      updatedAt: new Date(),
    })
    .where(inArray(conversations.contactId, tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.contactUserId, userId))))
    .returning({ userId: conversations.userId })
  return [...new Set(rows.map((row) => row.userId))]
}

/**
 * The others' rows for the person keep the name the person had last (decision 117): while linked, a contact's name is
 * read from the profile, which goes with the account.
 */
export async function keepNameInOthersContacts(tx: Executor, userId: string): Promise<void> {
  await tx
    .update(contacts)
    .set({ name: sql`(select ${profiles.name} from ${profiles} where ${profiles.id} = ${userId})` })
    .where(and(eq(contacts.contactUserId, userId), sql`exists (select 1 from ${profiles} where ${profiles.id} = ${userId})`))
}

/**
 * Deletes the account. The database does the rest in the same statement: the profile, photos, sessions, contacts
 * and conversations of the person, the messages they sent and their likes go with it (cascade); the others' rows
 * for them lose the link, and the messages the others sent keep their sender and lose their receiver (set null).
 */
export async function deleteUser(tx: Executor, userId: string): Promise<boolean> {
  const rows = await tx.delete(user).where(eq(user.id, userId)).returning({ id: user.id })
  return rows.length > 0
}
