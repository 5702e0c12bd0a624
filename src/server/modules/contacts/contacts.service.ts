import { mergeDuplicateContacts, type Contact, type ContactStatus, type ConnectResult } from '#shared/contacts.ts'
import { CONTACT_TEXTS } from '#shared/contacts-texts.ts'
import { ERROR_CODES } from '#shared/error-codes.ts'
import { PROFILE_TEXTS } from '#shared/profile.ts'
import { CONTACTS_PAGE_LIMIT, MAX_ACTIVE_CONTACTS } from '#shared/limits.ts'
import type { Database, Executor } from '#server/db/client.ts'
import type { PictureUrl } from '#server/media/signed-url.ts'
import { ConflictError, GoneError, NotFoundError, ValidationError } from '#server/http/errors.ts'
import { prepareAnnouncement, publishRealtime } from '#server/realtime/realtime.publisher.ts'
import {
  getProfileName,
  countActiveContacts,
  getContactByUsers,
  getContactForOwner,
  insertContact,
  isRequest,
  listContactsForOwner,
  lockCircles,
  markContactChosen,
  markContactRekindled,
  nextDisplayOrder,
  reorderOwnedContacts,
  setContactArchived,
  type ContactRow,
} from './contacts.queries.ts'

export function toContactResponse(row: ContactRow, pictureUrl: PictureUrl): Contact {
  return {
    id: row.id,
    name: row.name,
    avatar_url: pictureUrl(row.avatarKey),
    contact_user_id: row.contactUserId,
    display_order: row.displayOrder,
    last_interaction: row.lastInteraction.toISOString(),
    last_reply_from_them: row.lastReplyFromThem?.toISOString() ?? null,
    consecutive_messages_sent: row.consecutiveMessagesSent,
    archived_at: row.archivedAt?.toISOString() ?? null,
    account_deleted: row.accountDeletedAt !== null,
    is_active: row.isActive,
    inactive_days: row.inactiveDays,
    unread_count: row.unreadCount,
    is_online: row.isOnline,
  }
}

const circleFull = () => new ConflictError(CONTACT_TEXTS.circleFull, ERROR_CODES.circleFull)
const contactNotFound = () => new NotFoundError(CONTACT_TEXTS.notFound)
/** A person who deleted their account cannot come back into a circle (decision 120). */
const accountDeleted = (name: string) => new GoneError(CONTACT_TEXTS.cannotRestoreDeleted(name), ERROR_CODES.accountDeleted)

/**
 * What connecting two people asks of invitations (that module builds on contacts, so the composition root hands these
 * in rather than contacts importing it): whether the other invited this person by mail, and closing what the two had
 * open to each other once they are connected.
 */
export type InvitationsOnConnection = {
  hasInvitedByMail: (tx: Executor, inviterId: string, inviteeId: string) => Promise<boolean>
  closeOnConnection: (tx: Executor, userA: string, userB: string) => Promise<void>
}

export function createContactsService({
  db,
  pictureUrl,
  invitations,
}: {
  db: Database
  pictureUrl: PictureUrl
  invitations: InvitationsOnConnection
}) {
  const respond = (row: ContactRow) => toContactResponse(row, pictureUrl)

  async function requireContact(ownerId: string, contactId: string): Promise<ContactRow> {
    const row = await getContactForOwner(db, ownerId, contactId)
    if (!row) throw contactNotFound()
    return row
  }

  return {
    async list(ownerId: string, status: ContactStatus): Promise<Contact[]> {
      const contacts = (await listContactsForOwner(db, ownerId, status, CONTACTS_PAGE_LIMIT)).map(respond)
      // the home list merges duplicates by name (decision 14); the archived and inactive lists show every row
      return status === 'active' ? mergeDuplicateContacts(contacts) : contacts
    },

    async get(ownerId: string, contactId: string): Promise<Contact> {
      return respond(await requireContact(ownerId, contactId))
    },

    /** The new ordered id list must name only the owner's contacts (404 otherwise). */
    async reorder(ownerId: string, contactIds: string[]): Promise<void> {
      // one statement, one round trip: the check, the new order and the event (decision 106)
      const reordered = { type: 'contact.changed', contact_id: null, change: 'reordered' } as const
      const announcement = prepareAnnouncement(db, [ownerId], reordered)
      if (!(await reorderOwnedContacts(db, ownerId, contactIds, announcement.payload))) throw contactNotFound()
      announcement.sent()
    },

    /** archive_contact(contact_id, should_archive). Unarchiving counts against the circle limit. */
    async setArchived(ownerId: string, contactId: string, shouldArchive: boolean): Promise<Contact> {
      await db.transaction(async (tx) => {
        await lockCircles(tx, [ownerId])
        const current = await getContactForOwner(tx, ownerId, contactId)
        if (!current) throw contactNotFound()
        if (shouldArchive === (current.archivedAt !== null)) return
        if (!shouldArchive && current.accountDeletedAt) throw accountDeleted(current.name)
        if (!shouldArchive && (await countActiveContacts(tx, ownerId)) >= MAX_ACTIVE_CONTACTS) throw circleFull()
        await setContactArchived(tx, ownerId, contactId, shouldArchive ? new Date() : null)
        await publishRealtime(tx, [ownerId], {
          type: 'contact.changed',
          contact_id: contactId,
          change: shouldArchive ? 'archived' : 'unarchived',
        })
      })
      return respond(await requireContact(ownerId, contactId))
    },

    /** Brings an archived or inactive contact back into the circle with a fresh 30-day window. */
    async rekindle(ownerId: string, contactId: string): Promise<Contact> {
      await db.transaction(async (tx) => {
        await lockCircles(tx, [ownerId])
        const current = await getContactForOwner(tx, ownerId, contactId)
        if (!current) throw contactNotFound()
        if (current.isActive) return
        if (current.accountDeletedAt) throw accountDeleted(current.name)
        if ((await countActiveContacts(tx, ownerId)) >= MAX_ACTIVE_CONTACTS) throw circleFull()
        await markContactRekindled(tx, ownerId, contactId)
        await publishRealtime(tx, [ownerId], { type: 'contact.changed', contact_id: contactId, change: 'rekindled' })
      })
      return respond(await requireContact(ownerId, contactId))
    },

    /**
     * The Message button of a public profile (decisions 13, 40 and 123). The caller chooses the other person: their
     * side is a contact of their circle, which needs room. The other person has not chosen them, so theirs is a
     * message request: it takes none of their ten places and waits on their requests page. Pressing Message on
     * someone whose request you hold is choosing them back: a plain two-way connection, with room in your circle.
     */
    async connect(ownerId: string, targetUserId: string): Promise<ConnectResult> {
      if (targetUserId === ownerId) throw new ValidationError(CONTACT_TEXTS.notYourself)
      const result = await db.transaction(async (tx) => {
        await lockCircles(tx, [ownerId, targetUserId])
        // once both have chosen each other, the invitations either still had open to the other are answered
        // (decision 119); a request on their side is not a connection yet
        const closeInvitationsIfConnected = async () => {
          const theirs = await getContactByUsers(tx, targetUserId, ownerId)
          if (theirs && !isRequest(theirs)) await invitations.closeOnConnection(tx, ownerId, targetUserId)
        }
        const existing = await getContactByUsers(tx, ownerId, targetUserId)
        if (existing) {
          // choosing back someone whose request you hold is accepting it: it takes a place in your circle
          const accepting = isRequest(existing)
          if (accepting && (await countActiveContacts(tx, ownerId)) >= MAX_ACTIVE_CONTACTS) throw circleFull()
          await markContactChosen(tx, existing.id)
          if (accepting) {
            await publishRealtime(tx, [ownerId], { type: 'contact.changed', contact_id: existing.id, change: 'created' })
            await publishRealtime(tx, [targetUserId], { type: 'contact.changed', contact_id: null, change: 'updated' })
          }
          await closeInvitationsIfConnected()
          return { contactId: existing.id, created: false }
        }
        const [owner, target] = await Promise.all([getProfileName(tx, ownerId), getProfileName(tx, targetUserId)])
        if (!target) throw new NotFoundError(PROFILE_TEXTS.notFound)
        if (!owner) throw new NotFoundError(PROFILE_TEXTS.notFound)
        if ((await countActiveContacts(tx, ownerId)) >= MAX_ACTIVE_CONTACTS) throw circleFull()
        const contactId = await insertContact(tx, {
          ownerId,
          contactUserId: targetUserId,
          name: target.name,
          displayOrder: await nextDisplayOrder(tx, ownerId),
          archivedAt: null,
          chosen: true,
        })
        await publishRealtime(tx, [ownerId], { type: 'contact.changed', contact_id: contactId, change: 'created' })
        if (!(await getContactByUsers(tx, targetUserId, ownerId))) {
          // being contacted is not choosing: a request, outside their circle, sharing no presence. But someone who
          // invited you by mail has chosen you: their side is a contact, when their circle has room (decision 123)
          const chosenByInvitation =
            (await invitations.hasInvitedByMail(tx, targetUserId, ownerId)) &&
            (await countActiveContacts(tx, targetUserId)) < MAX_ACTIVE_CONTACTS
          const theirId = await insertContact(tx, {
            ownerId: targetUserId,
            contactUserId: ownerId,
            name: owner.name,
            displayOrder: await nextDisplayOrder(tx, targetUserId),
            archivedAt: null,
            chosen: chosenByInvitation,
            request: !chosenByInvitation,
          })
          await publishRealtime(tx, [targetUserId], {
            type: 'contact.changed',
            contact_id: theirId,
            change: chosenByInvitation ? 'created' : 'requested',
          })
        }
        await closeInvitationsIfConnected()
        return { contactId, created: true }
      })
      return { contact: respond(await requireContact(ownerId, result.contactId)), created: result.created }
    },
  }
}
export type ContactsService = ReturnType<typeof createContactsService>
