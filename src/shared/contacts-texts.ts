// Apart from the schemas so that the signed-in home's first screen reads it without loading zod (docs/performance.md).
import { INACTIVITY_DAYS } from './limits.ts'

/** Texts of the error catalogue (docs/product/circle.md) and of the limits. */
export const CONTACT_TEXTS = {
  loadFailed: 'Failed to load contacts',
  timeout: 'Request timeout',
  timeoutEmpty: 'Loading is taking longer than expected. Please check your connection.',
  archiveFailed: 'Failed to archive contact',
  unarchived: 'Contact unarchived',
  unarchiveFailed: 'Failed to unarchive contact',
  archivedLoadFailed: 'Failed to load archived contacts',
  rekindled: 'Connection rekindled! 💕',
  rekindledBody: (name: string) => `${name} has been restored to your active contacts.`,
  rekindleFailed: 'Failed to rekindle',
  rekindleFailedBody: 'There was an error restoring the contact. Please try again.',
  notFound: 'Contact not found.',
  notYourself: "You can't start a conversation with yourself.",
  circleFull: 'Your circle is full: you already have 10 active contacts. Archive one to make room.',
  addFriendFull: 'Your circle is full',
  addFriendFullBody: 'You have 10 active contacts. Archive one to make room for someone new.',
  startMessageFailed: 'Could not start message',
  startMessageFailedBody: "We couldn't create a relationship with this user. Please try again.",
  /** a person who deleted their account (decision 120): said plainly wherever their conversation shows */
  accountDeleted: (name: string) => `${name} has left Hearth`,
  accountDeletedDetail: 'Your messages to each other stay here for you to listen to. New messages can no longer reach them.',
  accountDeletedBadge: 'Left Hearth',
  notHeardYet: (count: number) => `${count} not heard yet`,
  cannotRestoreDeleted: (name: string) => `${name} has left Hearth, so they can't come back into your circle.`,
} as const

export function inactiveLabel(days: number | null): string | null {
  return days !== null && days >= INACTIVITY_DAYS ? `Inactive for ${days} days` : null
}

export function formatUnread(count: number, cap: number): string | null {
  if (count <= 0) return null
  return count > cap ? `${cap}+` : String(count)
}
