import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { realtimeEventSchema, type RealtimeEvent } from '#shared/realtime.ts'
import { applyContactUpdate, contactKeys } from '#web/resources/contacts/queries.ts'
import { invitationKeys } from '#web/resources/invitations/queries.ts'
import { addConversationMessage, applyMessageChanges, messageKeys } from '#web/resources/messages/queries.ts'
import { overviewKeys } from '#web/screens/overview/queries.ts'
import { closeOpenNudge, healthKeys } from '#web/resources/relationship-health/queries.ts'
import { profileKeys } from '#web/resources/profiles/queries.ts'
import { publicProfileKeys } from '#web/resources/public-profiles/queries.ts'

/**
 * The key roots of the resource query modules that realtime events refresh. Each is one constant array; the overview's
 * keys sit under the messages root.
 */
const ROOTS = {
  contacts: contactKeys.all,
  messages: messageKeys.all,
  profile: profileKeys.all,
  publicProfile: publicProfileKeys.all,
  invitations: invitationKeys.all,
  health: healthKeys.all,
} as const

/** What may have changed while the socket was down: refetched after a reconnect, and when the server says `resync`. */
export const RECONNECT_ROOTS = [ROOTS.contacts, ROOTS.messages, ROOTS.profile, ROOTS.health]

/** What a message event without its changes (too large to send, or a message request) makes stale: as before they had them. */
const MESSAGE_ROOTS = [ROOTS.messages, ROOTS.contacts, ROOTS.health]

/**
 * Applies a realtime event to the cache of the person signed in as `selfId` and answers the query keys it makes stale
 * (each refetched only while a screen shows it). Message events carry what changed, so the entries they concern are
 * updated in place (docs/architecture.md, "Live updates"); other events, and message events that came without their
 * changes, make whole roots stale.
 */
export function applyRealtimeEvent(queryClient: QueryClient, event: RealtimeEvent, selfId: string): QueryKey[] {
  switch (event.type) {
    case 'contact.changed':
      // someone deleted their account (decisions 120, 202): their messages stay with me, their conversation turned read-only
      return event.change === 'account_deleted' ? [ROOTS.contacts, ROOTS.messages, ROOTS.health] : [ROOTS.contacts]
    case 'message.created': {
      const { message, contact_id: contactId } = event
      if (!message || !contactId) return MESSAGE_ROOTS
      addConversationMessage(queryClient, selfId, contactId, message)
      const stale: QueryKey[] = [messageKeys.withContact(selfId, contactId), overviewKeys.mine(selfId)]
      // which received messages Play all new offers is the server's to say (circle, requests, its limit)
      if (message.receiver_id === selfId) stale.push(messageKeys.unheard(selfId))
      if (event.contact) applyContactUpdate(queryClient, selfId, event.contact)
      else stale.push(ROOTS.contacts)
      closeOpenNudge(queryClient, selfId, contactId)
      if (event.health) stale.push(healthKeys.detail(selfId, contactId))
      return stale
    }
    case 'message.updated': {
      const { changes, contact_id: contactId } = event
      if (!changes) return MESSAGE_ROOTS
      applyMessageChanges(queryClient, selfId, event.message_id, changes)
      const stale: QueryKey[] = []
      if (event.contact) applyContactUpdate(queryClient, selfId, event.contact)
      if (event.health && contactId) stale.push(healthKeys.detail(selfId, contactId))
      // new words or tags change what the overview's searches find
      if (changes.transcription !== undefined || changes.emotions !== undefined) stale.push(overviewKeys.mine(selfId))
      return stale
    }
    case 'health.changed':
      return [healthKeys.detail(selfId, event.contact_id)]
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
    case 'resync':
      // the server may have missed events while its database was away: as after a reconnect of the socket
      return RECONNECT_ROOTS
  }
}

/** A realtime message's JSON as an event, or null for anything else (an event of a newer server, say): ignored. */
export function parseRealtimeEvent(data: unknown): RealtimeEvent | null {
  const parsed = realtimeEventSchema.safeParse(data)
  return parsed.success ? parsed.data : null
}
