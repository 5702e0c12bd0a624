// Apart from the schemas so that the signed-in home's first screen reads it without loading zod (docs/performance.md):
// the app shows each in the reader's language (src/web/i18n/known-texts.ts).
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters long'
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match'
/** Also the server's answer to a sign-up without a name (decision 44). */
export const FULL_NAME_REQUIRED = 'Full name is required'
