import { z } from 'zod/mini'

/** Invitations last 7 days; a resend extends them by 7 more (docs/product/invitations.md). */
export const INVITE_VALIDITY_DAYS = 7
/** The landing page asks for the transcript after 1 s, doubling up to 8 s (docs/product/invitations.md). */
export const INVITE_TRANSCRIPT_POLL_MS = { first: 1000, max: 8000 } as const
/** The acceptance screen goes home this long after 'Connection Added!'. */
export const INVITE_ACCEPTED_REDIRECT_MS = 3000

/**
 * 'accepted': this invitation's token made the connection (shown as 'Used'). 'joined': the invited person joined or
 * connected some other way (a link, the directory, another invitation), so this one closed (decision 119).
 */
export const invitationStatusSchema = z.enum(['pending', 'expired', 'accepted', 'joined'])
export const transcriptStatusSchema = z.enum(['pending', 'processing', 'completed', 'failed'])

/** An invitation as its inviter sees it in 'Your invitations'. The token is not part of it (decision 50). */
export const invitationSchema = z.object({
  id: z.string(),
  kind: z.enum(['email', 'link']),
  email: z.nullable(z.string()),
  recipient_name: z.nullable(z.string()),
  status: invitationStatusSchema,
  expires_at: z.string(),
  created_at: z.string(),
  has_message: z.boolean(),
})
export type Invitation = z.infer<typeof invitationSchema>
export const invitationListSchema = z.object({ invitations: z.array(invitationSchema) })
export const invitationIdParamsSchema = z.object({ id: z.uuid('Invitation not found.') })

const note = z.string().check(z.trim(), z.maxLength(500, 'The note is too long (500 characters at most)'))

/**
 * send-contact-invitation: the recording is an upload of the inviter's, consumed like a message's; onboarding's
 * invitations carry the welcome message instead (`use_welcome_message`, decision 53). Exactly one of the two.
 */
export const sendEmailInvitationSchema = z
  .object({
    email: z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email('Enter a valid e-mail address')),
    upload_id: z.optional(z.uuid('Invalid audio upload')),
    use_welcome_message: z.optional(z.literal(true)),
    note: z.optional(note),
  })
  .check(
    z.refine((value) => (value.upload_id === undefined) !== (value.use_welcome_message === undefined), {
      message: 'Record your personal message first.',
      path: ['upload_id'],
    }),
  )
export type SendEmailInvitation = z.infer<typeof sendEmailInvitationSchema>

/** create-share-link */
export const createShareLinkSchema = z.object({
  recipient_name: z.string().check(z.trim(), z.minLength(1, 'Enter the name of the person you invite'), z.maxLength(100)),
  upload_id: z.uuid('Invalid audio upload'),
})
export type CreateShareLink = z.infer<typeof createShareLinkSchema>

/** What creating an invitation answers: the link is shown once; it is not kept in clear (decision 50). */
export const invitationCreatedSchema = z.object({ invitation: invitationSchema, share_url: z.string() })
export type InvitationCreated = z.infer<typeof invitationCreatedSchema>
/** Resend: `mail_sent` true for an e-mail invitation (its mail is queued), false for a link ('Invitation Extended'); a link's new URL. */
export const resendResultSchema = z.object({ invitation: invitationSchema, mail_sent: z.boolean(), share_url: z.nullable(z.string()) })
export const emailInvitationSentSchema = z.object({ invitation: invitationSchema })
export type ResendResult = z.infer<typeof resendResultSchema>

/** An opaque token: 32 random bytes in base64url (43 characters). */
export const inviteTokenSchema = z.object({
  token: z
    .string()
    .check(
      z.minLength(1, 'Invalid or missing invite token.'),
      z.maxLength(100, 'Invalid or missing invite token.'),
      z.regex(/^[A-Za-z0-9_-]+$/, 'Invalid or missing invite token.'),
    ),
})

/** fetch-invitation: what the landing page shows, to anyone holding the token. */
export const invitationPreviewSchema = z.object({
  invitation: z.object({
    id: z.string(),
    recipient_name: z.nullable(z.string()),
    note: z.nullable(z.string()),
    expires_at: z.string(),
  }),
  inviter: z.object({ name: z.string(), avatar_url: z.nullable(z.string()) }),
  /**
   * The address an e-mail invitation was sent to, so the sign-up form can be filled in (decision 118): only the holder
   * of the token sees it, and the token came by mail to that address. Null for a link invitation.
   */
  invited_email: z.nullable(z.string()),
  transcript: z.nullable(z.string()),
  transcription_status: z.nullable(transcriptStatusSchema),
  personal_message_signed_url: z.nullable(z.string()),
})
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>

export const acceptInvitationResultSchema = z.object({ contact_id: z.string(), inviter_name: z.string(), already_connected: z.boolean() })
export type AcceptInvitationResult = z.infer<typeof acceptInvitationResultSchema>

/** Texts of the error catalogue (docs/product/invitations.md) and of the invitation rules. */
export const INVITATION_TEXTS = {
  sent: 'Invitation Sent',
  sendFailed: 'Failed to send invitation',
  linkCreated: 'Link created',
  linkFailed: 'Failed to create share link',
  canceled: 'Invitation Canceled',
  cancelFailed: 'Failed to cancel invitation',
  extended: 'Invitation Extended',
  resent: 'Invitation Resent',
  resendFailed: 'Failed to resend invitation',
  notFoundToast: 'Invitation not found',
  loadFailed: 'Failed to load invitations',
  accepted: 'Invitation accepted',
  acceptFailed: 'Failed to accept invitation',
  invalidLink: 'Invalid invitation link',
  invalidToken: 'Invalid or missing invite token.',
  notFound: 'Invitation not found.',
  expired: 'This invitation has expired.',
  used: 'This invitation has already been used.',
  inviterDeleted: 'This invitation is no longer available: the person who sent it deleted their account.',
  ownInvitation: "You can't accept your own invitation.",
  yourCircleFull: 'Your circle is full (10 active contacts). Archive someone before accepting this invitation.',
  inviterCircleFull: (name: string) => `${name}'s circle is full right now, so this invitation can't be accepted.`,
  inviteCircleFull: 'Your circle is full (10 active contacts). Archive someone before inviting someone new.',
  sendLimit: 'You have sent many invitations today. Please try again tomorrow.',
  lookupLimit: 'Too many invitation look-ups. Please wait a minute and try again.',
  uploadNotFound: 'Record your personal message first.',
  linkCopied: 'Link copied!',
  onboardingSent: 'Invitation sent!',
  connectionAdded: 'Connection Added!',
  noPending: 'No pending invitations',
  alreadyInCircle: 'They have already joined and are in your circle, so there is nothing to resend.',
} as const

/** The landing page's mapping of a refusal text to its card (docs/product/invitations.md). */
export function inviteCardFor(message: string): 'expired' | 'used' | 'inviter-deleted' | 'unavailable' {
  if (message === INVITATION_TEXTS.inviterDeleted) return 'inviter-deleted'
  const text = message.toLowerCase()
  if (text.includes('expired')) return 'expired'
  if (text.includes('processed') || text.includes('used')) return 'used'
  return 'unavailable'
}

export const inviteUrl = (origin: string, token: string) => `${origin}/invite?token=${encodeURIComponent(token)}`
