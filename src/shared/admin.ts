import { z } from 'zod/mini'
import { ACCOUNT_DISABLED_TEXT, INVITATION_REQUIRED_TEXT } from './admin-texts.ts'

/**
 * Who may make an account (decision 162): anyone who reaches the address, or only someone holding an invitation.
 * The first account of a fresh server can always be made; it becomes the owner.
 */
export const SIGN_UP_MODES = ['open', 'invitation'] as const
export const signUpModeSchema = z.enum(SIGN_UP_MODES)
export type SignUpMode = z.infer<typeof signUpModeSchema>

/** The error code of a sign-up refused because this Hearth takes invitations only. */
export const INVITATION_REQUIRED = 'INVITATION_REQUIRED'
/** The error code of a sign-in refused because the owner disabled the account. */
export const ACCOUNT_DISABLED = 'ACCOUNT_DISABLED'

/** One account as the owner sees it. */
export const adminAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  joined_at: z.iso.datetime(),
  confirmed: z.boolean(),
  disabled: z.boolean(),
  /** the owner's own row: it cannot be disabled or deleted here */
  owner: z.boolean(),
})
export type AdminAccount = z.infer<typeof adminAccountSchema>

export const AUDIT_ACTIONS = [
  'account.disabled',
  'account.enabled',
  'account.deleted',
  'confirmation.resent',
  'sign_up_mode.changed',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export const auditEntrySchema = z.object({
  id: z.string(),
  actor_name: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** whom it was done to (the name they had then), or null for a change of the sign-up mode */
  target_name: z.nullable(z.string()),
  /** the new sign-up mode, for a change of it */
  detail: z.nullable(z.string()),
  at: z.iso.datetime(),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>

/** The owner's screen: every account, the sign-up mode and whether the environment pins it, the recent log. */
export const adminOverviewSchema = z.object({
  accounts: z.array(adminAccountSchema),
  sign_up: z.object({ mode: signUpModeSchema, pinned: z.boolean() }),
  /** DATA_DIR's free space against the floor kept for the database (decision 214); null when it could not be read */
  disk: z.nullable(z.object({ free_bytes: z.number(), floor_bytes: z.number(), low: z.boolean() })),
  audit: z.array(auditEntrySchema),
})
export type AdminOverview = z.infer<typeof adminOverviewSchema>

export const setSignUpModeSchema = z.strictObject({ mode: signUpModeSchema })

export const adminAccountParamsSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) })

/**
 * Whether the signed-in person is this Hearth's owner (settings shows the entry to the owner only), and, for the
 * owner, who would look after the Hearth if they deleted their account (decision 199): the name of the oldest
 * enabled, confirmed account (else the oldest enabled one), or null when there is none. Always null for anyone else.
 */
export const hearthRoleSchema = z.object({ owner: z.boolean(), next_owner_name: z.nullable(z.string()) })
export type HearthRole = z.infer<typeof hearthRoleSchema>

/** How many of the log's rows the owner's screen shows, newest first. */
export const AUDIT_SHOWN = 20
/** The log's rows are deleted once this many days old (decision 201): long enough to look back over a year. */
export const AUDIT_KEPT_DAYS = 365
/** A confirmation mail goes again to one account at most once in this many seconds. */
export const RESEND_CONFIRMATION_SECONDS = 60

export const ADMIN_TEXTS = {
  // what people meet outside the owner's screen
  invitationRequired: INVITATION_REQUIRED_TEXT,
  invitationOnlyTitle: 'By invitation only',
  invitationOnlyDescription: 'This Hearth takes new people by invitation. If someone here invited you, open the link they sent.',
  accountDisabled: ACCOUNT_DISABLED_TEXT,
  // the owner's screen
  entryTitle: 'People on this Hearth',
  entryDescription: 'Who has an account, who may join, and what you changed.',
  entryLink: 'Manage people',
  pageTitle: 'People on this Hearth',
  signUpTitle: 'Who may join',
  signUpOpen: 'Anyone with the address',
  signUpOpenDescription: 'Anyone who can reach this Hearth can make an account.',
  signUpInvitation: 'By invitation only',
  signUpInvitationDescription: 'An account can be made only from an invitation sent by someone here.',
  signUpPinned: 'Set by SIGNUP_MODE where Hearth runs; change it there.',
  signUpChanged: 'Sign-up mode changed',
  signUpFailed: 'Could not change who may join. Please try again.',
  signUpPinnedRefused: 'The sign-up mode is set by SIGNUP_MODE where Hearth runs; change it there.',
  accountsTitle: 'Accounts',
  accountsFailed: 'Could not load the accounts',
  you: 'You',
  joined: 'Joined',
  confirmed: 'Confirmed',
  unconfirmed: 'Not confirmed',
  disabled: 'Disabled',
  disable: 'Disable',
  enable: 'Enable',
  delete: 'Delete',
  resend: 'Resend confirmation',
  disabledToast: 'Account disabled',
  enabledToast: 'Account enabled',
  deletedToast: 'Account deleted',
  resentToast: 'Confirmation sent again',
  actionFailed: 'That did not work. Please try again.',
  deleteDialogTitle: 'Delete this account?',
  deleteDialogDescription:
    'Their account, photos, welcome message and every message they sent go for good. The people they talked to keep the messages they sent them.',
  deleteConfirm: 'Delete account',
  cancel: 'Cancel',
  // who looks after this Hearth once the owner deletes their account (decision 199)
  nextOwner: (name: string) => `If you delete your account, ${name} will look after this Hearth next.`,
  noNextOwner: 'If you delete your account, nobody here can look after this Hearth until someone new joins.',
  auditTitle: 'Recent changes',
  auditEmpty: 'Nothing changed yet.',
  // refusals
  notOwner: 'Only the person who runs this Hearth can do this.',
  accountNotFound: 'Account not found',
  notYourself: 'You cannot do this to your own account here.',
  alreadyConfirmed: 'This account is already confirmed.',
  resendTooSoon: 'A confirmation went to this account a moment ago. Please wait a minute.',
} as const
