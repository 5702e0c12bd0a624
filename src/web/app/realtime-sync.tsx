import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useEffect } from 'react'
import { logUnexpected } from '#web/lib/errors.ts'
import { afterFirstPaint } from '#web/lib/lazy-after-paint.ts'
import { ACCOUNT_DISABLED_CLOSE_REASON } from '#shared/realtime-connection.ts'
import { connectRealtime } from '#web/lib/realtime-client.ts'
import { createRefetchScheduler } from '#web/lib/realtime-scheduler.ts'
import { setRealtimeStatus } from '#web/lib/realtime-status.ts'
import { signedOutReason } from '#web/lib/signed-out-reason.ts'
import { useAuth } from '#web/lib/use-auth.ts'
import type * as RealtimeEventsModule from './realtime-events.ts'

// What the events do to the cache loads after the first paint, not with the first screen (decision 170), or at the
// first event if that comes sooner; a failed load is tried again at the next event.
type RealtimeEvents = typeof RealtimeEventsModule
let loadingEvents: Promise<RealtimeEvents> | undefined
const loadEvents = () =>
  (loadingEvents ??= import('./realtime-events.ts').catch((error: unknown) => {
    loadingEvents = undefined
    throw error
  }))

/**
 * Keeps one realtime connection while someone is signed in and turns its events into cache updates and refetches.
 * The socket opens at once, so nothing is missed while the code that applies the events loads: events wait for it
 * and are applied in the order they came.
 */
export function RealtimeSync() {
  const { user, refresh } = useAuth()
  const queryClient = useQueryClient()
  const userId = user?.id

  useEffect(() => {
    if (!userId) return
    // keys are scheduled by their text: two events about the same query make one refetch
    const keys = new Map<string, QueryKey>()
    const scheduler = createRefetchScheduler<string>((text) => {
      const queryKey = keys.get(text)
      keys.delete(text)
      if (queryKey) void queryClient.invalidateQueries({ queryKey })
    })
    const schedule = (queryKey: QueryKey) => {
      const text = JSON.stringify(queryKey)
      keys.set(text, queryKey)
      scheduler.schedule(text)
    }
    // one chain, so that events are applied in the order they arrived even while the code loads
    let applied: Promise<unknown> = Promise.resolve()
    const withEvents = (run: (events: RealtimeEvents) => void) => {
      applied = applied
        .then(loadEvents)
        .then(run)
        .catch((error: unknown) => logUnexpected(error, 'Realtime'))
    }
    const cancelPreload = afterFirstPaint(() => void loadEvents().catch(() => undefined))
    let connectedBefore = false
    let stopped = false
    const connection = connectRealtime({
      onEvent: (data) =>
        withEvents(({ applyRealtimeEvent, parseRealtimeEvent }) => {
          const event = parseRealtimeEvent(data)
          if (event && !stopped) applyRealtimeEvent(queryClient, event, userId).forEach(schedule)
        }),
      onStatus: (status) => {
        setRealtimeStatus(status)
        if (status !== 'open') return
        // After a reconnect, events may have been missed while the socket was down.
        if (connectedBefore)
          withEvents(({ RECONNECT_ROOTS }) => {
            if (!stopped) RECONNECT_ROOTS.forEach(schedule)
          })
        connectedBefore = true
      },
      // the server ended this session's socket: the session check shows the landing page, or the next person; when the
      // owner disabled the account, the sign-in card that says so (decision 211)
      onSessionEnded: (reason) => {
        if (reason === ACCOUNT_DISABLED_CLOSE_REASON) signedOutReason.accountDisabled()
        void refresh()
      },
    })
    return () => {
      cancelPreload()
      stopped = true
      connection.close()
      setRealtimeStatus('closed')
      scheduler.dispose()
    }
  }, [userId, queryClient, refresh])

  return null
}
