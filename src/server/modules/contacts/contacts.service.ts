import { CONTACT_TEXTS, mergeDuplicateContacts, type Contact, type ContactStatus, type ConnectResult } from '#shared/contacts.ts'
import { ERROR_CODES } from '#shared/api-error.ts'
import { PROFILE_TEXTS } from '#shared/profile.ts'
import { CONTACTS_PAGE_LIMIT, MAX_ACTIVE_CONTACTS } from '#shared/limits.ts'
import type { Database } from '#server/db/client.ts'
import type { PictureUrl } from '#server/media/signed-url.ts'
import { ConflictError, GoneError, NotFoundError, ValidationError } from '#server/http/errors.ts'
import { publishRealtime, realtimePayload } from '#server/realtime/realtime.publisher.ts'
import { closeInvitationsOnConnection } from '#server/modules/invitations/invitations.service.ts'
import { getProfileById } from '#server/modules/profiles/profiles.queries.ts'
import {
  countActiveContacts,
  getContactByUsers,
  getContactForOwner,
  insertContact,
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

export function createContactsService({ db, pictureUrl }: { db: Database; pictureUrl: PictureUrl }) {
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
      const payload = realtimePayload([ownerId], reordered)
      if (!(await reorderOwnedContacts(db, ownerId, contactIds, payload))) throw contactNotFound()
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
     * The Message button of a public profile: both directions in one transaction (decisions 13 and 41).
     * Both need room in their circles: the caller's own full circle and the other person's full circle are each
     * refused with their own text (decision 66; the other person's side no longer starts archived).
     */
    async connect(ownerId: string, targetUserId: string): Promise<ConnectResult> {
      if (targetUserId === ownerId) throw new ValidationError(CONTACT_TEXTS.notYourself)
      const result = await db.transaction(async (tx) => {
        await lockCircles(tx, [ownerId, targetUserId])
        const existing = await getContactByUsers(tx, ownerId, targetUserId)
        if (existing) {
          // pressing Message on someone who contacted you first is choosing them back (decision 40)
          await markContactChosen(tx, existing.id)
          await closeInvitationsOnConnection(tx, ownerId, targetUserId)
          return { contactId: existing.id, created: false }
        }
        const [owner, target] = await Promise.all([getProfileById(tx, ownerId), getProfileById(tx, targetUserId)])
        if (!target) throw new NotFoundError(PROFILE_TEXTS.notFound)
        if (!owner) throw new NotFoundError(PROFILE_TEXTS.notFound)
        if ((await countActiveContacts(tx, ownerId)) >= MAX_ACTIVE_CONTACTS) throw circleFull()
        const reverse = await getContactByUsers(tx, targetUserId, ownerId)
        // someone new to a full circle is told so plainly, instead of landing unseen in their archive (decision 66)
        if (!reverse && (await countActiveContacts(tx, targetUserId)) >= MAX_ACTIVE_CONTACTS) {
          throw new ConflictError(CONTACT_TEXTS.theirCircleFull(target.name), ERROR_CODES.circleFull)
        }
        const contactId = await insertContact(tx, {
          ownerId,
          contactUserId: targetUserId,
          name: target.name,
          displayOrder: await nextDisplayOrder(tx, ownerId),
          archivedAt: null,
          chosen: true,
        })
        let reverseId = reverse?.id
        if (!reverse) {
          reverseId = await insertContact(tx, {
            ownerId: targetUserId,
            contactUserId: ownerId,
            name: owner.name,
            displayOrder: await nextDisplayOrder(tx, targetUserId),
            archivedAt: null,
            // being contacted is not choosing: no presence is shared until they press Message or reply
            chosen: false,
          })
        }
        await publishRealtime(tx, [ownerId], { type: 'contact.changed', contact_id: contactId, change: 'created' })
        if (!reverse) {
          await publishRealtime(tx, [targetUserId], { type: 'contact.changed', contact_id: reverseId ?? null, change: 'created' })
        }
        // invitations either of them still had open to the other are answered now (decision 119)
        await closeInvitationsOnConnection(tx, ownerId, targetUserId)
        return { contactId, created: true }
      })
      return { contact: respond(await requireContact(ownerId, result.contactId)), created: result.created }
    },
  }
}
export type ContactsService = ReturnType<typeof createContactsService>
