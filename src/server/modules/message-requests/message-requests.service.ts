import type { Contact } from '#shared/contacts.ts'
import { CONTACT_TEXTS } from '#shared/contacts-texts.ts'
import { ERROR_CODES } from '#shared/error-codes.ts'
import { MAX_ACTIVE_CONTACTS, MAX_CONSECUTIVE_UNANSWERED, MESSAGE_REQUESTS_PAGE_LIMIT } from '#shared/limits.ts'
import { type BlockedPeopleList, type MessageRequestList } from '#shared/message-requests.ts'
import { MESSAGE_REQUEST_TEXTS } from '#shared/message-requests-texts.ts'
import type { Database } from '#server/db/client.ts'
import type { PictureUrl } from '#server/media/signed-url.ts'
import { ConflictError, NotFoundError } from '#server/http/errors.ts'
import { publishRealtime } from '#server/realtime/realtime.publisher.ts'
import {
  countActiveContacts,
  getContactForOwner,
  getContactByUsers,
  lockCircles,
  markContactChosen,
} from '#server/modules/contacts/contacts.queries.ts'
import { toContactResponse } from '#server/modules/contacts/contacts.service.ts'
import { listHeardMessageIds, listMessagesFrom } from '#server/modules/messages/messages.queries.ts'
import { toMessageResponse, type ActiveSpeechEngine } from '#server/modules/messages/messages.service.ts'
import { getRequestForOwner, listBlockedRequests, listPendingRequests, setRequestStatus } from './message-requests.queries.ts'

const requestNotFound = () => new NotFoundError(MESSAGE_REQUEST_TEXTS.notFound)

/**
 * Message requests (decision 123): someone who pressed Message on a person who had not chosen them waits here, outside
 * that person's circle, until they accept (a plain two-way connection), ignore (hidden; back if the requester writes
 * again) or block (nothing more from them reaches the receiver). The requester is told none of it but the accept.
 */
export function createMessageRequestsService({
  db,
  pictureUrl,
  signMediaUrl,
  speech,
}: {
  db: Database
  pictureUrl: PictureUrl
  signMediaUrl: (key: string) => string
  speech: ActiveSpeechEngine
}) {
  /**
   * Moves a request to another state, or 404 when it is not one of the owner's in a state it may leave: a pending one
   * is ignored, a pending (or ignored) one blocked, a blocked one unblocked back to pending (decision 203).
   */
  async function settle(ownerId: string, id: string, status: 'ignored' | 'blocked' | 'pending'): Promise<void> {
    const from = { ignored: ['pending'], blocked: ['pending', 'ignored'], pending: ['blocked'] } as const
    await db.transaction(async (tx) => {
      const request = await getRequestForOwner(tx, ownerId, id, [...from[status]])
      if (!request) throw requestNotFound()
      await setRequestStatus(tx, id, status)
      // the receiver's other tabs drop it from their list; the requester hears nothing
      await publishRealtime(tx, [ownerId], { type: 'contact.changed', contact_id: null, change: 'updated' })
    })
  }

  return {
    async list(ownerId: string): Promise<MessageRequestList> {
      const rows = await listPendingRequests(db, ownerId, MESSAGE_REQUESTS_PAGE_LIMIT)
      const requests = await Promise.all(
        rows.map(async (row) => ({
          id: row.id,
          user_id: row.requesterId,
          name: row.name,
          avatar_url: pictureUrl(row.avatarKey),
          requested_at: row.requestedAt.toISOString(),
          messages: (await listMessagesFrom(db, row.requesterId, ownerId, MAX_CONSECUTIVE_UNANSWERED)).map((message) =>
            toMessageResponse(message, signMediaUrl, speech),
          ),
        })),
      )
      return { requests }
    },

    /**
     * The receiver chooses the requester: their row becomes a contact of their circle, if it has room. The circle is
     * locked as every path that fills it locks it, so two accepts (or an accept and an invitation) at 9 of 10 take the
     * tenth place once.
     */
    async accept(ownerId: string, id: string): Promise<Contact> {
      await db.transaction(async (tx) => {
        await lockCircles(tx, [ownerId])
        const request = await getRequestForOwner(tx, ownerId, id, ['pending'])
        if (!request) throw requestNotFound()
        if ((await countActiveContacts(tx, ownerId)) >= MAX_ACTIVE_CONTACTS) {
          throw new ConflictError(CONTACT_TEXTS.circleFull, ERROR_CODES.circleFull)
        }
        await markContactChosen(tx, id)
        await publishRealtime(tx, [ownerId], { type: 'contact.changed', contact_id: id, change: 'created' })
        // the requester's tile now shows the receiver's presence: they chose each other
        const theirs = await getContactByUsers(tx, request.requesterId, ownerId)
        await publishRealtime(tx, [request.requesterId], { type: 'contact.changed', contact_id: theirs?.id ?? null, change: 'updated' })
        // what the receiver heard of the request shows as heard to the requester from now on, as the accept itself
        // does (decision 200): their open conversation learns it as any read
        for (const messageId of await listHeardMessageIds(tx, request.requesterId, ownerId)) {
          await publishRealtime(tx, [request.requesterId], {
            type: 'message.updated',
            message_id: messageId,
            contact_id: theirs?.id ?? null,
            changes: { is_read: true },
          })
        }
      })
      const contact = await getContactForOwner(db, ownerId, id)
      if (!contact) throw requestNotFound()
      return toContactResponse(contact, pictureUrl)
    },

    ignore: (ownerId: string, id: string) => settle(ownerId, id, 'ignored'),
    block: (ownerId: string, id: string) => settle(ownerId, id, 'blocked'),
    /**
     * Undoes a block (decision 203): the request is pending again, on the requests page with what they sent, so the
     * owner can accept, ignore or block it anew. The requester is told nothing, as of the block.
     */
    unblock: (ownerId: string, id: string) => settle(ownerId, id, 'pending'),

    /** The people the owner blocked, most recently blocked first: Settings' Blocked people (decision 203). */
    async listBlocked(ownerId: string): Promise<BlockedPeopleList> {
      const rows = await listBlockedRequests(db, ownerId, MESSAGE_REQUESTS_PAGE_LIMIT)
      return {
        blocked: rows.map((row) => ({
          id: row.id,
          user_id: row.requesterId,
          name: row.name,
          avatar_url: pictureUrl(row.avatarKey),
          blocked_at: row.blockedAt.toISOString(),
        })),
      }
    },
  }
}
export type MessageRequestsService = ReturnType<typeof createMessageRequestsService>
