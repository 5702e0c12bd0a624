import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { RealtimeEvent } from '#shared/realtime.ts'
import { connectRealtime } from '#web/lib/realtime-client.ts'
import { createRefetchScheduler } from '#web/lib/realtime-scheduler.ts'
import { setRealtimeStatus } from '#web/lib/realtime-status.ts'
import { contactKeys } from '#web/features/contacts/queries.ts'
import { invitationKeys } from '#web/features/invitations/queries.ts'
import { messageKeys } from '#web/features/messages/queries.ts'
import { healthKeys } from '#web/features/relationship-health/queries.ts'
import { profileKeys } from '#web/features/profile/queries.ts'
import { publicProfileKeys } from '#web/features/public-profile/queries.ts'
import { useAuth } from '#web/lib/use-auth.ts'

/**
 * The key roots of the resource query modules that realtime events refresh. Each is one constant array, so the
 * scheduler can tell them apart by identity; the overview's keys sit under the messages root.
 */
const ROOTS = {
  contacts: contactKeys.all,
  messages: messageKeys.all,
  profile: profileKeys.all,
  publicProfile: publicProfileKeys.all,
  invitations: invitationKeys.all,
  health: healthKeys.all,
} as const
type StaleRoot = (typeof ROOTS)[keyof typeof ROOTS]

/**
 * Query key roots a realtime event makes stale, for the person signed in as `selfId`. Events only invalidate; screens
 * refetch what they show.
 */
export function staleKeysFor(event: RealtimeEvent, selfId: string): StaleRoot[] {
  switch (event.type) {
    case 'contact.changed':
      // someone deleted their account (decision 120): their messages went, their conversation turned read-only
      return event.change === 'account_deleted' ? [ROOTS.contacts, ROOTS.messages, ROOTS.health] : [ROOTS.contacts]
    case 'message.created':
    case 'message.updated':
      // a contact carries its unread count and last interaction; a message's send, read, like or analysis moves its health
      return [ROOTS.messages, ROOTS.contacts, ROOTS.health]
    case 'conversation.changed':
      return [ROOTS.contacts]
    case 'profile.updated':
      // someone in the circle changed their name or picture (decision 117): every place that shows them reads it
      // again (their contact, the overview's cards under the messages root, the insights that name them)
      return event.user_id === selfId
        ? [ROOTS.profile, ROOTS.publicProfile]
        : [ROOTS.contacts, ROOTS.messages, ROOTS.health, ROOTS.publicProfile]
    case 'invitation.changed':
      return [ROOTS.invitations]
    case 'presence.changed':
      return [ROOTS.contacts]
  }
}

/** Keeps one realtime connection while someone is signed in and turns its events into refetches. */
export function RealtimeSync() {
  const { user, refresh } = useAuth()
  const queryClient = useQueryClient()
  const userId = user?.id

  useEffect(() => {
    if (!userId) return
    const scheduler = createRefetchScheduler<StaleRoot>((root) => void queryClient.invalidateQueries({ queryKey: root }))
    let connectedBefore = false
    const connection = connectRealtime({
      onEvent: (event) => staleKeysFor(event, userId).forEach((key) => scheduler.schedule(key)),
      onStatus: (status) => {
        setRealtimeStatus(status)
        if (status !== 'open') return
        // After a reconnect, events may have been missed while the socket was down.
        if (connectedBefore) for (const root of [ROOTS.contacts, ROOTS.messages, ROOTS.profile]) scheduler.schedule(root)
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
