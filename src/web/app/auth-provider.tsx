import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { resetAudioPlayer } from '#web/lib/audio-player/use-audio-player.ts'
import { authClient } from '#web/lib/auth-client.ts'
import { AuthContext, type AuthState } from '#web/lib/use-auth.ts'

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

// realtime-sync.tsx still imports useAuth from here; it moves to `#web/lib/use-auth.ts` when that file is next
// changed (house-server owns it on this round), and this re-export goes with it.
export { useAuth } from '#web/lib/use-auth.ts'
