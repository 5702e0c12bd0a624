import type { Contact } from '#shared/contacts.ts'
import { MAX_CONSECUTIVE_UNANSWERED } from '#shared/limits.ts'
import { isAtMessageLimit, READY_TO_RECEIVE } from '#web/resources/recording/send-limits.ts'

export const WAITING_FOR_REPLY = 'Waiting for their reply before sending more'

/** The /record/select row's note: '3/3 sent' badge and the waiting text at the limit, else the count or readiness. */
export function contactSendState(contact: Pick<Contact, 'consecutive_messages_sent'>): {
  atLimit: boolean
  badge: string | null
  note: string
} {
  const sent = Math.max(contact.consecutive_messages_sent, 0)
  if (isAtMessageLimit(contact)) {
    return { atLimit: true, badge: `${MAX_CONSECUTIVE_UNANSWERED}/${MAX_CONSECUTIVE_UNANSWERED} sent`, note: WAITING_FOR_REPLY }
  }
  if (sent === 0) return { atLimit: false, badge: null, note: READY_TO_RECEIVE }
  return { atLimit: false, badge: null, note: `${sent} ${sent === 1 ? 'message' : 'messages'} sent` }
}
