import type { IntlShape, MessageDescriptor } from 'react-intl'
import type { Contact } from '#shared/contacts.ts'
import { MAX_CONSECUTIVE_UNANSWERED } from '#shared/limits.ts'
import { isAtMessageLimit } from '#web/resources/recording/send-limits.ts'

const SEND_STATE_MESSAGES = {
  atLimitBadge: { id: 'record.select.atLimitBadge', defaultMessage: '{sent}/{limit} sent' },
  waitingForReply: { id: 'record.select.waitingForReply', defaultMessage: 'Waiting for their reply before sending more' },
  ready: { id: 'recorder.blocked.ready', defaultMessage: 'Ready to receive your message' },
  sent: { id: 'record.select.sent', defaultMessage: '{count, plural, one {# message sent} other {# messages sent}}' },
} satisfies Record<string, MessageDescriptor>

/** The /record/select row's note: '3/3 sent' badge and the waiting text at the limit, else the count or readiness. */
export function contactSendState(
  intl: IntlShape,
  contact: Pick<Contact, 'consecutive_messages_sent'>,
): {
  atLimit: boolean
  badge: string | null
  note: string
} {
  const sent = Math.max(contact.consecutive_messages_sent, 0)
  if (isAtMessageLimit(contact)) {
    return {
      atLimit: true,
      badge: intl.formatMessage(SEND_STATE_MESSAGES.atLimitBadge, { sent: MAX_CONSECUTIVE_UNANSWERED, limit: MAX_CONSECUTIVE_UNANSWERED }),
      note: intl.formatMessage(SEND_STATE_MESSAGES.waitingForReply),
    }
  }
  if (sent === 0) return { atLimit: false, badge: null, note: intl.formatMessage(SEND_STATE_MESSAGES.ready) }
  return { atLimit: false, badge: null, note: intl.formatMessage(SEND_STATE_MESSAGES.sent, { count: sent }) }
}
