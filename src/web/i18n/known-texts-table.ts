import { defineMessages, type MessageDescriptor } from 'react-intl'
import { PUSH_TEXTS } from '#shared/notifications-texts.ts'
// the texts' own files, not admin.ts and auth-forms.ts, which hold schemas (decision 170)
import { ACCOUNT_DISABLED_TEXT, INVITATION_REQUIRED_TEXT } from '#shared/admin-texts.ts'
import { FULL_NAME_REQUIRED, PASSWORD_TOO_SHORT, PASSWORDS_DO_NOT_MATCH } from '#shared/auth-forms-texts.ts'
import {
  AUTH_ERROR_FALLBACK,
  CONFIRMATION_LINK_INVALID,
  EMAIL_NOT_VERIFIED_TEXT,
  GOOGLE_ERROR_FALLBACK,
  RESET_ERROR_FALLBACK,
  SIGN_UP_UNAVAILABLE,
  TOO_MANY_ATTEMPTS,
} from '#web/resources/sign-in/auth-errors.ts'

/** The known texts of known-texts.ts, each with its message; this module loads with a language's catalogue. */
const KNOWN = defineMessages({
  emailRequired: { id: 'form.email.required', defaultMessage: 'Email is required' },
  emailInvalid: { id: 'form.email.invalid', defaultMessage: 'Enter a valid email address' },
  passwordRequired: { id: 'form.password.required', defaultMessage: 'Password is required' },
  passwordTooShort: { id: 'form.password.tooShort', defaultMessage: 'Password must be at least 6 characters long' },
  passwordsDiffer: { id: 'form.password.differ', defaultMessage: 'Passwords do not match' },
  currentPasswordRequired: { id: 'form.password.currentRequired', defaultMessage: 'Enter your current password' },
  fullNameRequired: { id: 'form.fullName.required', defaultMessage: 'Full name is required' },
  nameEmpty: { id: 'form.name.empty', defaultMessage: 'Name must not be empty' },
  authFallback: { id: 'auth.error.fallback', defaultMessage: 'Something went wrong. Please try again.' },
  signUpUnavailable: {
    id: 'auth.error.signUpUnavailable',
    defaultMessage: 'Email sign-up is temporarily unavailable. Please try Google sign-in or contact support.',
  },
  emailNotVerified: {
    id: 'auth.error.emailNotVerified',
    defaultMessage: 'Please confirm your email address before signing in. We sent you a new link.',
  },
  tooManyAttempts: { id: 'auth.error.tooManyAttempts', defaultMessage: 'Too many attempts. Please wait a minute and try again.' },
  googleFallback: { id: 'auth.error.googleFallback', defaultMessage: 'Please try again.' },
  resetFallback: { id: 'auth.error.resetFallback', defaultMessage: 'An unexpected error occurred. Please try again.' },
  confirmationInvalid: {
    id: 'auth.error.confirmationInvalid',
    defaultMessage: 'This confirmation link is invalid or has expired. Sign in and we will send you a new one.',
  },
  invalidCredentials: { id: 'auth.error.invalidCredentials', defaultMessage: 'Invalid email or password' },
  accountDisabled: {
    id: 'auth.error.accountDisabled',
    defaultMessage: 'This account has been disabled by the person who runs this Hearth.',
  },
  invitationRequired: {
    id: 'auth.error.invitationRequired',
    defaultMessage: 'This Hearth is by invitation only. Ask someone here to invite you.',
  },
})

const PUSH = defineMessages({
  notSupported: { id: 'push.toast.notSupported', defaultMessage: 'Not Supported' },
  notSupportedBody: { id: 'push.toast.notSupported.body', defaultMessage: 'Push notifications are not supported in this browser.' },
  enabled: { id: 'push.toast.enabled', defaultMessage: 'Notifications Enabled' },
  enabledBody: { id: 'push.toast.enabled.body', defaultMessage: 'You will be notified of new voice messages.' },
  blocked: { id: 'push.toast.blocked', defaultMessage: 'Notifications Blocked' },
  blockedBody: { id: 'push.toast.blocked.body', defaultMessage: 'Please enable notifications in your browser settings.' },
  permissionError: { id: 'push.toast.permissionError', defaultMessage: 'Permission Error' },
  permissionErrorBody: { id: 'push.toast.permissionError.body', defaultMessage: 'Could not ask for notification permission.' },
  active: { id: 'push.toast.active', defaultMessage: 'Notifications Active' },
  activeBody: { id: 'push.toast.active.body', defaultMessage: 'You will now receive push notifications.' },
  subscriptionFailed: { id: 'push.toast.subscriptionFailed', defaultMessage: 'Subscription Failed' },
  subscriptionFailedBody: { id: 'push.toast.subscriptionFailed.body', defaultMessage: 'Could not subscribe to push notifications.' },
  disabled: { id: 'push.toast.disabled', defaultMessage: 'Notifications Disabled' },
  disabledBody: { id: 'push.toast.disabled.body', defaultMessage: 'You will no longer receive push notifications.' },
  unsubscribeFailed: { id: 'push.toast.unsubscribeFailed', defaultMessage: 'Unsubscribe Failed' },
  unsubscribeFailedBody: { id: 'push.toast.unsubscribeFailed.body', defaultMessage: 'Could not unsubscribe from push notifications.' },
  testSent: { id: 'push.toast.testSent', defaultMessage: 'Test Sent' },
  testSentBody: { id: 'push.toast.testSent.body', defaultMessage: 'Check your notifications!' },
  testFailed: { id: 'push.toast.testFailed', defaultMessage: 'Test Failed' },
  testFailedBody: { id: 'push.toast.testFailed.body', defaultMessage: 'Could not send test notification.' },
})

const PUSH_TOASTS: [readonly [string, string], MessageDescriptor, MessageDescriptor][] = [
  [PUSH_TEXTS.toasts.notSupported, PUSH.notSupported, PUSH.notSupportedBody],
  [PUSH_TEXTS.toasts.enabled, PUSH.enabled, PUSH.enabledBody],
  [PUSH_TEXTS.toasts.blocked, PUSH.blocked, PUSH.blockedBody],
  [PUSH_TEXTS.toasts.permissionError, PUSH.permissionError, PUSH.permissionErrorBody],
  [PUSH_TEXTS.toasts.active, PUSH.active, PUSH.activeBody],
  [PUSH_TEXTS.toasts.subscriptionFailed, PUSH.subscriptionFailed, PUSH.subscriptionFailedBody],
  [PUSH_TEXTS.toasts.disabled, PUSH.disabled, PUSH.disabledBody],
  [PUSH_TEXTS.toasts.unsubscribeFailed, PUSH.unsubscribeFailed, PUSH.unsubscribeFailedBody],
  [PUSH_TEXTS.toasts.testSent, PUSH.testSent, PUSH.testSentBody],
  [PUSH_TEXTS.toasts.testFailed, PUSH.testFailed, PUSH.testFailedBody],
]

export const KNOWN_TEXTS: ReadonlyMap<string, MessageDescriptor> = new Map<string, MessageDescriptor>([
  ['Email is required', KNOWN.emailRequired],
  ['Enter a valid email address', KNOWN.emailInvalid],
  ['Password is required', KNOWN.passwordRequired],
  [PASSWORD_TOO_SHORT, KNOWN.passwordTooShort],
  [PASSWORDS_DO_NOT_MATCH, KNOWN.passwordsDiffer],
  ['Enter your current password', KNOWN.currentPasswordRequired],
  [FULL_NAME_REQUIRED, KNOWN.fullNameRequired],
  ['Name must not be empty', KNOWN.nameEmpty],
  [AUTH_ERROR_FALLBACK, KNOWN.authFallback],
  [SIGN_UP_UNAVAILABLE, KNOWN.signUpUnavailable],
  [EMAIL_NOT_VERIFIED_TEXT, KNOWN.emailNotVerified],
  [TOO_MANY_ATTEMPTS, KNOWN.tooManyAttempts],
  [GOOGLE_ERROR_FALLBACK, KNOWN.googleFallback],
  [RESET_ERROR_FALLBACK, KNOWN.resetFallback],
  [CONFIRMATION_LINK_INVALID, KNOWN.confirmationInvalid],
  ['Invalid email or password', KNOWN.invalidCredentials],
  [ACCOUNT_DISABLED_TEXT, KNOWN.accountDisabled],
  [INVITATION_REQUIRED_TEXT, KNOWN.invitationRequired],
  ...PUSH_TOASTS.flatMap(([[title, body], titleMessage, bodyMessage]) => [[title, titleMessage] as const, [body, bodyMessage] as const]),
])
