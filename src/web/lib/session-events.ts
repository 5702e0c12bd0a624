/**
 * "The session may have changed": said by Better Auth's client (auth-client.ts) after a sign-in, a sign-out or a
 * password change, heard by the AuthProvider, which looks the session up again. A module of its own so that the
 * first screen need not load Better Auth's client to hear it (decision 108).
 */
const listeners = new Set<() => void>()

export function sessionMayHaveChanged(): void {
  for (const listener of listeners) listener()
}

export function onSessionMayHaveChanged(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Better Auth's message between a browser's tabs (its client writes it to localStorage when a tab signs out). */
export const AUTH_TABS_MESSAGE_KEY = 'better-auth.message'

/** Tells the browser's other tabs that this one signed out, as Better Auth's client does. */
export function tellOtherTabsSignedOut(): void {
  try {
    localStorage.setItem(AUTH_TABS_MESSAGE_KEY, JSON.stringify({ event: 'session', data: { trigger: 'signout' }, timestamp: Date.now() }))
  } catch {
    // storage refused (private mode, quota): the other tabs notice at their next request
  }
}
