import { describe, expect, it } from 'vitest'
import { contactKeys } from '#web/features/contacts/queries.ts'
import { invitationKeys } from '#web/features/invitations/queries.ts'
import { messageKeys } from '#web/features/messages/queries.ts'
import { profileKeys } from '#web/features/profile/queries.ts'
import { healthKeys } from '#web/features/relationship-health/queries.ts'
import { publicProfileKeys } from '#web/features/public-profile/queries.ts'
import { staleKeysFor } from './realtime-sync.tsx'

describe('staleKeysFor', () => {
  it('maps each event to the query roots it makes stale', () => {
    expect(staleKeysFor({ type: 'contact.changed', contact_id: null, change: 'reordered' }, 'me')).toEqual([contactKeys.all])
    // someone deleted their account: their messages went and the conversation turned read-only (decision 120)
    expect(staleKeysFor({ type: 'contact.changed', contact_id: 'c', change: 'account_deleted' }, 'me')).toEqual([
      contactKeys.all,
      messageKeys.all,
      healthKeys.all,
    ])
    // no query is keyed 'conversations': unread counts travel with the contacts
    // a message's send, read, like or analysis moves the relationship's health (and a nudge's hint)
    expect(staleKeysFor({ type: 'message.created', message_id: 'm', contact_id: 'c' }, 'me')).toEqual([
      messageKeys.all,
      contactKeys.all,
      healthKeys.all,
    ])
    expect(staleKeysFor({ type: 'profile.updated', user_id: 'me' }, 'me')).toEqual([profileKeys.all, publicProfileKeys.all])
    // someone in the circle renamed themselves or changed their picture: wherever they show, they are read again
    expect(staleKeysFor({ type: 'profile.updated', user_id: 'alma' }, 'me')).toEqual([
      contactKeys.all,
      messageKeys.all,
      healthKeys.all,
      publicProfileKeys.all,
    ])
    expect(staleKeysFor({ type: 'invitation.changed', invitation_id: 'i' }, 'me')).toEqual([invitationKeys.all])
    expect(staleKeysFor({ type: 'presence.changed', user_id: 'u', online: true }, 'me')).toEqual([contactKeys.all])
  })
})
