import { createAuthClient } from 'better-auth/react'

/**
 * Better Auth's browser client on the same origin. The session lives in an httpOnly cookie; nothing is kept in
 * localStorage. Google sign-in is a generic OpenID Connect provider on the server (docs/decisions.md 2); in
 * Better Auth 1.7 such providers are started through `signIn.social`, so no client plugin is needed.
 */
// (no window when the landing page is rendered at build time, decision 100; the client is never called there)
export const authClient = createAuthClient({ baseURL: globalThis.location?.origin ?? 'http://localhost', basePath: '/api/auth' })

export type AuthSessionData = NonNullable<ReturnType<typeof authClient.useSession>['data']>
export type AuthUser = AuthSessionData['user']
export type AuthSession = AuthSessionData['session']
