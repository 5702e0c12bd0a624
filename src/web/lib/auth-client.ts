import { createAuthClient } from 'better-auth/react'

/** Better Auth's browser client; the session lives in an httpOnly cookie, never in localStorage. */
export const authClient = createAuthClient({ baseURL: window.location.origin, basePath: '/api/auth' })

/** The error text of a failed auth call, with the spec's special case for sign-up hooks. */
export function authErrorMessage(error: { message?: string; code?: string } | null | undefined): string {
  const message = error?.message ?? ''
  if (/hook.*(authorization|token)|bearer token|hook secret/i.test(message)) {
    return 'Email sign-up is temporarily unavailable. Please try Google sign-in or contact support.'
  }
  if (error?.code === 'EMAIL_NOT_VERIFIED') {
    return 'Please confirm your email address before signing in. We sent you a new link.'
  }
  return message || 'Something went wrong. Please try again.'
}
