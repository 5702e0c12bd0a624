import { useIntl, type MessageDescriptor } from 'react-intl'
import type { Contact } from '#shared/contacts.ts'
import { MESSAGE_TEXTS } from '#shared/messages-texts.ts'
import { sendBlockedReason } from '../send-limits.ts'

const BLOCKED_MESSAGES = {
  accountDeleted: {
    id: 'recorder.blocked.accountDeleted',
    defaultMessage: '{name} has left Hearth, so new messages can no longer reach them. Nothing was sent.',
  },
  limitReached: {
    id: 'recorder.blocked.limitReached',
    defaultMessage:
      "Message limit reached: You've sent 3 messages to {name} without a reply. Wait for them to respond before sending more to avoid overwhelming them.",
  },
  // also the server's refusal (decision 230): one id, one translation
  notLinked: { id: 'error.messages.notLinked', defaultMessage: "Can't send yet: This contact isn't linked to a user." },
  ready: { id: 'recorder.blocked.ready', defaultMessage: 'Ready to receive your message' },
} satisfies Record<string, MessageDescriptor>

type Blockable = Pick<Contact, 'name' | 'contact_user_id' | 'consecutive_messages_sent' | 'account_deleted'>

/**
 * `sendBlockedReason` in the reader's language: the rule stays in `send-limits.ts`, its words are said here. A reason
 * the server also answers with (not linked) is its refusal's message (decision 230).
 */
export function useSendBlockedReason(): { blockedReason: (contact: Blockable) => string | null; readyToReceive: string } {
  const intl = useIntl()
  const blockedReason = (contact: Blockable) => {
    const english = sendBlockedReason(contact)
    if (english === null) return null
    if (english === MESSAGE_TEXTS.accountDeleted(contact.name))
      return intl.formatMessage(BLOCKED_MESSAGES.accountDeleted, { name: contact.name })
    if (english === MESSAGE_TEXTS.limitReached(contact.name))
      return intl.formatMessage(BLOCKED_MESSAGES.limitReached, { name: contact.name })
    if (english === MESSAGE_TEXTS.notLinked) return intl.formatMessage(BLOCKED_MESSAGES.notLinked)
    return english
  }
  return { blockedReason, readyToReceive: intl.formatMessage(BLOCKED_MESSAGES.ready) }
}
