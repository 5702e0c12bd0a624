import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { resetAudioPlayer } from '#web/lib/audio-player/reset.ts'
import { apiGet, isApiRequestError, lazySchemas } from '#web/lib/api-client.ts'
import { AUTH_TABS_MESSAGE_KEY, onSessionMayHaveChanged, tellOtherTabsSignedOut } from '#web/lib/session-events.ts'
import { AuthContext, SESSION_QUERY_KEY, type AuthState } from '#web/lib/use-auth.ts'

// answers are validated with schemas that load with zod beside the first screen, not in it (decision 170)
const schema = lazySchemas(() => import('#shared/auth-session.ts'))

/** Waits between session lookups that failed for a passing reason: soon at first, then every 30 s. */
export const SESSION_RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const

/** A session lookup on focus waits at least this long after the last one, as Better Auth's own client did. */
const SESSION_FOCUS_GAP_MS = 5_000

/**
 * Whether a failed session lookup says nothing about being signed in: rate limited, a server error, or no answer
 * at all. Only a 401 (or an answer without a session) means signed out.
 */
export function isPassingSessionError(error: { status?: number } | null | undefined): boolean {
  if (!error) return false
  const status = error.status ?? 0
  return status === 0 || status === 408 || status === 429 || status >= 500
}

/** Better Auth's GET /get-session; a 401 is an answer: signed out. */
async function fetchSession({ signal }: { signal: AbortSignal }) {
  try {
    return await apiGet('/api/auth/get-session', schema('authSessionSchema'), { signal })
  } catch (error) {
    if (isApiRequestError(error, 401)) return null
    throw error
  }
}

/**
 * Holds the signed-in user and session from Better Auth's session cookie, read with the app's own query rather than
 * Better Auth's client, which loads only with the screens that sign in or out (decision 108). Looked up again when
 * the window regains focus, when Better Auth's client says the session may have changed, and when another tab
 * signed out.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const { data, isPending, error, refetch } = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchSession,
    // failures are tried again below, at the pace of SESSION_RETRY_DELAYS_MS, with the spinner saying so
    retry: false,
    staleTime: SESSION_FOCUS_GAP_MS,
    refetchOnWindowFocus: true,
  })
  // Keeps the last session when a lookup fails (a 401 is an answer, not a failure), but on a first lookup that
  // failed there is none: a 429 or 5xx must not show the signed-out landing page to someone who is signed in.
  const retrying = !isPending && isPassingSessionError(error as { status?: number } | null)
  const answered = !isPending && !(retrying && !data)
  // only the first lookup counts as loading, so screens do not flash a spinner when the session is looked up again
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

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === AUTH_TABS_MESSAGE_KEY && event.newValue) void refetch()
    }
    window.addEventListener('storage', onStorage)
    const stopListening = onSessionMayHaveChanged(() => void refetch())
    return () => {
      window.removeEventListener('storage', onStorage)
      stopListening()
    }
  }, [refetch])

  // When the person changes (sign-out here or in another tab, an ended session, another account), nothing cached
  // for the previous one may be shown. Clearing after the change is committed means no screen of the previous person
  // is still mounted to refetch. Their message stops playing too.
  const userId = data?.user.id ?? null
  const previousUserId = useRef(userId)
  useEffect(() => {
    if (previousUserId.current !== null && previousUserId.current !== userId) {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] })
      queryClient.getMutationCache().clear()
      resetAudioPlayer()
    }
    previousUserId.current = userId
  }, [userId, queryClient])

  const refresh = useCallback(async () => {
    await refetch()
  }, [refetch])

  const signOut = useCallback(async () => {
    const { authClient } = await import('#web/lib/auth-client.ts')
    const { error } = await authClient.signOut()
    if (error) throw new Error(error.message || 'Sign-out failed', { cause: error })
    tellOtherTabsSignedOut()
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
