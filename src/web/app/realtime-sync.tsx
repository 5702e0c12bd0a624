import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { RealtimeEvent } from '#shared/realtime.ts'
import { connectRealtime } from '#web/lib/realtime-client.ts'
import { createRefetchScheduler } from '#web/lib/realtime-scheduler.ts'
import { setRealtimeStatus } from '#web/lib/realtime-status.ts'
import { useAuth } from './auth-provider.tsx'

/** Query key roots a realtime event makes stale. Events only invalidate; screens refetch what they show. */
export function staleKeysFor(event: RealtimeEvent): string[] {
  switch (event.type) {
    case 'contact.changed':
      return ['contacts']
    case 'message.created':
    case 'message.updated':
      return ['messages', 'contacts', 'conversations']
    case 'conversation.changed':
      return ['conversations', 'contacts']
    case 'profile.updated':
      return ['profile', 'public-profile']
    case 'invitation.changed':
      return ['invitations']
    case 'presence.changed':
      return ['contacts']
  }
}

/** Keeps one realtime connection while someone is signed in and turns its events into refetches. */
export function RealtimeSync() {
  const { user, refresh } = useAuth()
  const queryClient = useQueryClient()
  const userId = user?.id

  useEffect(() => {
    if (!userId) return
    const scheduler = createRefetchScheduler((key) => void queryClient.invalidateQueries({ queryKey: [key] }))
    let connectedBefore = false
    const connection = connectRealtime({
      onEvent: (event) => staleKeysFor(event).forEach((key) => scheduler.schedule(key)),
      onStatus: (status) => {
        setRealtimeStatus(status)
        if (status !== 'open') return
        // After a reconnect, events may have been missed while the socket was down.
        if (connectedBefore) for (const key of ['contacts', 'conversations', 'messages', 'profile']) scheduler.schedule(key)
        connectedBefore = true
      },
      // the server ended this session's socket: the session check shows the landing page, or the next person
      onSessionEnded: () => void refresh(),
    })
    return () => {
      connection.close()
      setRealtimeStatus('closed')
      scheduler.dispose()
    }
  }, [userId, queryClient, refresh])

  return null
}
