import { ERROR_CODES } from '#shared/error-codes.ts'
import { CONTACT_TEXTS } from '#shared/contacts-texts.ts'
import { MAX_ACTIVE_CONTACTS, MAX_CONSECUTIVE_UNANSWERED } from '#shared/limits.ts'
import { UNHEARD_MESSAGES_LIMIT, type Message, type MessageList, type MessageListQuery, type UnheardMessages } from '#shared/messages.ts'
import { MESSAGE_TEXTS } from '#shared/messages-texts.ts'
import { replyExcerpt } from '#shared/reply-quote.ts'
import { strongerEngineAvailable } from '#shared/transcript-confidence.ts'
import type { Database, Executor } from '#server/db/client.ts'
import type { JobQueue } from '#server/jobs/job-queue.ts'
import { ConflictError, DomainError, ForbiddenError, GoneError, NotFoundError } from '#server/http/errors.ts'
import type { PictureUrl } from '#server/media/signed-url.ts'
import {
  countActiveContacts,
  getContactForOwner,
  getContactLockingTheirCircle,
  listContactsByIds,
  reopenIgnoredRequest,
} from '#server/modules/contacts/contacts.queries.ts'
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts'
import type { HealthRefresher } from '#server/modules/relationship-health/health-refresher.ts'
import { refreshRelationshipHealth } from '#server/modules/relationship-health/relationship-health.service.ts'
import { decodeMessageCursor, encodeMessageCursor } from './message-cursor.ts'
import { announceLike, announceNewMessage, announceRead, announceSeen } from './message-events.ts'
import {
  conversationPageReader,
  getMessageBetween,
  getMessageForParticipant,
  insertMessageFromUpload,
  listMessagesLeftWith,
  listPairRows,
  listUnheardForReceiver,
  lockContactPair,
  markAllReadFrom,
  markAllSeenFrom,
  markRead,
  recordSend,
  refreshLeftConversationCounts,
  refreshUnreadCount,
  setLiked,
  type MessageRow,
} from './messages.queries.ts'

/** The speech engine running now, as `AppDeps['speech']` tells it (it changes when a model download finishes). */
export type ActiveSpeechEngine = { readonly engine: string; readonly engineModel: string | null }

/** Whether a stronger engine than the one that made this transcript runs now (decision 93). */
export function canRetranscribe(
  row: Pick<MessageRow, 'transcription' | 'transcriptEngine' | 'transcriptModel'>,
  active: ActiveSpeechEngine,
) {
  if (row.transcription === null) return false
  return strongerEngineAvailable(
    { engine: row.transcriptEngine, model: row.transcriptModel },
    { engine: active.engine, model: active.engineModel },
  )
}

export function toMessageResponse(row: MessageRow, signMediaUrl: (key: string) => string, active: ActiveSpeechEngine): Message {
  return {
    id: row.id,
    sender_id: row.senderId,
    receiver_id: row.receiverId,
    left_contact_id: row.receiverId === null || row.senderId === null ? row.leftContactId : null,
    audio_url: signMediaUrl(row.audioKey),
    mime_type: row.mimeType,
    duration_seconds: row.durationSeconds,
    waveform: row.waveform,
    created_at: row.createdAt.toISOString(),
    is_read: row.isRead,
    liked: row.liked,
    reply_to_id: row.replyToId,
    reply_to: row.replyTo && {
      id: row.replyTo.id,
      sender_id: row.replyTo.sender_id,
      excerpt: replyExcerpt(row.replyTo.transcription),
      duration_seconds: row.replyTo.duration_seconds,
    },
    transcription: row.transcription,
    word_timestamps: row.wordTimestamps ?? null,
    transcript_confidence: row.transcriptConfidence,
    transcript_engine: row.transcriptEngine,
    transcript_model: row.transcriptModel,
    transcript_language: row.transcriptLanguage,
    can_retranscribe: canRetranscribe(row, active),
    emotions: row.emotions,
    topics: row.topics,
    sentiment: row.sentiment,
    processing_status: row.processingStatus,
    processing_error: row.processingError,
    processing_error_code: row.processingErrorCode,
  }
}

const messageNotFound = () => new NotFoundError(MESSAGE_TEXTS.messageNotFound)
const contactNotFound = () => new NotFoundError(CONTACT_TEXTS.notFound)
/** The send's upload is gone; its transaction rolls back, and the send looks for the message it made (decision 232). */
class UploadGone extends Error {}

/** Nothing new reaches a person who deleted their account; the sender is told so (decision 120). */
const accountDeleted = (name: string) => new GoneError(MESSAGE_TEXTS.accountDeleted(name), ERROR_CODES.accountDeleted)

export function createMessagesService({
  db,
  signMediaUrl,
  pictureUrl,
  queue,
  notifications,
  health,
  speech,
}: {
  db: Database
  signMediaUrl: (key: string) => string
  /** contact pictures, for the contact a message's live update carries */
  pictureUrl: PictureUrl
  /** the engine running now, for `can_retranscribe` */
  speech: ActiveSpeechEngine
  /** a sent message is queued for transcription in the transaction that writes it (messages.jobs.ts) */
  queue: Pick<JobQueue, 'enqueueMany'>
  /** and its receiver's mail and push notifications, in the same statement */
  notifications: Pick<NotificationsService, 'newMessageJobs'>
  /** the pair's relationship health, refreshed once a send has committed (decision 176) */
  health: Pick<HealthRefresher, 'refreshSoon'>
}) {
  const respond = (row: MessageRow) => toMessageResponse(row, signMediaUrl, speech)
  const readConversationPage = conversationPageReader(db)

  /**
   * Whether a message may count as the receiver's contact replying. It always may while that contact is active (as
   * read under the send's lock) or is a message request (it takes no place); an inactive one would come back into
   * the circle, so only when the receiver has room (their circle is locked).
   */
  async function replyFitsCircle(tx: Executor, receiverId: string, theirs: { isActive: boolean; requestStatus: string | null }) {
    if (theirs.requestStatus !== null || theirs.isActive) return true
    return (await countActiveContacts(tx, receiverId)) < MAX_ACTIVE_CONTACTS
  }

  /** A contact read as the caller's: 404 when it is not theirs (no row), 409 when it is unlinked. */
  function assertLinkedContact<T extends { contactUserId: string | null }>(
    contact: T | undefined,
  ): asserts contact is T & { contactUserId: string } {
    if (!contact) throw contactNotFound()
    if (!contact.contactUserId) throw new ConflictError(MESSAGE_TEXTS.notLinked, ERROR_CODES.notLinked)
  }

  /** The other person of one of the caller's contacts (404 for someone else's contact, 409 for an unlinked one). */
  async function counterpartOf(ownerId: string, contactId: string): Promise<string> {
    const contact = await getContactForOwner(db, ownerId, contactId)
    assertLinkedContact(contact)
    return contact.contactUserId
  }

  async function get(userId: string, messageId: string): Promise<Message> {
    const row = await getMessageForParticipant(db, messageId, userId)
    if (!row) throw messageNotFound()
    return respond(row)
  }

  return {
    /**
     * Sends a stored upload to a contact. Both contact rows are locked, so two sends at 2 of 3 cannot
     * both pass, and the upload is consumed in the same transaction as the message is written: the
     * message and its audio are both there or neither is. The receiver's circle is locked first (as every
     * circle change does, so the two locks are always taken in the same order): a reply that would bring
     * an inactive contact back counts against their limit of 10 (decision 41). The pair's relationship health is
     * refreshed once the send has committed, off the request (decision 176).
     *
     * A send is idempotent by its upload (decision 232): the message takes the upload's id, so a retry whose first
     * try went through but whose answer was lost (a dropped connection, a power cut) is answered with that same
     * message instead of 'not found', and the outbox marks the take sent.
     */
    async send(senderId: string, input: { contact_id: string; upload_id: string; reply_to_id: string | null }): Promise<Message> {
      const row = await db
        .transaction(async (tx) => {
          // Sent together on the pipelined connection, and run in this order (decision 188): the receiver's circle is
          // locked before the pair's rows, as every circle change does.
          const [peek, { mine, theirs }] = await Promise.all([
            getContactLockingTheirCircle(tx, senderId, input.contact_id),
            lockContactPair(tx, senderId, input.contact_id),
          ])
          if (!peek) throw contactNotFound()
          if (peek.accountDeleted) throw accountDeleted(peek.name)
          if (!mine) throw contactNotFound()
          // read again under the lock: the receiver may have deleted their account meanwhile
          if (mine.accountDeleted) throw accountDeleted(mine.name)
          const receiverId = mine.contactUserId
          if (!receiverId) throw new ConflictError(MESSAGE_TEXTS.notLinked, ERROR_CODES.notLinked)
          // archiving someone stops their messages (decision 41); they are told, plainly
          if (theirs?.archived) throw new ConflictError(MESSAGE_TEXTS.archivedByThem(peek.name), ERROR_CODES.contactArchived)
          if (mine.consecutiveMessagesSent >= MAX_CONSECUTIVE_UNANSWERED) {
            throw new ConflictError(MESSAGE_TEXTS.limitReached(peek.name), ERROR_CODES.messageLimit)
          }
          if (input.reply_to_id && !(await getMessageBetween(tx, input.reply_to_id, senderId, receiverId))) {
            throw new NotFoundError(MESSAGE_TEXTS.replyNotFound)
          }
          // A message request reaches its receiver quietly, on their requests page, and an ignored one comes back there;
          // a blocked one reaches them not at all. The sender's answer is the same in every case (decision 123).
          const request = theirs?.requestStatus ?? null
          if (request === 'ignored' && theirs) await reopenIgnoredRequest(tx, theirs.id)
          const countsAsReply = theirs ? await replyFitsCircle(tx, receiverId, theirs) : false
          // The message's id is chosen here, so that what names it goes out with its insert, in one round trip, and runs
          // after it in this order (decision 188): its jobs, the pair's counts, and the pair's contacts as the send leaves
          // them, for its events. The upload is consumed by the statement that writes the message (decision 181); if it is
          // gone, the throw below rolls the rest back.
          const messageId = input.upload_id
          const told = {
            sender: { id: senderId, contactId: mine.id },
            receiver: request === 'blocked' ? null : { id: receiverId, contactId: theirs?.id ?? null },
          }
          const [message, , , contacts] = await Promise.all([
            insertMessageFromUpload(tx, {
              id: messageId,
              senderId,
              receiverId,
              uploadId: input.upload_id,
              replyToId: input.reply_to_id,
            }),
            queue.enqueueMany(tx, [
              { name: 'transcribe-message', data: { messageId } },
              ...(request === null ? notifications.newMessageJobs(messageId) : []),
            ]),
            recordSend(tx, {
              senderContactId: mine.id,
              receiverContactId: theirs?.id,
              senderId,
              receiverId,
              messageId,
              countsAsReply,
            }),
            listContactsByIds(tx, told.receiver?.contactId ? [mine.id, told.receiver.contactId] : [mine.id]),
          ])
          if (!message) throw new UploadGone()
          await announceNewMessage(tx, { message: respond(message), ...told, contacts, pictureUrl })
          return message
        })
        .catch(async (error: unknown) => {
          if (!(error instanceof UploadGone || (error instanceof DomainError && error.status < 500))) throw error
          // Refused, or the upload is gone: if the upload made a message already, this is that send's retry, and a
          // refusal that came of the first try (the third message reaching the limit) must not hide it.
          const sent = await getMessageForParticipant(db, input.upload_id, senderId)
          if (sent?.senderId === senderId) return { ...sent, replayed: true }
          throw error instanceof UploadGone ? new NotFoundError(MESSAGE_TEXTS.uploadNotFound) : error
        })
      if (row.receiverId && !('replayed' in row)) health.refreshSoon(senderId, row.receiverId)
      return respond(row)
    },

    /**
     * A page of the conversation, newest first, both directions, older than `before` (decision 86), with the
     * conversation's total as stored on it: one statement that also checks the contact (decision 114).
     */
    async listWithContact(ownerId: string, contactId: string, { before, limit }: MessageListQuery): Promise<MessageList> {
      // one more than a page tells whether an older page follows
      const position = before ? decodeMessageCursor(before) : null
      const found = await readConversationPage(ownerId, contactId, { before: position, limit: limit + 1 })
      if (!found) throw contactNotFound()
      let rows = found.messages
      // someone who deleted their account: what the owner sent them, read-only (decision 120)
      if (found.accountDeleted) rows = await listMessagesLeftWith(db, ownerId, contactId, { before: position, limit: limit + 1 })
      else assertLinkedContact(found)
      const total = found.total
      const page = rows.slice(0, limit)
      const last = page[page.length - 1]
      return {
        messages: page.map(respond),
        total,
        nextCursor: rows.length > limit && last ? encodeMessageCursor(last) : null,
      }
    },

    get,

    /** 'Play all new': what the caller received and has not heard, across their circle, oldest first. */
    async listUnheard(userId: string): Promise<UnheardMessages> {
      const rows = await listUnheardForReceiver(db, userId, UNHEARD_MESSAGES_LIMIT)
      return { messages: rows.map(respond) }
    },

    /** Only the receiver marks a message read. */
    async markRead(userId: string, messageId: string): Promise<Message> {
      const row = await getMessageForParticipant(db, messageId, userId)
      if (!row) throw messageNotFound()
      if (row.receiverId !== userId) throw new ForbiddenError(MESSAGE_TEXTS.onlyReceiverMarksRead)
      if (!row.isRead) {
        await db.transaction(async (tx) => {
          await markRead(tx, messageId)
          if (row.senderId) {
            await refreshUnreadCount(tx, userId, row.senderId)
            await refreshRelationshipHealth(tx, row.senderId, userId)
          } else if (row.leftContactId) {
            // from someone who deleted their account (decision 202): the conversation with the row kept for them
            await refreshLeftConversationCounts(tx, [row.leftContactId])
          }
          const left = { leftContactId: row.leftContactId, pictureUrl }
          await announceRead(tx, { messageIds: [messageId], senderId: row.senderId, receiverId: userId, ...left })
        })
      }
      return get(userId, messageId)
    },

    /** Marks everything the contact sent to the caller read; answers how many changed. */
    async markAllRead(ownerId: string, contactId: string): Promise<number> {
      const otherId = await counterpartOf(ownerId, contactId)
      return db.transaction(async (tx) => {
        const ids = await markAllReadFrom(tx, ownerId, otherId)
        await refreshUnreadCount(tx, ownerId, otherId)
        if (ids.length > 0) await refreshRelationshipHealth(tx, ownerId, otherId)
        await announceRead(tx, { messageIds: ids, senderId: otherId, receiverId: ownerId, pictureUrl })
        return ids.length
      })
    },

    /**
     * The receiver has the conversation with this contact open and in view (decision 206): what the contact sent them
     * and they have not played no longer counts as unread, though it stays new until played. Only the receiver's own
     * tabs hear of it; the sender is never told. Answers how many changed.
     */
    async markAllSeen(ownerId: string, contactId: string): Promise<number> {
      const otherId = await counterpartOf(ownerId, contactId)
      return db.transaction(async (tx) => {
        const seen = await markAllSeenFrom(tx, ownerId, otherId)
        if (seen > 0) {
          await refreshUnreadCount(tx, ownerId, otherId)
          await announceSeen(tx, { ownerId, contactId })
        }
        return seen
      })
    },

    /**
     * Sender or receiver sets or clears the message's one like (decision 205): both see it, and both people's tabs
     * hear of it at once.
     */
    async setLiked(userId: string, messageId: string, liked: boolean): Promise<Message> {
      const row = await getMessageForParticipant(db, messageId, userId)
      if (!row) throw messageNotFound()
      // the one like is seen by both: a request's receiver liking it would tell the requester it was heard, which
      // only an accept may do (decision 200)
      if (userId === row.receiverId && row.senderId) {
        const receiversRow = (await listPairRows(db, row.senderId, userId)).find((r) => r.ownerId === userId)
        if (receiversRow?.requestStatus) throw new ConflictError(MESSAGE_TEXTS.likeAfterAccept)
      }
      await db.transaction(async (tx) => {
        await setLiked(tx, messageId, liked)
        // someone who deleted their account left no relationship to weigh
        if (row.senderId && row.receiverId) await refreshRelationshipHealth(tx, row.senderId, row.receiverId)
        await announceLike(tx, { messageId, senderId: row.senderId, receiverId: row.receiverId, leftContactId: row.leftContactId, liked })
      })
      return get(userId, messageId)
    },
  }
}
export type MessagesService = ReturnType<typeof createMessagesService>
