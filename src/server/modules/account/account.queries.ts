import { and, asc, desc, eq, gt, isNotNull, isNull, lte, ne, notExists, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Executor } from '#server/db/client.ts'
import {
  audioMessages,
  audioUploads,
  contacts,
  deletedInviterTokens,
  invitations,
  profilePhotos,
  profiles,
  session,
  sessionMessages,
  talkSessions,
  user,
} from '#server/db/schema.ts'
import { contactName } from '#server/modules/contacts/contacts.queries.ts'
import { readAsSeenBy } from '#server/modules/messages/messages.queries.ts'

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

/** The other person's row for the owner, when it is a message request: the owner's row is then a request they sent. */
const theirs = alias(contacts, 'theirs')

/** The person's side of their relationships, as the export shows them. */
export async function listContactsOfOwner(db: Executor, userId: string) {
  return db
    .select({
      id: contacts.id,
      name: contactName,
      contactUserId: contacts.contactUserId,
      requestStatus: contacts.requestStatus,
      // whether the other person has not accepted this owner's request (pending, ignored or blocked alike: the
      // requester is told none of those apart, decision 123)
      requestSent: sql<boolean>`${theirs.requestStatus} is not null`,
      archivedAt: contacts.archivedAt,
      lastInteraction: contacts.lastInteraction,
      createdAt: contacts.createdAt,
    })
    .from(contacts)
    .leftJoin(profiles, eq(profiles.id, contacts.contactUserId))
    .leftJoin(theirs, and(eq(theirs.userId, contacts.contactUserId), eq(theirs.contactUserId, contacts.userId)))
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
      leftContactId: audioMessages.leftContactId,
      audioKey: audioMessages.audioKey,
      mimeType: audioMessages.mimeType,
      durationSeconds: audioMessages.durationSeconds,
      transcription: audioMessages.transcription,
      emotions: audioMessages.emotions,
      topics: audioMessages.topics,
      replyToId: audioMessages.replyToId,
      isRead: readAsSeenBy(userId),
      createdAt: audioMessages.createdAt,
    })
    .from(audioMessages)
    .where(or(eq(audioMessages.senderId, userId), eq(audioMessages.receiverId, userId)))
    .orderBy(asc(audioMessages.createdAt), asc(audioMessages.id))
}

/**
 * Every stored object that is the person's alone: uploads, invitations, welcome, session notes, photos. The
 * recordings of messages nobody keeps are `deleteMessagesNobodyKeeps`'s.
 */
export async function listOwnObjectKeys(tx: Executor, userId: string): Promise<{ audio: string[]; photoBases: string[] }> {
  const [uploads, invited, profile, photos, notes] = await Promise.all([
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
  const audio = [...uploads, ...invited, ...profile, ...notes].map((row) => row.key).filter((key): key is string => Boolean(key))
  return { audio: [...new Set(audio)], photoBases: photos.map((row) => row.base) }
}

/**
 * Before the person goes, the messages nobody will keep (decision 202): what they sent to someone who is no longer
 * there (deleted their account) or never took them into a conversation (a message request: decision 123), and what
 * they received from someone who already deleted their account. Answers the recordings, to remove after the commit.
 */
export async function deleteMessagesNobodyKeeps(tx: Executor, userId: string): Promise<string[]> {
  const receiverKeeps = tx
    .select({ one: sql`1` })
    .from(contacts)
    .where(and(eq(contacts.userId, audioMessages.receiverId), eq(contacts.contactUserId, userId), isNull(contacts.requestStatus)))
  const rows = await tx
    .delete(audioMessages)
    .where(
      or(
        and(eq(audioMessages.senderId, userId), notExists(receiverKeeps)),
        and(eq(audioMessages.receiverId, userId), isNull(audioMessages.senderId)),
      ),
    )
    .returning({ key: audioMessages.audioKey })
  return rows.map((row) => row.key)
}

/**
 * The others' rows for the person, before the person goes (decision 120): each keeps the name the person has now,
 * is marked deleted and archived (out of the owner's circle, into their archived list), and the messages between
 * its owner and the person, both ways, are tagged with it (decision 202), so the conversation still lists them once
 * the person is gone. Answers the rows.
 */
export async function markContactsOfLeaver(tx: Executor, userId: string): Promise<{ id: string; ownerId: string }[]> {
  const rows = await tx
    .update(contacts)
    .set({
      name: sql`coalesce((select ${profiles.name} from ${profiles} where ${profiles.id} = ${userId}), ${contacts.name})`,
      accountDeletedAt: sql`now()`,
      archivedAt: sql`coalesce(${contacts.archivedAt}, now())`,
    })
    .where(eq(contacts.contactUserId, userId))
    .returning({ id: contacts.id, ownerId: contacts.userId })
  await tx
    .update(audioMessages)
    .set({ leftContactId: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.contactUserId, userId),
        or(
          and(eq(audioMessages.receiverId, userId), eq(contacts.userId, audioMessages.senderId)),
          and(eq(audioMessages.senderId, userId), eq(contacts.userId, audioMessages.receiverId)),
        ),
      ),
    )
  return rows
}

/**
 * The person's pending invitations go with them; their tokens' hashes stay until the invitation would have expired,
 * so the link answers why it no longer works (decision 120). Tombstones already past that go now.
 */
export async function keepInvitationTombstones(tx: Executor, userId: string): Promise<void> {
  await tx.delete(deletedInviterTokens).where(lte(deletedInviterTokens.expiresAt, sql`now()`))
  await tx
    .insert(deletedInviterTokens)
    .select(
      tx
        .select({ tokenHash: invitations.tokenHash, expiresAt: invitations.expiresAt })
        .from(invitations)
        .where(and(eq(invitations.inviterUserId, userId), eq(invitations.status, 'pending'), gt(invitations.expiresAt, sql`now()`))),
    )
    .onConflictDoNothing()
}

/** Whether an invitation token (its hash) belonged to someone who has since deleted their account. */
export async function isTokenOfDeletedInviter(db: Executor, tokenHash: string): Promise<boolean> {
  const rows = await db
    .select({ tokenHash: deletedInviterTokens.tokenHash })
    .from(deletedInviterTokens)
    .where(and(eq(deletedInviterTokens.tokenHash, tokenHash), gt(deletedInviterTokens.expiresAt, sql`now()`)))
  return rows.length > 0
}

/**
 * Deletes the account. The database does the rest in the same statement: the profile, photos, sessions, contacts
 * and conversations of the person and their likes go with it (cascade); the others' rows for them lose the link, and
 * the messages the others keep lose the person as their sender or receiver (set null, decisions 60 and 202).
 */
export async function deleteUser(tx: Executor, userId: string): Promise<boolean> {
  const rows = await tx.delete(user).where(eq(user.id, userId)).returning({ id: user.id })
  return rows.length > 0
}

/** The person's invitations as the export shows them: never the token's hash (a link is not theirs to keep). */
export async function listInvitationsForExport(db: Executor, userId: string) {
  return db
    .select({
      id: invitations.id,
      kind: invitations.kind,
      email: invitations.email,
      recipientName: invitations.recipientName,
      note: invitations.note,
      status: invitations.status,
      audioKey: invitations.audioKey,
      usesWelcomeMessage: invitations.usesWelcomeMessage,
      transcript: invitations.transcript,
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
      acceptedAt: invitations.acceptedAt,
    })
    .from(invitations)
    .where(eq(invitations.inviterUserId, userId))
    .orderBy(asc(invitations.createdAt), asc(invitations.id))
}
