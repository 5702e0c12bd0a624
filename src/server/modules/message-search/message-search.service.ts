import { MESSAGES_PAGE_LIMIT } from '#shared/limits.ts'
import { messageSearchParts, type MessageSearchQuery, type MessageSearchResult, type OverviewMessage } from '#shared/message-search.ts'
import type { Database } from '#server/db/client.ts'
import type { PictureUrl } from '#server/media/signed-url.ts'
import { decodeMessageCursor, encodeMessageCursor } from '#server/modules/messages/message-cursor.ts'
import { messageSearchReader, type MessageSearchReader, type MessageSearchRow, type MessageTextMatch } from './message-search.queries.ts'

/**
 * How many words of the vocabulary the word being typed may become (decision 110). Past that (a letter or two, 's'),
 * it stays a prefix, as before: a prefix that many words share is common, and PostgreSQL then reads the person's
 * messages newest first and keeps those that match.
 */
export const MESSAGE_SEARCH_MAX_EXPANSION = 64

/**
 * What a search asks the database for (decisions 87, 110): whole words as whole words, and the word being typed as
 * the words of the vocabulary it can become (`coffee & (sunday | sundays)`), which the person-and-document GIN
 * indexes read cheaply where a prefix (`sunday:*`) first gathers every matching entry of everyone. A prefix no word
 * of the vocabulary starts with can match nothing: it is asked for as the word itself, which finds nothing.
 */
export async function messageSearchMatch(
  vocabulary: Pick<MessageSearchReader, 'wordsStartingWith'>,
  query: string,
): Promise<MessageTextMatch | null> {
  const parts = messageSearchParts(query)
  if (!parts) return null
  const whole = parts.words.length > 0 ? parts.words.join(' & ') : null
  if (parts.typing === null) return { tsquery: whole, anyOf: null, words: parts.words }
  const words = await vocabulary.wordsStartingWith(parts.typing, MESSAGE_SEARCH_MAX_EXPANSION + 1)
  if (words.length > MESSAGE_SEARCH_MAX_EXPANSION) {
    return { tsquery: [...parts.words, `${parts.typing}:*`].join(' & '), anyOf: null, words: parts.words }
  }
  return { tsquery: whole, anyOf: words.length > 0 ? words : [parts.typing], words: parts.words }
}

export function toOverviewMessageResponse(row: MessageSearchRow, pictureUrl: PictureUrl): OverviewMessage {
  return {
    id: row.id,
    sender_id: row.senderId,
    receiver_id: row.receiverId,
    duration_seconds: row.durationSeconds,
    created_at: row.createdAt.toISOString(),
    is_read: row.isRead,
    liked: row.liked,
    transcription: row.transcription,
    emotions: row.emotions,
    topics: row.topics,
    processing_status: row.processingStatus,
    other_person: {
      user_id: row.otherUserId,
      contact_id: row.contactId,
      name: row.contactName,
      picture_url: pictureUrl(row.otherPictureKey),
    },
  }
}

export function createMessageSearchService({
  db,
  pictureUrl,
  pageSize = MESSAGES_PAGE_LIMIT,
}: {
  db: Database
  pictureUrl: PictureUrl
  pageSize?: number
}) {
  const reader = messageSearchReader(db)
  return {
    /**
     * The messages overview (docs/product/messages-overview.md): everything the user sent or received, newest first, 50 a page,
     * narrowed by a full-text search over transcript, emotions and topics (whole words, the word being typed as a prefix:
     * decisions 87 and 110).
     */
    async search(userId: string, { q, cursor }: MessageSearchQuery): Promise<MessageSearchResult> {
      const rows = await reader.search(userId, {
        match: await messageSearchMatch(reader, q),
        after: cursor ? decodeMessageCursor(cursor) : null,
        // one more than a page tells whether another page follows
        limit: pageSize + 1,
      })
      const page = rows.slice(0, pageSize)
      const last = page[page.length - 1]
      return {
        messages: page.map((row) => toOverviewMessageResponse(row, pictureUrl)),
        next_cursor: rows.length > pageSize && last ? encodeMessageCursor(last) : null,
      }
    },
  }
}

export type MessageSearchService = ReturnType<typeof createMessageSearchService>
