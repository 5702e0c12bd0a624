import { and, desc, eq, getTableColumns, or, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { audioMessages, contacts, conversations, messageLikes } from '#server/db/schema.ts'

/** Whether `viewerId` liked the message (decision 42): each participant's like is their own. */
export const likedBy = (viewerId: string) =>
  sql<boolean>`exists (select 1 from ${messageLikes} where ${messageLikes.messageId} = ${audioMessages.id} and ${messageLikes.userId} = ${viewerId})`

/**
 * Every column but the search vector (it exists for the overview's search index and would only add bytes to every
 * message read), plus whether the reader liked it.
 */
const { searchVector: _searchVector, ...tableColumns } = getTableColumns(audioMessages)
const messageColumns = (viewerId: string) => ({ ...tableColumns, liked: likedBy(viewerId) })
export type MessageRow = Omit<typeof audioMessages.$inferSelect, 'searchVector'> & { liked: boolean }

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
  or(
    and(eq(audioMessages.senderId, a), eq(audioMessages.receiverId, b)),
    and(eq(audioMessages.senderId, b), eq(audioMessages.receiverId, a)),
  )

/** A message between the two people; `liked` as `a` sees it. */
export async function getMessageBetween(db: Executor, messageId: string, a: string, b: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select(messageColumns(a))
    .from(audioMessages)
    .where(and(eq(audioMessages.id, messageId), between(a, b)))
  return row
}

/** A message the user sent or received; undefined for anyone else's. */
export async function getMessageForParticipant(db: Executor, messageId: string, userId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select(messageColumns(userId))
    .from(audioMessages)
    .where(and(eq(audioMessages.id, messageId), or(eq(audioMessages.senderId, userId), eq(audioMessages.receiverId, userId))))
  return row
}

export async function insertMessage(tx: Executor, values: typeof audioMessages.$inferInsert): Promise<MessageRow> {
  const [row] = await tx.insert(audioMessages).values(values).returning(tableColumns)
  if (!row) throw new Error('message insert returned no row')
  // nobody has liked a message that did not exist a moment ago
  return { ...row, liked: false }
}

/** Newest first, both directions; `liked` as `a` sees it. */
export async function listMessagesBetween(db: Executor, a: string, b: string, limit: number): Promise<MessageRow[]> {
  return db
    .select(messageColumns(a))
    .from(audioMessages)
    .where(between(a, b))
    .orderBy(desc(audioMessages.createdAt), desc(audioMessages.id))
    .limit(limit)
}

export async function countMessagesBetween(db: Executor, a: string, b: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(audioMessages)
    .where(between(a, b))
  return row?.count ?? 0
}

/**
 * After sending: the sender waits for one more reply, and sending is choosing the receiver (decision 40); for the
 * receiver the sender has just replied. `countsAsReply` false leaves the receiver's row as active or inactive as it
 * was (their circle is full: decision 41); their unanswered count still starts again.
 */
export async function recordSend(
  tx: Executor,
  senderContactId: string,
  receiverContactId: string | undefined,
  messageId: string,
  countsAsReply: boolean,
) {
  await tx
    .update(contacts)
    .set({
      consecutiveMessagesSent: sql`${contacts.consecutiveMessagesSent} + 1`,
      lastInteraction: sql`now()`,
      chosenAt: sql`coalesce(${contacts.chosenAt}, now())`,
    })
    .where(eq(contacts.id, senderContactId))
  await tx.update(conversations).set({ lastMessageId: messageId }).where(eq(conversations.contactId, senderContactId))
  if (!receiverContactId) return
  await tx
    .update(contacts)
    .set({ consecutiveMessagesSent: 0, lastInteraction: sql`now()`, ...(countsAsReply ? { lastReplyFromThem: sql`now()` } : {}) })
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

/** Adds or removes this person's own like; idempotent. */
export async function setLikedBy(tx: Executor, messageId: string, userId: string, liked: boolean): Promise<void> {
  if (liked) {
    await tx.insert(messageLikes).values({ messageId, userId }).onConflictDoNothing()
  } else {
    await tx.delete(messageLikes).where(and(eq(messageLikes.messageId, messageId), eq(messageLikes.userId, userId)))
  }
}
