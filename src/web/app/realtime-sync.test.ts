import { describe, expect, it } from 'vitest'
import { staleKeysFor } from './realtime-sync.tsx'

describe('staleKeysFor', () => {
  it('maps each event to the query roots it makes stale', () => {
    expect(staleKeysFor({ type: 'contact.changed', contact_id: null, change: 'reordered' })).toEqual(['contacts'])
    expect(staleKeysFor({ type: 'message.created', message_id: 'm', contact_id: 'c' })).toEqual(['messages', 'contacts', 'conversations'])
    expect(staleKeysFor({ type: 'profile.updated', user_id: 'u' })).toContain('profile')
    expect(staleKeysFor({ type: 'invitation.changed', invitation_id: 'i' })).toEqual(['invitations'])
    expect(staleKeysFor({ type: 'presence.changed', user_id: 'u', online: true })).toEqual(['contacts'])
  })
})
