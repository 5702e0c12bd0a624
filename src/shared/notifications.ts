import { z } from 'zod'

/** The settings Notifications card and its toasts (spec 001, settings and toast catalogue). */
export const NOTIFICATION_TEXTS = {
  cardTitle: 'Notifications',
  cardDescription: 'How Hearth tells you that a voice message arrived.',
  emailLabel: 'Email Notifications',
  emailHint: 'Receive new messages with transcripts via email',
  emailFailedTitle: 'Error',
  emailFailed: 'Failed to update email notification settings. Please try again.',
  emailUpdatedTitle: 'Settings Updated',
  emailOn: 'You will now receive email notifications for new messages',
  emailOff: 'Email notifications have been disabled',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
} as const

/** The one-click unsubscribe endpoint of new-message mail (RFC 8058); the link carries a signed token. */
export const EMAIL_UNSUBSCRIBE_PATH = '/api/notifications/email/unsubscribe'

export const unsubscribeQuerySchema = z.object({ token: z.string().min(1).max(512) })
