import { createContext, useContext } from 'react'
import type { AuthSessionAnswer } from '#shared/auth-session.ts'

export type AuthUser = NonNullable<AuthSessionAnswer>['user']
export type AuthSession = NonNullable<AuthSessionAnswer>['session']

/** The session query's key (AuthProvider); the cache of everything else is dropped when the person changes. */
export const SESSION_QUERY_KEY = ['auth', 'session'] as const

export type AuthState = {
  user: AuthUser | null
  session: AuthSession | null
  /**
   * True until the first session lookup has answered; later lookups keep the last known state. A lookup that
   * failed for a passing reason (429, 5xx, no network) is not an answer: loading stays true and it is tried again.
   */
  loading: boolean
  /** The last session lookup failed for a passing reason and is being tried again. */
  retrying: boolean
  isAuthenticated: boolean
  /** Asks the server for the session again (after a 401, for example). */
  refresh: () => Promise<void>
  /** Ends the session; rethrows the server's error (docs/product/accounts.md). The query cache is cleared once it ended. */
  signOut: () => Promise<void>
}

/** Filled by `AuthProvider` in `app/`; it lives here so features can read it without importing `app/`. */
export const AuthContext = createContext<AuthState | undefined>(undefined)

export function useAuth(): AuthState {
  const context = useContext(AuthContext)
  if (!context) throw new Error('useAuth must be used within an AuthProvider')
  return context
}
