import { useQueryClient } from '@tanstack/react-query'
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { resetAudioPlayer } from '#web/lib/audio-player/use-audio-player.ts'
import { authClient, type AuthSession, type AuthUser } from '#web/lib/auth-client.ts'

export type AuthState = {
  user: AuthUser | null
  session: AuthSession | null
  /** True until the first session lookup has answered; later lookups keep the last known state. */
  loading: boolean
  isAuthenticated: boolean
  /** Asks the server for the session again (after a 401, for example). */
  refresh: () => Promise<void>
  /** Ends the session; rethrows the server's error (spec 000 section 7). The query cache is cleared once it ended. */
  signOut: () => Promise<void>
}

const AuthContext = createContext<AuthState | undefined>(undefined)

/** Holds the signed-in user and session from Better Auth's session cookie. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const { data, isPending, refetch } = authClient.useSession()
  // Better Auth reports "pending" again while it refetches a missing session (e.g. right after sign-in); only the
  // first lookup counts as loading, so screens do not flash a spinner in the middle of a sign-in.
  const [settled, setSettled] = useState(!isPending)
  if (!isPending && !settled) setSettled(true)

  // When the person changes (sign-out here or in another tab, an ended session, another account), nothing cached
  // for the previous one may be shown. Clearing after the change is committed means no screen of the previous person
  // is still mounted to refetch. Their message stops playing too.
  const userId = data?.user?.id ?? null
  const previousUserId = useRef(userId)
  useEffect(() => {
    if (previousUserId.current !== null && previousUserId.current !== userId) {
      queryClient.clear()
      resetAudioPlayer()
    }
    previousUserId.current = userId
  }, [userId, queryClient])

  const refresh = useCallback(async () => {
    await refetch()
  }, [refetch])

  const signOut = useCallback(async () => {
    const { error } = await authClient.signOut()
    if (error) throw new Error(error.message || 'Sign-out failed', { cause: error })
    await refetch()
  }, [refetch])

  const value = useMemo<AuthState>(
    () => ({
      user: data?.user ?? null,
      session: data?.session ?? null,
      loading: !settled,
      isAuthenticated: Boolean(data?.user),
      refresh,
      signOut,
    }),
    [data, settled, refresh, signOut],
  )
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext)
  if (!context) throw new Error('useAuth must be used within an AuthProvider')
  return context
}
