import { z } from 'zod/mini'

/** A signed-in device of the person (a Better Auth session), without its token: the token is the cookie. */
export const deviceSessionSchema = z.object({
  id: z.string(),
  user_agent: z.nullable(z.string()),
  created_at: z.iso.datetime(),
  /** when the session was last refreshed: Better Auth touches it at most once a day (decision 58) */
  last_active_at: z.iso.datetime(),
  /** the session of this very request */
  current: z.boolean(),
})
export type DeviceSession = z.infer<typeof deviceSessionSchema>

export const deviceSessionListSchema = z.object({ sessions: z.array(deviceSessionSchema) })
export type DeviceSessionList = z.infer<typeof deviceSessionListSchema>

export const sessionIdParamsSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) })

export const revokedSessionsSchema = z.object({ revoked: z.int() })

/** What a person types to confirm that the account goes (decision 202). */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE'

export const deleteAccountSchema = z.strictObject({
  confirmation: z.literal(DELETE_ACCOUNT_CONFIRMATION, { error: `Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm` }),
})

export const ACCOUNT_TEXTS = {
  sessionNotFound: 'Session not found',
  accountNotFound: 'Account not found',
  currentSession: 'This is the device you are using: use Sign Out to end it',
  passwordTitle: 'Password',
  passwordDescription: 'Changing it signs you out on every other device.',
  currentPasswordLabel: 'Current password',
  newPasswordLabel: 'New password',
  confirmPasswordLabel: 'Confirm new password',
  passwordsDiffer: 'The passwords do not match',
  passwordChanged: 'Password changed',
  passwordChangedDescription: 'Your other devices have been signed out.',
  wrongPassword: 'Your current password is not correct',
  passwordChangeFailed: 'Could not change your password. Please try again.',
  devicesTitle: 'Signed-in devices',
  devicesDescription: 'Where your account is signed in right now.',
  thisDevice: 'This device',
  signOutOthers: 'Sign out everywhere else',
  signedOutOthers: 'Signed out everywhere else',
  signOutDevice: 'Sign out',
  signOutFailed: 'Could not sign that device out. Please try again.',
  devicesFailed: 'Could not load your devices',
  unknownDevice: 'Unknown device',
  exportTitle: 'Export my data',
  exportDescription:
    'A zip of your profile, contacts, messages with their transcripts, emotions and topics, your recordings and your photos.',
  exportButton: 'Download my data',
  deleteTitle: 'Delete my account',
  /** what goes and what stays (decisions 60, 202) */
  deleteDescription:
    'What you sent stays with the people you sent it to: they can still listen to it, under your name. Your account, photos, welcome message, the messages you received and your circle are removed.',
  deleteConfirmLabel: `Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm`,
  deleteButton: 'Delete my account',
  deleteFailed: 'Could not delete your account. Please try again.',
  /** the page the person sees once their account is gone (decision 120) */
  deletedTitle: 'Your account has been deleted',
  deletedIntro: 'Thank you for the time you spent on Hearth. This is what went with your account:',
  deletedRemoved: [
    'Your profile, photos and welcome message',
    'What people sent you (they keep their own copy)',
    'Your circle, your conversations, your voice sessions and your invitations',
    'Your sign-in on every device',
  ],
  deletedOthers:
    'What you sent stays with the people you sent it to, and they keep what they sent you. They see that you have left Hearth.',
  deletedHome: 'Go to the Hearth home page',
  /** a confirmation link of an account that no longer exists */
  confirmationOfDeletedTitle: 'This account no longer exists',
  confirmationOfDeletedBody:
    'The account this link confirms was deleted, so there is nothing left to confirm. You can create a new account here.',
} as const

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
]
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
]

/** "Chrome on macOS" from a user agent; the raw text when neither part is known, null when there is none. */
export function describeUserAgent(
  userAgent: string | null,
  joined: (browser: string, system: string) => string = (browser, system) => `${browser} on ${system}`,
): string | null {
  const ua = userAgent?.trim()
  if (!ua) return null
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1]
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1]
  if (browser && system) return joined(browser, system)
  return browser ?? system ?? ua.slice(0, 80)
}
