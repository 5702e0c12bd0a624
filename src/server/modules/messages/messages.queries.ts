import { and, desc, eq, getTableColumns, or, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'
import { audioMessages, contacts, conversations } from '../../db/schema.ts'

/**
 * Every column but the search vector: it exists for the overview's search index and would only add bytes to
 * every message read.
 */
const { searchVector: _searchVector, ...messageColumns } = getTableColumns(audioMessages)
export type MessageRow = Omit<typeof audioMessages.$inferSelect, 'searchVector'>

/** The sender's contact row and the receiver's row for the sender, locked until the transaction ends. */
export async function lockContactPair(tx: Executor, ownerId: string, contactId: string) {
  const [mine] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.userId, ownerId)))
    .for('update')
  if (!mine?.contactUserId) return { mine, theirs: undefined }
  const [theirs] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.userId, mine.contactUserId), eq(contacts.contactUserId, ownerId)))
    .for('update')
  return { mine, theirs }
}

const between = (a: string, b: string) =>
  or(and(eq(audioMessages.senderId, a), eq(audioMessages.receiverId, b)), and(eq(audioMessages.senderId, b), eq(audioMessages.receiverId, a)))

export async function getMessageBetween(db: Executor, messageId: string, a: string, b: string): Promise<MessageRow | undefined> {
  const [row] = await db.select(messageColumns).from(audioMessages).where(and(eq(audioMessages.id, messageId), between(a, b)))
  return row
}

/** A message the user sent or received; undefined for anyone else's. */
export async function getMessageForParticipant(db: Executor, messageId: string, userId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select(messageColumns)
    .from(audioMessages)
    .where(and(eq(audioMessages.id, messageId), or(eq(audioMessages.senderId, userId), eq(audioMessages.receiverId, userId))))
  return row
}

export async function insertMessage(tx: Executor, values: typeof audioMessages.$inferInsert): Promise<MessageRow> {
  const [row] = await tx.insert(audioMessages).values(values).returning(messageColumns)
  if (!row) throw new Error('message insert returned no row')
  return row
}

export async function listMessagesBetween(db: Executor, a: string, b: string, limit: number): Promise<MessageRow[]> {
  return db.select(messageColumns).from(audioMessages).where(between(a, b)).orderBy(desc(audioMessages.createdAt), desc(audioMessages.id)).limit(limit)
}

export async function countMessagesBetween(db: Executor, a: string, b: string): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(audioMessages).where(between(a, b))
  return row?.count ?? 0
}

/** After sending: the sender waits for one more reply; for the receiver the sender has just replied. */
export async function recordSend(tx: Executor, senderContactId: string, receiverContactId: string | undefined, messageId: string) {
  await tx
    .update(contacts)
    .set({ consecutiveMessagesSent: sql`${contacts.consecutiveMessagesSent} + 1`, lastInteraction: sql`now()` })
    .where(eq(contacts.id, senderContactId))
  await tx.update(conversations).set({ lastMessageId: messageId }).where(eq(conversations.contactId, senderContactId))
  if (!receiverContactId) return
  await tx
    .update(contacts)
    .set({ consecutiveMessagesSent: 0, lastReplyFromThem: sql`now()`, lastInteraction: sql`now()` })
    .where(eq(contacts.id, receiverContactId))
  await tx.update(conversations).set({ lastMessageId: messageId }).where(eq(conversations.contactId, receiverContactId))
}

/** unread_count is recounted from the messages, so it can never drift. */
export async function refreshUnreadCount(tx: Executor, receiverId: string, senderId: string): Promise<void> {
  await tx.execute(sql`
    update ${conversations} set unread_count = (
      select count(*) from ${audioMessages}
      where ${audioMessages.receiverId} = ${receiverId} and ${audioMessages.senderId} = ${senderId} and not ${audioMessages.isRead}
    ), updated_at = now()
    where ${conversations.contactId} in (
      select ${contacts.id} from ${contacts} where ${contacts.userId} = ${receiverId} and ${contacts.contactUserId} = ${senderId}
    )`)
}

export async function markRead(tx: Executor, messageId: string): Promise<void> {
  await tx.update(audioMessages).set({ isRead: true }).where(eq(audioMessages.id, messageId))
}

/** Marks every unread message from `senderId` to `receiverId` read; returns their ids. */
export async function markAllReadFrom(tx: Executor, receiverId: string, senderId: string): Promise<string[]> {
  const rows = await tx
    .update(audioMessages)
    .set({ isRead: true })
    .where(and(eq(audioMessages.receiverId, receiverId), eq(audioMessages.senderId, senderId), eq(audioMessages.isRead, false)))
    .returning({ id: audioMessages.id })
  return rows.map((r) => r.id)
}

export async function setLiked(db: Executor, messageId: string, liked: boolean): Promise<MessageRow | undefined> {
  const [row] = await db.update(audioMessages).set({ liked }).where(eq(audioMessages.id, messageId)).returning(messageColumns)
  return row
}
