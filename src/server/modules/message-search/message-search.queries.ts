import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import type { Executor } from '#server/db/client.ts'
import { audioMessages, contacts, profiles } from '#server/db/schema.ts'
import { cursorAtColumn, olderThan, type MessagePosition } from '#server/modules/messages/message-cursor.ts'
import { likedBy } from '#server/modules/messages/messages.queries.ts'

type MessageSearchOptions = {
  /** text for `to_tsquery('simple', …)` (see messageSearchTsquery), bound as a parameter; null lists everything */
  tsquery: string | null
  /** continue below this row of a previous page */
  after: MessagePosition | null
  limit: number
}

const overviewColumns = (userId: string) => ({
  id: audioMessages.id,
  senderId: audioMessages.senderId,
  receiverId: audioMessages.receiverId,
  durationSeconds: audioMessages.durationSeconds,
  createdAt: audioMessages.createdAt,
  cursorAt: cursorAtColumn(),
  isRead: audioMessages.isRead,
  transcription: audioMessages.transcription,
  emotions: audioMessages.emotions,
  topics: audioMessages.topics,
  processingStatus: audioMessages.processingStatus,
  /** the overview's Liked group is what this person liked (decision 42) */
  liked: likedBy(userId).as('liked'),
})

/**
 * The statement behind searchMessagesForUser, unexecuted (the benchmark prints its plan). The user's sent and
 * received messages are two branches, each read newest first from its own (person, created_at, id) index and cut at
 * `limit`, then merged: PostgreSQL stops early instead of sorting everything a person ever exchanged. A search
 * narrows each branch through the GIN index on (person, search_vector) (decision 87), or, for a common word, filters
 * while reading in order. The other person's contact, as the user sees them, comes from a join, not a query per row.
 */
export function messageSearchQuery(db: Executor, userId: string, { tsquery, after, limit }: MessageSearchOptions) {
  const narrowing: SQL[] = []
  if (tsquery !== null) narrowing.push(sql`${audioMessages.searchVector} @@ to_tsquery('simple', ${tsquery})`)
  if (after) narrowing.push(olderThan(after))
  const newestFirst = [desc(audioMessages.createdAt), desc(audioMessages.id)]
  const branch = (own: SQL | undefined) =>
    db
      .select(overviewColumns(userId))
      .from(audioMessages)
      .where(and(own, ...narrowing))
      .orderBy(...newestFirst)
      .limit(limit)
  const mine = unionAll(
    branch(eq(audioMessages.senderId, userId)),
    branch(and(eq(audioMessages.receiverId, userId), ne(audioMessages.senderId, userId))),
  ).as('mine')
  const otherUserId = sql<string | null>`case when ${mine.senderId} = ${userId} then ${mine.receiverId} else ${mine.senderId} end`
  return (
    db
      .select({
        id: mine.id,
        senderId: mine.senderId,
        receiverId: mine.receiverId,
        durationSeconds: mine.durationSeconds,
        createdAt: mine.createdAt,
        cursorAt: mine.cursorAt,
        isRead: mine.isRead,
        liked: mine.liked,
        transcription: mine.transcription,
        emotions: mine.emotions,
        topics: mine.topics,
        processingStatus: mine.processingStatus,
        otherUserId,
        contactId: contacts.id,
        contactName: contacts.name,
        otherPictureKey: profiles.profilePictureKey,
      })
      .from(mine)
      // (user_id, contact_user_id) is unique: at most one contact row per message
      .leftJoin(contacts, and(eq(contacts.userId, userId), eq(contacts.contactUserId, otherUserId)))
      .leftJoin(profiles, eq(profiles.id, otherUserId))
      .orderBy(desc(mine.createdAt), desc(mine.id))
      .limit(limit)
  )
}

export type MessageSearchRow = Awaited<ReturnType<typeof messageSearchQuery>>[number]

/**
 * The user's messages (sent or received), newest first, with the other person's contact as the user sees them, in
 * one statement. Answers at most `limit` rows.
 */
export async function searchMessagesForUser(db: Executor, userId: string, options: MessageSearchOptions): Promise<MessageSearchRow[]> {
  return messageSearchQuery(db, userId, options)
}
