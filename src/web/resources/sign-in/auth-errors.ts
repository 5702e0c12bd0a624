/** What the sign-in screens say when something fails. */
export const AUTH_ERROR_FALLBACK = 'Something went wrong. Please try again.'
export const SIGN_UP_UNAVAILABLE = 'Email sign-up is temporarily unavailable. Please try Google sign-in or contact support.'
export const EMAIL_NOT_VERIFIED_TEXT = 'Please confirm your email address before signing in. We sent you a new link.'
export const GOOGLE_ERROR_FALLBACK = 'Please try again.'
export const RESET_ERROR_FALLBACK = 'An unexpected error occurred. Please try again.'
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.'
export const CONFIRMATION_LINK_INVALID = 'This confirmation link is invalid or has expired. Sign in and we will send you a new one.'

type AuthErrorLike = { message?: string | null; code?: string | null; status?: number } | null | undefined

/** A sign-up hook that needs an authorization token, a missing bearer token, or an invalid hook secret. */
const HOOK_PROBLEM = /hook.*authori[sz]ation token|authori[sz]ation token.*hook|bearer token|hook secret/i

/** The description of the 'Authentication Error' toast for a failed sign-in, sign-up or reset request. */
export function authErrorMessage(error: AuthErrorLike): string {
  const message = error?.message?.trim() ?? ''
  if (HOOK_PROBLEM.test(message)) return SIGN_UP_UNAVAILABLE
  if (error?.code === 'EMAIL_NOT_VERIFIED') return EMAIL_NOT_VERIFIED_TEXT
  if (error?.status === 429 && !message) return TOO_MANY_ATTEMPTS
  return message || AUTH_ERROR_FALLBACK
}

/**
 * A `next` path from the URL that is safe to go to after signing in: same-origin only, so it must start with '/'
 * and not '//' (nor '/\', which browsers read as '//'). Anything else is ignored.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null
  try {
    const url = new URL(next, 'http://hearth.invalid')
    return url.origin === 'http://hearth.invalid' ? `${url.pathname}${url.search}${url.hash}` : null
  } catch {
    return null
  }
}

/**
 * Where to go after signing in: the invitation when an invite token came along, else the page that sent the
 * visitor here (`next`, e.g. a public profile's Message button), else home.
 */
export function afterSignInPath(inviteToken: string | null | undefined, next?: string | null): string {
  if (inviteToken) return `/auth/invite?token=${encodeURIComponent(inviteToken)}`
  return safeNextPath(next) ?? '/'
}

/** Where Google (through Better Auth) returns to: /auth, carrying the invite token (empty when none) and `next`. */
export function googleReturnUrls(
  inviteToken: string | null | undefined,
  next?: string | null,
): { callbackURL: string; errorCallbackURL: string } {
  const token = encodeURIComponent(inviteToken ?? '')
  const safeNext = safeNextPath(next)
  const nextParam = safeNext ? `&next=${encodeURIComponent(safeNext)}` : ''
  return {
    callbackURL: `/auth?invite_token=${token}${nextParam}`,
    errorCallbackURL: `/auth?google_error=1&invite_token=${token}${nextParam}`,
  }
}

/**
 * Where the confirmation mail's link lands: /auth, with the invite token and the safe `next` path that came along.
 * The link signs the person in, and /auth then goes on to the invitation or `next` as a sign-in would; a link used
 * already or expired leaves them signed out on the sign-in card, whose address the server adds (decision 212).
 */
export function emailConfirmedUrl(inviteToken: string | null | undefined, next?: string | null): string {
  const params = new URLSearchParams({ verified: '1' })
  if (inviteToken) params.set('invite_token', inviteToken)
  const safeNext = safeNextPath(next)
  if (safeNext) params.set('next', safeNext)
  return `/auth?${params.toString()}`
}

export type AuthRedirectNotice =
  | { kind: 'google-error'; description: string }
  | { kind: 'confirmation-error'; description: string }
  | { kind: 'confirmation-of-deleted-account' }
  | { kind: 'email-confirmed' }
  | null

/** Better Auth's error when a confirmation link names an account that no longer exists (it was deleted). */
const USER_NOT_FOUND = 'USER_NOT_FOUND'

function humanize(code: string): string {
  const text = code.replace(/[_-]+/g, ' ').trim()
  return text ? text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? '' : '.') : ''
}

/** Reads what Better Auth put in the /auth URL after a Google round trip or an e-mail confirmation. */
export function readAuthRedirectNotice(params: URLSearchParams): AuthRedirectNotice {
  const error = params.get('error')
  const description = params.get('error_description')
  if (params.has('verified')) {
    if (error === USER_NOT_FOUND) return { kind: 'confirmation-of-deleted-account' }
    return error ? { kind: 'confirmation-error', description: CONFIRMATION_LINK_INVALID } : { kind: 'email-confirmed' }
  }
  if (params.has('google_error') || error) {
    return { kind: 'google-error', description: description?.trim() || (error ? humanize(error) : '') || GOOGLE_ERROR_FALLBACK }
  }
  return null
}
