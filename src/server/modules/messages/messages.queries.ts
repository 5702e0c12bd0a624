import { and, asc, desc, eq, exists, getTableColumns, inArray, isNull, or, sql, type Placeholder, type SQLWrapper } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import type { Database, Executor } from '#server/db/client.ts'
import { preparedStatement } from '#server/db/prepared-statement.ts'
import { audioMessages, audioUploads, contacts, conversations } from '#server/db/schema.ts'
import { isActive, type RequestStatus } from '#server/modules/contacts/contacts.queries.ts'
import { cursorAtColumn, olderThan, type BoundMessagePosition, type MessagePosition } from './message-cursor.ts'

/** What a reply's quote needs of the message it answers (decision 205), as `replyQuote` reads it. */
export type ReplyQuoteRow = { id: string; sender_id: string; transcription: string | null; duration_seconds: number }

/** How much of the answered message's transcript a reply carries: its first words are cut from these. */
const QUOTED_CHARS = 200

/**
 * The message a reply answers, as its quote needs it (decision 205): who sent it, the start of its transcript and its
 * length; null for a message that answers none, or whose original went (its sender deleted their account). Only a
 * message between the same two people: a send accepts no other, and this keeps it so.
 */
// drizzle leaves a column of a one-table select unqualified, which inside the subquery would name the quoted row's
const outer = (column: string) => sql.raw(`"audio_messages"."${column}"`)
const replyQuote = sql<ReplyQuoteRow | null>`(
  select json_build_object('id', quoted.id, 'sender_id', quoted.sender_id,
    'transcription', left(quoted.transcription, ${sql.raw(String(QUOTED_CHARS))}), 'duration_seconds', quoted.duration_seconds)
  from ${audioMessages} as quoted
  where quoted.id = ${outer('reply_to_id')} and quoted.sender_id in (${outer('sender_id')}, ${outer('receiver_id')})
)`

/**
 * Whether the message was heard, as `viewerId` may know it (decision 200). The receiver sees their own reads. The
 * sender sees them only while the receiver's row for them is not a message request (pending, ignored or blocked):
 * a requester learns nothing of a request but its accept, so a request's messages stay unheard to them until then.
 */
export const readAsSeenBy = (viewerId: string | Placeholder) =>
  sql<boolean>`(${audioMessages.isRead} and (${audioMessages.receiverId} = ${viewerId} or not exists (
    select 1 from ${contacts} receivers_row
    where receivers_row.user_id = ${audioMessages.receiverId} and receivers_row.contact_user_id = ${audioMessages.senderId}
      and receivers_row.request_status is not null)))`

/**
 * Every column but the search vector (it exists for the overview's search index and would only add bytes to every
 * message read), plus the quote of the message it answers; whether it was heard is as the reader may know it.
 */
const { searchVector: _searchVector, ...tableColumns } = getTableColumns(audioMessages)
const messageColumns = (viewerId: string) => ({ ...tableColumns, replyTo: replyQuote, isRead: readAsSeenBy(viewerId) })
export type MessageRow = Omit<typeof audioMessages.$inferSelect, 'searchVector'> & { replyTo: ReplyQuoteRow | null }

/** A contact row as the send reads it under its lock. */
export type LockedContactRow = {
  id: string
  userId: string
  contactUserId: string | null
  /** the row's own copy of the name (the name the person had when they deleted their account) */
  name: string
  archived: boolean
  accountDeleted: boolean
  consecutiveMessagesSent: number
  requestStatus: RequestStatus | null
  /** active now, before the send changes it: a reply that would bring it back needs room */
  isActive: boolean
}

const lockPairStatement = preparedStatement<LockedContactRow, { ownerId: string; contactId: string }>(
  'hearth_send_lock_pair',
  sql`
    select ${contacts.id} as id, ${contacts.userId} as "userId", ${contacts.contactUserId} as "contactUserId",
      ${contacts.name} as name, ${contacts.archivedAt} is not null as archived,
      ${contacts.accountDeletedAt} is not null as "accountDeleted",
      ${contacts.consecutiveMessagesSent} as "consecutiveMessagesSent", ${contacts.requestStatus} as "requestStatus",
      ${isActive} as "isActive"
    from ${contacts}
    where (${contacts.id} = ${sql.placeholder('contactId')}::uuid and ${contacts.userId} = ${sql.placeholder('ownerId')}::text)
      or (${contacts.contactUserId} = ${sql.placeholder('ownerId')}::text and ${contacts.userId} = (
        select senders_contact.contact_user_id from ${contacts} senders_contact
        where senders_contact.id = ${sql.placeholder('contactId')}::uuid and senders_contact.user_id = ${sql.placeholder('ownerId')}::text
      ))
    order by ${contacts.id}
    for update of ${contacts}`,
)

/**
 * The sender's contact row and the receiver's row for the sender, locked until the transaction ends. Both are locked
 * by one statement in id order, so two people writing to each other at the same moment queue instead of deadlocking.
 * The statement finds the receiver from the sender's row itself, so that a send can write it right behind the one that
 * locks the receiver's circle, without waiting for that one's answer (decision 188). A prepared statement (decision
 * 181), as are the send's others.
 */
export async function lockContactPair(tx: Executor, ownerId: string, contactId: string) {
  const rows = await lockPairStatement(tx, { ownerId, contactId })
  const mine = rows.find((row) => row.id === contactId && row.userId === ownerId)
  // read again under the lock: an account deletion may have unlinked the contact meanwhile
  if (!mine?.contactUserId) return { mine, theirs: undefined }
  const theirs = rows.find((row) => row.userId === mine.contactUserId && row.contactUserId === ownerId)
  return { mine, theirs }
}

const between = (a: string, b: string) =>
  or(
    and(eq(audioMessages.senderId, a), eq(audioMessages.receiverId, b)),
    and(eq(audioMessages.senderId, b), eq(audioMessages.receiverId, a)),
  )

/** A message between the two people. */
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

/** A message row as PostgreSQL names its columns (timestamps as their text, as drizzle reads them). */
type StoredMessageRow = {
  id: string
  sender_id: string
  receiver_id: string | null
  left_contact_id: string | null
  audio_key: string
  mime_type: string
  bytes: number
  duration_seconds: number
  waveform: number[]
  audio_measured_at: string | null
  transcription: string | null
  word_timestamps: MessageRow['wordTimestamps']
  transcript_confidence: number | null
  transcript_engine: string | null
  transcript_model: string | null
  transcript_language: string | null
  emotions: string[]
  topics: string[]
  sentiment: number | null
  reply_to_id: string | null
  is_read: boolean
  seen_at: string | null
  liked: boolean
  processing_status: MessageRow['processingStatus']
  processing_error: string | null
  processing_error_code: MessageRow['processingErrorCode']
  transcription_attempts: number
  analysis_attempts: number
  created_at: string
  updated_at: string
  reply_to: ReplyQuoteRow | null
}

/** Every stored column of a message but the search vector, by its own name (what StoredMessageRow reads). */
const storedMessageColumns = sql.raw(
  Object.values(tableColumns)
    .map((column) => `"${column.name}"`)
    .join(', '),
)

/** A stored row mapped by hand to MessageRow: drizzle's mapping of each field costs ~10 µs a row (decision 180). */
const toMessageRow = (row: StoredMessageRow): MessageRow => ({
  id: row.id,
  senderId: row.sender_id,
  receiverId: row.receiver_id,
  leftContactId: row.left_contact_id,
  audioKey: row.audio_key,
  mimeType: row.mime_type,
  bytes: row.bytes,
  durationSeconds: row.duration_seconds,
  waveform: row.waveform,
  audioMeasuredAt: row.audio_measured_at === null ? null : new Date(row.audio_measured_at),
  transcription: row.transcription,
  wordTimestamps: row.word_timestamps,
  transcriptConfidence: row.transcript_confidence,
  transcriptEngine: row.transcript_engine,
  transcriptModel: row.transcript_model,
  transcriptLanguage: row.transcript_language,
  emotions: row.emotions,
  topics: row.topics,
  sentiment: row.sentiment,
  replyToId: row.reply_to_id,
  isRead: row.is_read,
  seenAt: row.seen_at === null ? null : new Date(row.seen_at),
  liked: row.liked,
  processingStatus: row.processing_status,
  processingError: row.processing_error,
  processingErrorCode: row.processing_error_code,
  transcriptionAttempts: row.transcription_attempts,
  analysisAttempts: row.analysis_attempts,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
  replyTo: row.reply_to,
})

/** `id`: the new message's, chosen by the send, so that the statements that name it can go out with its insert */
type SendValues = { id: string; senderId: string; receiverId: string; uploadId: string; replyToId: string | null }

const insertFromUploadStatement = preparedStatement<StoredMessageRow, SendValues>(
  'hearth_send_insert_message',
  sql`
    with upload as (
      delete from ${audioUploads}
      where ${audioUploads.id} = ${sql.placeholder('uploadId')}::uuid and ${audioUploads.userId} = ${sql.placeholder('senderId')}::text
      returning ${audioUploads.objectKey}, ${audioUploads.mimeType}, ${audioUploads.bytes}, ${audioUploads.durationSeconds},
        ${audioUploads.waveform}, ${audioUploads.audioMeasuredAt}
    )
    insert into ${audioMessages} (id, sender_id, receiver_id, audio_key, mime_type, bytes, duration_seconds, waveform, audio_measured_at, reply_to_id)
    select ${sql.placeholder('id')}::uuid, ${sql.placeholder('senderId')}::text, ${sql.placeholder('receiverId')}::text, upload.object_key, upload.mime_type,
      upload.bytes, upload.duration_seconds, upload.waveform, upload.audio_measured_at, ${sql.placeholder('replyToId')}::uuid
    from upload
    returning ${storedMessageColumns}, ${replyQuote} as reply_to`,
)

/**
 * The message of a send, made from the sender's own upload, which it consumes in the same statement: the upload's row
 * is deleted (and so locked: a second send of the same upload waits, then finds none) and its audio becomes the
 * message's. Undefined when the upload is not the sender's or is gone.
 */
export async function insertMessageFromUpload(tx: Executor, values: SendValues): Promise<MessageRow | undefined> {
  const [row] = await insertFromUploadStatement(tx, values)
  return row && toMessageRow(row)
}

type ConversationPageValues = {
  ownerId: string | Placeholder
  contactId: string | Placeholder
  before: BoundMessagePosition | null
  limit: number | Placeholder
}

/**
 * The statement behind a conversation page (decisions 86, 114), unexecuted (the benchmarks print its plan): the
 * caller's contact (its id and owner both must match), the stored total of its conversation, and a page of the pair's
 * messages in one statement. The page is a lateral join on the contact's other person: one branch per direction, each
 * read newest first from the (sender, receiver, created_at, id) index and cut at `limit`, then merged and cut again,
 * so PostgreSQL reads at most 2 x limit index entries at any depth. `before` continues below a previous page's last
 * row. No row: not the caller's contact; a row with no other person: an unlinked contact; a row with no message: an
 * empty page.
 */
export function conversationPageQuery(db: Executor, { ownerId, contactId, before, limit }: ConversationPageValues) {
  const otherId = contacts.contactUserId
  const branch = (from: SQLWrapper | string, to: SQLWrapper | string) =>
    db
      // a subquery's computed columns need names
      .select({
        ...tableColumns,
        replyTo: replyQuote.as('reply_to'),
        isRead: readAsSeenBy(ownerId).as('is_read'),
        cursorAt: cursorAtColumn(),
      })
      .from(audioMessages)
      .where(and(eq(audioMessages.senderId, from), eq(audioMessages.receiverId, to), before ? olderThan(before) : undefined))
      .orderBy(desc(audioMessages.createdAt), desc(audioMessages.id))
      .limit(limit)
  const pair = unionAll(branch(ownerId, otherId), branch(otherId, ownerId)).as('pair')
  const page = db.select().from(pair).orderBy(desc(pair.createdAt), desc(pair.id)).limit(limit).as('page')
  return (
    db
      .select({
        contactUserId: otherId,
        // computed columns are named: the reader reads the rows by column name
        accountDeleted: sql<boolean>`${contacts.accountDeletedAt} is not null`.as('account_deleted'),
        total: conversations.messageCount,
        message: page._.selectedFields,
      })
      .from(contacts)
      .leftJoin(conversations, eq(conversations.contactId, contacts.id))
      .leftJoinLateral(page, sql`true`)
      // a message request is not a conversation of its receiver's until they accept it (decision 123)
      .where(and(eq(contacts.id, contactId), eq(contacts.userId, ownerId), isNull(contacts.requestStatus)))
      .orderBy(desc(page.createdAt), desc(page.id))
  )
}

export type PagedMessageRow = MessageRow & { cursorAt: string }
export type ConversationPage = { contactUserId: string | null; accountDeleted: boolean; total: number; messages: PagedMessageRow[] }

/** A row of conversationPageQuery by column name: the contact's columns, and a message's (all null for none). */
type StoredPageRow = Omit<StoredMessageRow, 'id'> & {
  id: string | null
  contact_user_id: string | null
  account_deleted: boolean
  message_count: number | null
  cursor_at: string
}

type PageValues = { ownerId: string; contactId: string; limit: number; beforeAt?: string; beforeId?: string }

/**
 * Reads conversation pages (decision 114): the statement is built once per shape (first page, older page) and kept as
 * a named prepared statement, so a read costs neither drizzle's building of the SQL text (~0.35 ms of JavaScript) nor
 * PostgreSQL's parsing; its plan does not depend on the values (a primary key and two index ranges). Its rows are read
 * by column name and mapped by hand, without drizzle's mapping of each field (about 1 ms for a page of 50: decision
 * 181). Answers undefined for a contact that is not the caller's.
 */
export function conversationPageReader(db: Database) {
  const placeholders = {
    ownerId: sql.placeholder('ownerId'),
    contactId: sql.placeholder('contactId'),
    limit: sql.placeholder('limit'),
  }
  const first = preparedStatement<StoredPageRow, PageValues>(
    'conversation_page',
    conversationPageQuery(db, { ...placeholders, before: null }).getSQL(),
  )
  const older = preparedStatement<StoredPageRow, PageValues>(
    'conversation_page_older',
    conversationPageQuery(db, {
      ...placeholders,
      before: { createdAt: sql.placeholder('beforeAt'), id: sql.placeholder('beforeId') },
    }).getSQL(),
  )
  return async (
    ownerId: string,
    contactId: string,
    { before, limit }: { before: MessagePosition | null; limit: number },
  ): Promise<ConversationPage | undefined> => {
    const rows = before
      ? await older(db, { ownerId, contactId, limit, beforeAt: before.createdAt, beforeId: before.id })
      : await first(db, { ownerId, contactId, limit })
    const [contact] = rows
    if (!contact) return undefined
    const messages: PagedMessageRow[] = []
    for (const row of rows) {
      // a contact with no message yet has one row, its message's columns all null
      if (row.id !== null) messages.push({ ...toMessageRow(row as StoredMessageRow), cursorAt: row.cursor_at })
    }
    return {
      contactUserId: contact.contact_user_id,
      accountDeleted: contact.account_deleted,
      total: contact.message_count ?? 0,
      messages,
    }
  }
}

/**
 * A page of the owner's conversation with a contact who deleted their account (decisions 120, 202), newest first,
 * older than `before`: what the owner sent them and what they sent the owner, both tagged with the owner's row for
 * them as the person went.
 */
export async function listMessagesLeftWith(
  db: Executor,
  ownerId: string,
  contactId: string,
  { before, limit }: { before: MessagePosition | null; limit: number },
): Promise<PagedMessageRow[]> {
  return db
    .select({ ...messageColumns(ownerId), cursorAt: cursorAtColumn() })
    .from(audioMessages)
    .where(and(eq(audioMessages.leftContactId, contactId), before ? olderThan(before) : undefined))
    .orderBy(desc(audioMessages.createdAt), desc(audioMessages.id))
    .limit(limit)
}

/**
 * What `userId` received and has not heard yet from anyone still in their circle (a contact they have not
 * archived), oldest first (arrival order), at most `limit`. Messages still being transcribed, or whose transcription
 * failed, are included: their audio is there.
 */
export async function listUnheardForReceiver(db: Executor, userId: string, limit: number): Promise<MessageRow[]> {
  const inCircle = db
    .select({ one: sql`1` })
    .from(contacts)
    .where(
      and(
        eq(contacts.userId, userId),
        eq(contacts.contactUserId, audioMessages.senderId),
        isNull(contacts.archivedAt),
        // messages of a request wait on the requests page (decision 123)
        isNull(contacts.requestStatus),
      ),
    )
  return db
    .select(messageColumns(userId))
    .from(audioMessages)
    .where(and(eq(audioMessages.receiverId, userId), eq(audioMessages.isRead, false), exists(inCircle)))
    .orderBy(asc(audioMessages.createdAt), asc(audioMessages.id))
    .limit(limit)
}

/** What `senderId` sent `receiverId`, oldest first, at most `limit`: a message request's messages (decision 123). */
export async function listMessagesFrom(db: Executor, senderId: string, receiverId: string, limit: number): Promise<MessageRow[]> {
  return db
    .select(messageColumns(receiverId))
    .from(audioMessages)
    .where(and(eq(audioMessages.senderId, senderId), eq(audioMessages.receiverId, receiverId)))
    .orderBy(asc(audioMessages.createdAt), asc(audioMessages.id))
    .limit(limit)
}

/** A message that counts as unread (decision 206): not played, and not seen in its open conversation either. */
const unheardUnseen = sql`not ${audioMessages.isRead} and ${audioMessages.seenAt} is null`

/** The ids of what `senderId` sent `receiverId` that the receiver has heard (a request's, told at its accept). */
export async function listHeardMessageIds(db: Executor, senderId: string, receiverId: string): Promise<string[]> {
  const rows = await db
    .select({ id: audioMessages.id })
    .from(audioMessages)
    .where(and(eq(audioMessages.senderId, senderId), eq(audioMessages.receiverId, receiverId), eq(audioMessages.isRead, true)))
  return rows.map((row) => row.id)
}

type RecordSendValues = {
  senderContactId: string
  receiverContactId: string | null
  senderId: string
  receiverId: string
  messageId: string
  countsAsReply: boolean
}

const recordSendStatement = preparedStatement<{ contacts: string; conversations: string }, RecordSendValues>(
  'hearth_send_record',
  sql`
    with counted as (
      update ${contacts} set
        consecutive_messages_sent = case when ${contacts.id} = ${sql.placeholder('senderContactId')}::uuid
          then ${contacts.consecutiveMessagesSent} + 1 else 0 end,
        last_interaction = now(),
        chosen_at = case when ${contacts.id} = ${sql.placeholder('senderContactId')}::uuid
          then coalesce(${contacts.chosenAt}, now()) else ${contacts.chosenAt} end,
        last_reply_from_them = case when ${contacts.id} = ${sql.placeholder('senderContactId')}::uuid
          or not ${sql.placeholder('countsAsReply')}::boolean then ${contacts.lastReplyFromThem} else now() end,
        updated_at = now()
      where ${contacts.id} = ${sql.placeholder('senderContactId')}::uuid or ${contacts.id} = ${sql.placeholder('receiverContactId')}::uuid
      returning ${contacts.id}
    ),
    pointed as (
      update ${conversations} set
        last_message_id = ${sql.placeholder('messageId')}::uuid,
        unread_count = case when ${conversations.contactId} = ${sql.placeholder('receiverContactId')}::uuid then (
          select count(*) from ${audioMessages}
          where ${audioMessages.receiverId} = ${sql.placeholder('receiverId')}::text
            and ${audioMessages.senderId} = ${sql.placeholder('senderId')}::text and ${unheardUnseen}
        ) else ${conversations.unreadCount} end,
        updated_at = now()
      where ${conversations.contactId} = ${sql.placeholder('senderContactId')}::uuid
        or ${conversations.contactId} = ${sql.placeholder('receiverContactId')}::uuid
      returning ${conversations.id}
    )
    select (select count(*) from counted) as contacts, (select count(*) from pointed) as conversations`,
)

/**
 * After sending: the sender waits for one more reply, and sending is choosing the receiver (decision 40); for the
 * receiver the sender has just replied. `countsAsReply` false leaves the receiver's row as active or inactive as it
 * was (their circle is full: decision 41); their unanswered count still starts again. Both conversations point at the
 * message, and the receiver's unread count is recounted from the messages (as `refreshUnreadCount` does). One
 * prepared statement, an update of each table, whether the receiver has a row for the sender or not (decisions 176,
 * 181).
 */
export async function recordSend(
  tx: Executor,
  values: Omit<RecordSendValues, 'receiverContactId'> & { receiverContactId: string | undefined },
) {
  await recordSendStatement(tx, { ...values, receiverContactId: values.receiverContactId ?? null })
}

/**
 * unread_count is recounted from the messages, so it can never drift: what the receiver has neither played nor seen
 * arrive in the open conversation (decision 206).
 */
export async function refreshUnreadCount(tx: Executor, receiverId: string, senderId: string): Promise<void> {
  await tx.execute(sql`
    update ${conversations} set unread_count = (
      select count(*) from ${audioMessages}
      where ${audioMessages.receiverId} = ${receiverId} and ${audioMessages.senderId} = ${senderId} and ${unheardUnseen}
    ), updated_at = now()
    where ${conversations.contactId} in (
      select ${contacts.id} from ${contacts} where ${contacts.userId} = ${receiverId} and ${contacts.contactUserId} = ${senderId}
    )`)
}

/**
 * The owners' conversations with people who deleted their account (decisions 120, 202), counted from what stays
 * tagged with their rows: the total, what the owner has not heard, the latest message. The triggers of decision 86
 * cannot match a pair whose other side is unlinked.
 */
export async function refreshLeftConversationCounts(tx: Executor, contactIds: string[]): Promise<void> {
  if (contactIds.length === 0) return
  const tagged = sql`${audioMessages} m where m.left_contact_id = ${conversations.contactId}`
  await tx
    .update(conversations)
    .set({
      messageCount: sql`(select count(*) from ${tagged})`,
      unreadCount: sql`(select count(*) from ${tagged} and m.receiver_id = ${conversations.userId} and not m.is_read)`,
      lastMessageId: sql`(select m.id from ${tagged} order by m.created_at desc, m.id desc limit 1)`,
      updatedAt: new Date(),
    })
    .where(inArray(conversations.contactId, contactIds))
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

/**
 * Marks what `senderId` sent `receiverId` and the receiver has neither played nor seen as seen (decision 206); returns
 * how many changed.
 */
export async function markAllSeenFrom(tx: Executor, receiverId: string, senderId: string): Promise<number> {
  const rows = await tx
    .update(audioMessages)
    .set({ seenAt: sql`now()` })
    .where(and(eq(audioMessages.receiverId, receiverId), eq(audioMessages.senderId, senderId), unheardUnseen))
    .returning({ id: audioMessages.id })
  return rows.length
}

/** Sets or clears the message's one like, whoever of the two does it (decision 205); idempotent. */
export async function setLiked(tx: Executor, messageId: string, liked: boolean): Promise<void> {
  await tx.update(audioMessages).set({ liked }).where(eq(audioMessages.id, messageId))
}

/** A message's speech state, the same for both people: what a `message.updated` event after a speech stage carries. */
export async function getMessageSpeechState(db: Executor, messageId: string) {
  const [row] = await db
    .select({
      senderId: audioMessages.senderId,
      receiverId: audioMessages.receiverId,
      transcription: audioMessages.transcription,
      wordTimestamps: audioMessages.wordTimestamps,
      transcriptConfidence: audioMessages.transcriptConfidence,
      transcriptEngine: audioMessages.transcriptEngine,
      transcriptModel: audioMessages.transcriptModel,
      transcriptLanguage: audioMessages.transcriptLanguage,
      emotions: audioMessages.emotions,
      topics: audioMessages.topics,
      sentiment: audioMessages.sentiment,
      processingStatus: audioMessages.processingStatus,
      processingError: audioMessages.processingError,
      processingErrorCode: audioMessages.processingErrorCode,
    })
    .from(audioMessages)
    .where(eq(audioMessages.id, messageId))
  return row
}

/** Each person's row for the other (a contact or a message request), by owner: whom a message event goes to and as which contact. */
export async function listPairRows(db: Executor, a: string, b: string) {
  return db
    .select({ id: contacts.id, ownerId: contacts.userId, requestStatus: contacts.requestStatus })
    .from(contacts)
    .where(or(and(eq(contacts.userId, a), eq(contacts.contactUserId, b)), and(eq(contacts.userId, b), eq(contacts.contactUserId, a))))
}
