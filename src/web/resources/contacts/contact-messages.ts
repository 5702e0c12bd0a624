import { type IntlShape, type MessageDescriptor } from 'react-intl'
import { INACTIVITY_DAYS } from '#shared/limits.ts'

/**
 * The circle's texts that several screens show (`CONTACT_TEXTS` of `#shared`, written for the reader's language):
 * the same English, one id each.
 */
export const CONTACT_MESSAGES = {
  loadFailed: { id: 'contacts.loadFailed', defaultMessage: 'Failed to load contacts' },
  timeout: { id: 'contacts.timeout', defaultMessage: 'Request timeout' },
  timeoutEmpty: { id: 'contacts.timeoutEmpty', defaultMessage: 'Loading is taking longer than expected. Please check your connection.' },
  archiveFailed: { id: 'contacts.archiveFailed', defaultMessage: 'Failed to archive contact' },
  unarchived: { id: 'contacts.unarchived', defaultMessage: 'Contact unarchived' },
  unarchivedBody: { id: 'contacts.unarchived.body', defaultMessage: '{name} is back in your circle.' },
  unarchiveFailed: { id: 'contacts.unarchiveFailed', defaultMessage: 'Failed to unarchive contact' },
  archivedLoadFailed: { id: 'contacts.archived.loadFailed', defaultMessage: 'Failed to load archived contacts' },
  rekindled: { id: 'contacts.rekindled', defaultMessage: 'Connection rekindled! 💕' },
  rekindledBody: { id: 'contacts.rekindled.body', defaultMessage: '{name} has been restored to your active contacts.' },
  rekindleFailed: { id: 'contacts.rekindleFailed', defaultMessage: 'Failed to rekindle' },
  rekindleFailedBody: {
    id: 'contacts.rekindleFailed.body',
    defaultMessage: 'There was an error restoring the contact. Please try again.',
  },
  addFriendFull: { id: 'contacts.addFriend.full', defaultMessage: 'Your circle is full' },
  addFriendFullBody: {
    id: 'contacts.addFriend.full.body',
    defaultMessage: 'You have {max} active contacts. Archive one to make room for someone new.',
  },
  accountDeleted: { id: 'contacts.accountDeleted', defaultMessage: '{name} has left Hearth' },
  accountDeletedDetail: {
    id: 'contacts.accountDeleted.detail',
    defaultMessage: 'Your messages to each other stay here for you to listen to. New messages can no longer reach them.',
  },
  notHeardYet: { id: 'contacts.notHeardYet', defaultMessage: '{count} not heard yet' },
  inactiveFor: { id: 'contacts.inactiveFor', defaultMessage: 'Inactive for {days, plural, one {# day} other {# days}}' },
  rekindle: { id: 'contacts.rekindle', defaultMessage: 'Rekindle' },
  loading: { id: 'contacts.loading', defaultMessage: 'Loading contacts' },
} satisfies Record<string, MessageDescriptor>

/** 'Inactive for 45 days' once the two have not talked for INACTIVITY_DAYS, else null (as `inactiveLabel` of `#shared`). */
export function inactiveText(intl: IntlShape, days: number | null): string | null {
  return days !== null && days >= INACTIVITY_DAYS ? intl.formatMessage(CONTACT_MESSAGES.inactiveFor, { days }) : null
}
