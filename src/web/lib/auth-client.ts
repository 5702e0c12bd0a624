import { createAuthClient } from 'better-auth/react'
import { sessionMayHaveChanged } from './session-events.ts'

/**
 * Better Auth's browser client on the same origin, for signing in, up and out and changing the password. It loads
 * with the screens that do so: the first screen reads the session with the app's own query (decision 108). The
 * session lives in an httpOnly cookie; nothing is kept in localStorage. Google sign-in is a generic OpenID Connect provider on the server (docs/decisions/002-*.md); in
 * Better Auth 1.7 such providers are started through `signIn.social`, so no client plugin is needed.
 */
// (no window when the landing page is rendered at build time, decision 100; the client is never called there)
export const authClient = createAuthClient({ baseURL: globalThis.location?.origin ?? 'http://localhost', basePath: '/api/auth' })

// Better Auth marks a call that may change the session (sign-in, sign-out, a new password) on this signal; the
// AuthProvider hears it and looks the session up again.
authClient.$store.atoms.$sessionSignal?.listen(() => sessionMayHaveChanged())
