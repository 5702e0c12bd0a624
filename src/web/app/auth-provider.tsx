import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { resetAudioPlayer } from '#web/lib/audio-player/use-audio-player.ts'
import { authClient } from '#web/lib/auth-client.ts'
import { AuthContext, type AuthState } from '#web/lib/use-auth.ts'

/** Waits between session lookups that failed for a passing reason: soon at first, then every 30 s. */
export const SESSION_RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const

/**
 * Whether a failed session lookup says nothing about being signed in: rate limited, a server error, or no answer
 * at all. Only a 401 (or an answer without a session) means signed out.
 */
export function isPassingSessionError(error: { status?: number } | null | undefined): boolean {
  if (!error) return false
  const status = error.status ?? 0
  return status === 0 || status === 408 || status === 429 || status >= 500
}

/** Holds the signed-in user and session from Better Auth's session cookie. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const { data, isPending, error, refetch } = authClient.useSession()
  // Better Auth keeps the last session when a lookup fails (except on 401), but on a first lookup that failed there
  // is none: a 429 or 5xx must not show the signed-out landing page to someone who is signed in.
  const retrying = !isPending && isPassingSessionError(error)
  const answered = !isPending && !(retrying && !data)
  // Better Auth reports "pending" again while it refetches a missing session (e.g. right after sign-in); only the
  // first lookup counts as loading, so screens do not flash a spinner in the middle of a sign-in.
  const [settled, setSettled] = useState(answered)
  if (answered && !settled) setSettled(true)

  const failures = useRef(0)
  useEffect(() => {
    if (!retrying) {
      if (!isPending) failures.current = 0
      return
    }
    const delay = SESSION_RETRY_DELAYS_MS[Math.min(failures.current, SESSION_RETRY_DELAYS_MS.length - 1)]
    failures.current += 1
    const timer = setTimeout(() => void refetch(), delay)
    return () => clearTimeout(timer)
  }, [retrying, isPending, error, refetch])

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
      retrying,
      isAuthenticated: Boolean(data?.user),
      refresh,
      signOut,
    }),
    [data, settled, retrying, refresh, signOut],
  )
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}
