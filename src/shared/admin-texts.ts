// Apart from the schemas so that the signed-in home's first screen reads it without loading zod (docs/performance.md).

/** The query flag of /auth that says the account was disabled: the sign-in card then says so (decision 211). */
export const ACCOUNT_DISABLED_PARAM = 'account_disabled'

/** What people meet outside the owner's screen, also in `ADMIN_TEXTS`. */
export const INVITATION_REQUIRED_TEXT = 'This Hearth is by invitation only. Ask someone here to invite you.'
export const ACCOUNT_DISABLED_TEXT = 'This account has been disabled by the person who runs this Hearth.'
