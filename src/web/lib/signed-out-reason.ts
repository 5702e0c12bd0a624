import { ACCOUNT_DISABLED_PARAM } from '#shared/admin-texts.ts'

/**
 * Why this page was signed out, when the server said (decision 211): the owner disabled the account. The realtime
 * socket's close carries it; the sign-in guard then sends the person to the sign-in card with the flag below, which
 * says it in the same words as a refused sign-in, rather than to the landing as if nothing had happened.
 */
let disabled = false

export const signedOutReason = {
  accountDisabled: () => {
    disabled = true
  },
  /** the sign-in card has said it: a later sign-out is an ordinary one */
  told: () => {
    disabled = false
  },
  wasDisabled: () => disabled,
} as const

/** The sign-in card, told that the account was disabled. */
export const ACCOUNT_DISABLED_PATH = `/auth?${ACCOUNT_DISABLED_PARAM}=1`
