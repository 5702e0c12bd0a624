import { MESSAGES_PAGE_LIMIT } from '#shared/limits.ts'
import { messageSearchParts, type MessageSearchQuery, type MessageSearchResult, type OverviewMessage } from '#shared/message-search.ts'
import type { Database } from '#server/db/client.ts'
import type { PictureUrl } from '#server/media/signed-url.ts'
import { decodeMessageCursor, encodeMessageCursor } from '#server/modules/messages/message-cursor.ts'
import { messageSearchReader, type MessageSearchRow } from './message-search.queries.ts'

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
     * The messages overview (spec 001, /messages): everything the user sent or received, newest first, 50 a page,
     * narrowed by a full-text search over transcript, emotions and topics (whole words, the word being typed as a prefix:
     * decisions 87 and 110).
     */
    async search(userId: string, { q, cursor }: MessageSearchQuery): Promise<MessageSearchResult> {
      const rows = await reader.search(userId, {
        match: messageSearchParts(q),
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
