/**
 * Whether this page is deleting its person's account (decision 120). The server ends the session with the account,
 * and the socket's close may reach the page before the answer does: the sign-in guard then sends the person to the
 * page that says it is done, not to the landing.
 */
let deleting = false

export const accountDeletion = {
  begin: () => {
    deleting = true
  },
  /** the deletion failed (the account is still there), or the person has reached the page that says it is done */
  end: () => {
    deleting = false
  },
  inProgress: () => deleting,
} as const

export const ACCOUNT_DELETED_PATH = '/account-deleted'
