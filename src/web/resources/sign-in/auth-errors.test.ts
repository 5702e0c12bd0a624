import { describe, expect, it } from 'vitest'
import {
  afterSignInPath,
  AUTH_ERROR_FALLBACK,
  authErrorMessage,
  EMAIL_NOT_VERIFIED_TEXT,
  emailConfirmedUrl,
  GOOGLE_ERROR_FALLBACK,
  googleReturnUrls,
  readAuthRedirectNotice,
  safeNextPath,
  SIGN_UP_UNAVAILABLE,
} from './auth-errors.ts'

describe('authErrorMessage', () => {
  it("passes the server's message on, with a fallback", () => {
    expect(authErrorMessage({ message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' })).toBe('Invalid email or password')
    expect(authErrorMessage({ message: '' })).toBe(AUTH_ERROR_FALLBACK)
    expect(authErrorMessage(null)).toBe(AUTH_ERROR_FALLBACK)
  })

  it('explains an unconfirmed e-mail address', () => {
    expect(authErrorMessage({ code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified', status: 403 })).toBe(EMAIL_NOT_VERIFIED_TEXT)
  })

  it('hides sign-up hook problems behind the spec text', () => {
    for (const message of [
      'Hook requires authorization token',
      'Missing bearer token',
      'Invalid hook secret',
      'The send-email hook failed: authorization token required',
    ]) {
      expect(authErrorMessage({ message })).toBe(SIGN_UP_UNAVAILABLE)
    }
  })
})

describe('auth redirects', () => {
  it('continues to the invitation when a token came along', () => {
    expect(afterSignInPath('a b&c')).toBe('/auth/invite?token=a%20b%26c')
    expect(afterSignInPath(null)).toBe('/')
    expect(afterSignInPath('')).toBe('/')
  })

  it('returns to a same-origin `next` path, after the invite token', () => {
    expect(afterSignInPath(null, '/u/abc')).toBe('/u/abc')
    expect(afterSignInPath('t1', '/u/abc')).toBe('/auth/invite?token=t1')
    expect(afterSignInPath(null, 'https://evil.example/')).toBe('/')
    expect(afterSignInPath(null, '//evil.example/')).toBe('/')
  })

  it('accepts only paths that stay on this origin as `next`', () => {
    expect(safeNextPath('/u/abc?x=1#y')).toBe('/u/abc?x=1#y')
    for (const bad of [null, '', 'u/abc', '//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)']) {
      expect(safeNextPath(bad)).toBeNull()
    }
  })

  it('brings Google back to /auth with the invite token, empty when none', () => {
    expect(googleReturnUrls(null, '/u/abc').callbackURL).toBe('/auth?invite_token=&next=%2Fu%2Fabc')
    expect(googleReturnUrls(null)).toEqual({ callbackURL: '/auth?invite_token=', errorCallbackURL: '/auth?google_error=1&invite_token=' })
    expect(googleReturnUrls('t1').callbackURL).toBe('/auth?invite_token=t1')
  })

  it('brings the confirmation link back to /auth with the invite token and a safe next path only', () => {
    expect(emailConfirmedUrl(null)).toBe('/auth?verified=1')
    expect(emailConfirmedUrl('t 1')).toBe('/auth?verified=1&invite_token=t+1')
    expect(emailConfirmedUrl(null, '/u/abc')).toBe('/auth?verified=1&next=%2Fu%2Fabc')
    expect(emailConfirmedUrl('t1', '/u/abc')).toBe('/auth?verified=1&invite_token=t1&next=%2Fu%2Fabc')
    for (const foreign of ['https://evil.example/', '//evil.example/', '/\\evil.example/']) {
      expect(emailConfirmedUrl(null, foreign)).toBe('/auth?verified=1')
    }
  })
})

describe('readAuthRedirectNotice', () => {
  const read = (query: string) => readAuthRedirectNotice(new URLSearchParams(query))

  it('reports a failed Google sign-in with its message or the fallback', () => {
    expect(read('google_error=1&invite_token=&error=access_denied&error_description=End-User aborted interaction')).toEqual({
      kind: 'google-error',
      description: 'End-User aborted interaction',
    })
    expect(read('google_error=1&invite_token=&error=access_denied')).toEqual({ kind: 'google-error', description: 'Access denied.' })
    expect(read('google_error=1')).toEqual({ kind: 'google-error', description: GOOGLE_ERROR_FALLBACK })
    expect(read('error=state_mismatch')).toEqual({ kind: 'google-error', description: 'State mismatch.' })
  })

  it('tells a confirmed address from a broken confirmation link', () => {
    expect(read('verified=1')).toEqual({ kind: 'email-confirmed' })
    expect(read('verified=1&error=INVALID_TOKEN')).toMatchObject({ kind: 'confirmation-error' })
  })

  it('tells a confirmation link of a deleted account apart (decision 120)', () => {
    expect(read('verified=1&error=USER_NOT_FOUND')).toEqual({ kind: 'confirmation-of-deleted-account' })
    expect(read('verified=1&invite_token=abc&error=USER_NOT_FOUND')).toEqual({ kind: 'confirmation-of-deleted-account' })
  })

  it('says nothing on a plain visit', () => {
    expect(read('')).toBeNull()
    expect(read('invite_token=abc')).toBeNull()
  })
})
