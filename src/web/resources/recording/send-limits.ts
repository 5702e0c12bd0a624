import type { Contact } from '#shared/contacts.ts'
import { MAX_CONSECUTIVE_UNANSWERED } from '#shared/limits.ts'
import { MESSAGE_TEXTS } from '#shared/messages-texts.ts'

/** What a row that offers someone to send to says when nothing stops it. */
export const READY_TO_RECEIVE = 'Ready to receive your message'

/** Whether more messages may go to a contact now: at most 3 in a row without a reply (a circle is for conversations, not broadcasts). */
export function isAtMessageLimit(contact: Pick<Contact, 'consecutive_messages_sent'>): boolean {
  return contact.consecutive_messages_sent >= MAX_CONSECUTIVE_UNANSWERED
}

/**
 * Why nothing can be recorded for this contact now (the text every screen shows), or null: every mic shows it and stays disabled,
 * so nobody records a whole message only to find Send disabled.
 */
export function sendBlockedReason(
  contact: Pick<Contact, 'name' | 'contact_user_id' | 'consecutive_messages_sent' | 'account_deleted'>,
): string | null {
  if (contact.account_deleted) return MESSAGE_TEXTS.accountDeleted(contact.name)
  if (contact.contact_user_id === null) return MESSAGE_TEXTS.notLinked
  if (isAtMessageLimit(contact)) return MESSAGE_TEXTS.limitReached(contact.name)
  return null
}
