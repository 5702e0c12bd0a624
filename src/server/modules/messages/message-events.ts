import type { Contact } from '#shared/contacts.ts'
import type { Message } from '#shared/messages.ts'
import type { MessageChanges } from '#shared/realtime.ts'
import type { Executor } from '#server/db/client.ts'
import type { PictureUrl } from '#server/media/signed-url.ts'
import { publishRealtime } from '#server/realtime/realtime.publisher.ts'
import { getContactForOwner, type ContactRow } from '#server/modules/contacts/contacts.queries.ts'
import { toContactResponse } from '#server/modules/contacts/contacts.service.ts'
import { getMessageSpeechState, listPairRows } from './messages.queries.ts'

/**
 * The realtime events of a message's life, each sent to one person and carrying what changed as that person sees it
 * (docs/architecture.md, "Live updates"): their screens update the entries concerned instead of reading lists again.
 * Every payload holds only what its receiver may read anyway: the message (both people read it), their own contact of
 * the other person, and a flag that their view of the pair's health was recomputed (never the figures themselves).
 */

/** The owner's contact as GET /api/contacts/{id} answers it; none for a message request (its screens read again). */
async function contactAsSeenBy(tx: Executor, ownerId: string, contactId: string, pictureUrl: PictureUrl): Promise<Contact | undefined> {
  const row = await getContactForOwner(tx, ownerId, contactId)
  return row && toContactResponse(row, pictureUrl)
}

/**
 * A message was sent: to the sender, and to the receiver unless they blocked the sender's request. `contacts` are their
 * contacts as the send left them (the sender's, and the receiver's when they are told and have one), read by the send
 * in the round trip that writes the message (decision 188). The pair's health is recomputed after the send's commit,
 * and a `health.changed` event follows (decision 176): this one does not flag it. Both events leave in one statement
 * at the send's end (decision 182).
 */
export async function announceNewMessage(
  tx: Executor,
  {
    message,
    sender,
    receiver,
    contacts,
    pictureUrl,
  }: {
    message: Message
    sender: { id: string; contactId: string }
    /** absent: the receiver is not told (a blocked request) */
    receiver: { id: string; contactId: string | null } | null
    contacts: ContactRow[]
    pictureUrl: PictureUrl
  },
): Promise<void> {
  const created = { type: 'message.created', message_id: message.id, message } as const
  const contactOf = (contactId: string) => {
    const row = contacts.find((r) => r.id === contactId)
    return row && toContactResponse(row, pictureUrl)
  }
  await publishRealtime(tx, [sender.id], { ...created, contact_id: sender.contactId, contact: contactOf(sender.contactId) })
  if (receiver) {
    const contact = receiver.contactId ? contactOf(receiver.contactId) : undefined
    await publishRealtime(tx, [receiver.id], { ...created, contact_id: receiver.contactId, contact })
  }
}

/**
 * The receiver heard these messages: their tabs learn it, their contact carrying its new unread count. The sender
 * learns it too, unless the receiver's row for them is a message request (pending, ignored or blocked): a requester
 * is told nothing of a request but its accept (decision 200). A sender who deleted their account (null, decision
 * 202) has no one to tell; the receiver's row for them is `leftContactId`.
 */
export async function announceRead(
  tx: Executor,
  {
    messageIds,
    senderId,
    receiverId,
    leftContactId = null,
    pictureUrl,
  }: { messageIds: string[]; senderId: string | null; receiverId: string; leftContactId?: string | null; pictureUrl: PictureUrl },
): Promise<void> {
  if (messageIds.length === 0) return
  const rows = senderId ? await listPairRows(tx, senderId, receiverId) : []
  const senderContactId = rows.find((r) => r.ownerId === senderId)?.id ?? null
  const receiverRow = rows.find((r) => r.ownerId === receiverId)
  const receiverContactId = receiverRow?.id ?? leftContactId
  const senderMayKnow = !receiverRow || receiverRow.requestStatus === null
  const contact = receiverContactId ? await contactAsSeenBy(tx, receiverId, receiverContactId, pictureUrl) : undefined
  const read = { type: 'message.updated', changes: { is_read: true }, health: senderId !== null } as const
  for (const id of messageIds) {
    if (senderId && senderMayKnow) await publishRealtime(tx, [senderId], { ...read, message_id: id, contact_id: senderContactId })
    await publishRealtime(tx, [receiverId], { ...read, message_id: id, contact_id: receiverContactId, contact })
  }
}

/**
 * The message's one like was set or cleared (decision 205): both people hear of it, each as their own contact of the
 * other, except the receiver of a blocked request, who never heard of the message.
 */
export async function announceLike(tx: Executor, { liked, ...people }: MessagePeople & { liked: boolean }): Promise<void> {
  // someone who deleted their account left no relationship to weigh
  await tellBothPeople(tx, people, { liked }, people.senderId !== null && people.receiverId !== null)
}

/**
 * The receiver saw what the contact sent them arrive in the open conversation (decision 206): their own tabs read
 * their contacts again (the unread badge and the tab title follow). The sender hears nothing.
 */
export async function announceSeen(tx: Executor, { ownerId, contactId }: { ownerId: string; contactId: string }): Promise<void> {
  await publishRealtime(tx, [ownerId], { type: 'contact.changed', contact_id: contactId, change: 'updated' })
}

/**
 * A speech stage changed the message (claimed, measured, transcribed, analysed, failed): both people get its whole
 * speech state, which is the same for both, and its measured audio when the job has just written it. The receiver of a blocked request never heard of the message and hears nothing now.
 */
export async function announceSpeechState(
  tx: Executor,
  messageId: string,
  { health, audio }: { health: boolean; audio?: Pick<MessageChanges, 'audio_url' | 'mime_type' | 'duration_seconds' | 'waveform'> },
): Promise<void> {
  const state = await getMessageSpeechState(tx, messageId)
  if (!state) return
  const changes: MessageChanges = {
    transcription: state.transcription,
    word_timestamps: state.wordTimestamps ?? null,
    transcript_confidence: state.transcriptConfidence,
    transcript_engine: state.transcriptEngine,
    transcript_model: state.transcriptModel,
    transcript_language: state.transcriptLanguage,
    emotions: state.emotions,
    topics: state.topics,
    sentiment: state.sentiment,
    processing_status: state.processingStatus,
    processing_error: state.processingError,
    processing_error_code: state.processingErrorCode,
    ...audio,
  }
  await tellBothPeople(tx, { messageId, senderId: state.senderId, receiverId: state.receiverId }, changes, health)
}

/**
 * Tells each of the message's two people who are still here, under their own row for the other, what changed of it.
 * The receiver of a blocked request never heard of the message and hears nothing; someone who stayed with a person who
 * deleted their account reads it under that person's kept row, `leftContactId` (decision 202).
 */
async function tellBothPeople(
  tx: Executor,
  { messageId, senderId, receiverId, leftContactId = null }: MessagePeople,
  changes: MessageChanges,
  health: boolean,
): Promise<void> {
  const rows = senderId && receiverId ? await listPairRows(tx, senderId, receiverId) : []
  for (const person of [senderId, receiverId]) {
    if (person === null) continue
    const row = rows.find((r) => r.ownerId === person)
    if (row?.requestStatus === 'blocked') continue
    await publishRealtime(tx, [person], {
      type: 'message.updated',
      message_id: messageId,
      contact_id: row?.id ?? leftContactId,
      changes,
      ...(health ? { health } : {}),
    })
  }
}

type MessagePeople = { messageId: string; senderId: string | null; receiverId: string | null; leftContactId?: string | null }
