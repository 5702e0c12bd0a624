import { QueryClient, type InfiniteData } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { ContactList } from '#shared/contacts.ts'
import type { MessageList } from '#shared/messages.ts'
import { contactKeys } from '#web/resources/contacts/queries.ts'
import { invitationKeys } from '#web/resources/invitations/queries.ts'
import { messageKeys } from '#web/resources/messages/queries.ts'
import { profileKeys } from '#web/resources/profiles/queries.ts'
import { healthKeys } from '#web/resources/relationship-health/queries.ts'
import { publicProfileKeys } from '#web/resources/public-profiles/queries.ts'
import { testContact, testMessage } from '#web/test/fixtures.ts'
import { applyRealtimeEvent, parseRealtimeEvent, RECONNECT_ROOTS } from './realtime-events.ts'

const client = () => new QueryClient()

describe('parseRealtimeEvent', () => {
  it('reads an event from the JSON of a message and ignores anything else', () => {
    expect(parseRealtimeEvent({ type: 'invitation.changed', invitation_id: 'i' })).toEqual({
      type: 'invitation.changed',
      invitation_id: 'i',
    })
    expect(parseRealtimeEvent({ type: 'something.new', id: 'x' })).toBeNull()
    expect(parseRealtimeEvent('hello')).toBeNull()
  })
})

describe('applyRealtimeEvent', () => {
  it('maps events without changes to the query roots they make stale', () => {
    const qc = client()
    expect(applyRealtimeEvent(qc, { type: 'contact.changed', contact_id: null, change: 'reordered' }, 'me')).toEqual([contactKeys.all])
    expect(applyRealtimeEvent(qc, { type: 'contact.changed', contact_id: 'c', change: 'account_deleted' }, 'me')).toEqual([
      contactKeys.all,
      messageKeys.all,
      healthKeys.all,
    ])
    // a message event that came without what changed (too large for a notification): as before
    expect(applyRealtimeEvent(qc, { type: 'message.created', message_id: 'm', contact_id: 'c' }, 'me')).toEqual([
      messageKeys.all,
      contactKeys.all,
      healthKeys.all,
    ])
    expect(applyRealtimeEvent(qc, { type: 'profile.updated', user_id: 'me' }, 'me')).toEqual([profileKeys.all, publicProfileKeys.all])
    expect(applyRealtimeEvent(qc, { type: 'invitation.changed', invitation_id: 'i' }, 'me')).toEqual([invitationKeys.all])
    expect(applyRealtimeEvent(qc, { type: 'presence.changed', user_id: 'u', online: true }, 'me')).toEqual([contactKeys.all])
  })

  it('refetches on a resync what a reconnect refetches: the server may have missed events while its database was away', () => {
    expect(parseRealtimeEvent({ type: 'resync' })).toEqual({ type: 'resync' })
    expect(applyRealtimeEvent(client(), { type: 'resync' }, 'me')).toEqual(RECONNECT_ROOTS)
    expect(RECONNECT_ROOTS).toEqual([contactKeys.all, messageKeys.all, profileKeys.all, healthKeys.all])
  })

  it('puts a new message into the cached conversation and its contact into the circle, refetching only what it cannot apply', () => {
    const qc = client()
    const old = testMessage({ id: 'old' })
    qc.setQueryData<InfiniteData<MessageList>>(messageKeys.conversation('me', 'c1'), {
      pages: [{ messages: [old], total: 1, nextCursor: null }],
      pageParams: [null],
    })
    const other = testContact({ id: 'c2', unread_count: 0 })
    qc.setQueryData<ContactList>(contactKeys.list('me', 'active'), { contacts: [testContact({ id: 'c1', unread_count: 0 }), other] })
    const message = testMessage({ id: 'new', receiver_id: 'me' })
    const contact = testContact({ id: 'c1', unread_count: 1 })
    const stale = applyRealtimeEvent(
      qc,
      { type: 'message.created', message_id: 'new', contact_id: 'c1', message, contact, health: true },
      'me',
    )
    const pages = qc.getQueryData<InfiniteData<MessageList>>(messageKeys.conversation('me', 'c1'))?.pages
    expect(pages?.[0]?.messages.map((m) => m.id)).toEqual(['new', 'old'])
    expect(pages?.[0]?.total).toBe(2)
    expect(qc.getQueryData<ContactList>(contactKeys.list('me', 'active'))?.contacts).toEqual([contact, other])
    expect(stale).toContainEqual(messageKeys.unheard('me'))
    expect(stale).toContainEqual(healthKeys.detail('me', 'c1'))
    expect(stale).not.toContainEqual(contactKeys.all)
    expect(stale).not.toContainEqual(messageKeys.all)
  })

  it("makes only that contact's health stale when the pair's health was recomputed after a send", () => {
    const stale = applyRealtimeEvent(client(), { type: 'health.changed', contact_id: 'c1' }, 'me')
    expect(stale).toEqual([healthKeys.detail('me', 'c1')])
  })

  it('writes a message update into exactly that message and drops a heard one from the unheard list', () => {
    const qc = client()
    const mine = testMessage({ id: 'm1', processing_status: 'processing' })
    const untouched = testMessage({ id: 'm2' })
    qc.setQueryData<InfiniteData<MessageList>>(messageKeys.conversation('me', 'c1'), {
      pages: [{ messages: [mine, untouched], total: 2, nextCursor: null }],
      pageParams: [null],
    })
    qc.setQueryData(messageKeys.unheard('me'), { messages: [mine, untouched] })
    const stale = applyRealtimeEvent(
      qc,
      {
        type: 'message.updated',
        message_id: 'm1',
        contact_id: 'c1',
        changes: { transcription: 'hello', processing_status: 'completed', is_read: true },
      },
      'me',
    )
    const [changed, same] = qc.getQueryData<InfiniteData<MessageList>>(messageKeys.conversation('me', 'c1'))?.pages[0]?.messages ?? []
    expect(changed).toEqual({ ...mine, transcription: 'hello', processing_status: 'completed', is_read: true })
    expect(same).toBe(untouched)
    expect(qc.getQueryData<MessageList>(messageKeys.unheard('me'))?.messages.map((m) => m.id)).toEqual(['m2'])
    expect(stale).not.toContainEqual(messageKeys.all)
  })

  it('reads a list again when the contact left it', () => {
    const qc = client()
    qc.setQueryData<ContactList>(contactKeys.list('me', 'inactive'), { contacts: [testContact({ id: 'c1', is_active: false })] })
    applyRealtimeEvent(
      qc,
      {
        type: 'message.created',
        message_id: 'n',
        contact_id: 'c1',
        message: testMessage({ id: 'n' }),
        contact: testContact({ id: 'c1', is_active: true }),
      },
      'me',
    )
    expect(qc.getQueryState(contactKeys.list('me', 'inactive'))?.isInvalidated).toBe(true)
  })
})
