import { createIntl } from 'react-intl'
import { describe, expect, it } from 'vitest'
import type { OverviewMessage } from '#shared/message-search.ts'
import {
  cardAnimationDelayMs,
  cardTint,
  chipList,
  compareOverview,
  groupMessages,
  groupTitle,
  matchesAllChips,
  messageCount,
  messagePriority,
  senderName,
  visibleChips,
} from './overview-model.ts'
import arabic from '#web/i18n/messages/ar.json' with { type: 'json' }
import spanish from '#web/i18n/messages/es.json' with { type: 'json' }

const en = createIntl({ locale: 'en', defaultLocale: 'en' })
const es = createIntl({ locale: 'es', defaultLocale: 'en', messages: spanish })
const ar = createIntl({ locale: 'ar', defaultLocale: 'en', messages: arabic })

const ME = 'me'
let counter = 0
function message(overrides: Partial<OverviewMessage> = {}): OverviewMessage {
  counter += 1
  return {
    id: `m${String(counter).padStart(3, '0')}`,
    sender_id: 'friend',
    receiver_id: ME,
    duration_seconds: 12,
    created_at: new Date(Date.UTC(2026, 10, 1, 12, counter)).toISOString(),
    is_read: true,
    liked: false,
    transcription: 'hello',
    emotions: [],
    topics: [],
    processing_status: 'completed',
    other_person: { user_id: 'friend', contact_id: 'c1', name: 'Bea', picture_url: null },
    ...overrides,
  }
}

describe('ordering', () => {
  it('puts liked (2) before unread (1) before the rest, then newest first', () => {
    const oldLiked = message({ liked: true, created_at: '2026-01-01T00:00:00.000Z' })
    const newUnread = message({ is_read: false, created_at: '2026-03-01T00:00:00.000Z' })
    const oldUnread = message({ is_read: false, created_at: '2026-02-01T00:00:00.000Z' })
    const newest = message({ created_at: '2026-04-01T00:00:00.000Z' })
    const older = message({ created_at: '2026-01-15T00:00:00.000Z' })
    const sorted = [older, newest, oldUnread, newUnread, oldLiked].sort(compareOverview(ME))
    expect(sorted).toEqual([oldLiked, newUnread, oldUnread, newest, older])
  })

  it('counts only received messages as unread', () => {
    expect(messagePriority(message({ is_read: false }), ME)).toBe(1)
    expect(messagePriority(message({ is_read: false, sender_id: ME, receiver_id: 'friend' }), ME)).toBe(0)
    expect(messagePriority(message({ is_read: false, liked: true }), ME)).toBe(2)
  })
})

describe('grouping', () => {
  it('puts Liked first, then one group per topic (largest first), then Other, each in overview order', () => {
    const a = message({ topics: ['work', 'plans'], liked: true })
    const b = message({ topics: ['work'] })
    const c = message({ topics: ['family'], is_read: false })
    const d = message({ topics: [] })
    const groups = groupMessages([a, b, c, d], 'topics', ME)
    expect(groups.map((g) => [groupTitle(en, g), g.messages.map((m) => m.id)])).toEqual([
      ['Liked', [a.id]],
      ['Work', [a.id, b.id]],
      ['Family', [c.id]],
      ['Plans', [a.id]],
      ['Other', [d.id]],
    ])
    expect(groups.map((g) => g.kind)).toEqual(['liked', 'label', 'label', 'label', 'other'])
  })

  it('regroups by emotion, and leaves out Liked and Other when empty', () => {
    const a = message({ emotions: ['happy'], topics: ['work'] })
    const b = message({ emotions: ['calm', 'happy'], topics: ['work'] })
    const groups = groupMessages([a, b], 'emotions', ME)
    expect(groups.map((g) => [g.label, g.messages.map((m) => m.id)])).toEqual([
      ['happy', [b.id, a.id]],
      ['calm', [b.id]],
    ])
  })

  it("titles a group with a capital first letter, and Liked and Other in the reader's language", () => {
    expect(groupTitle(en, { kind: 'label', label: 'family' })).toBe('Family')
    expect(groupTitle(en, { kind: 'liked', label: '' })).toBe('Liked')
    expect(groupTitle(es, { kind: 'liked', label: '' })).toBe('Favoritos')
    expect(groupTitle(es, { kind: 'other', label: '' })).toBe('Otros')
  })

  it("says 1 message, 2 messages, with each language's plural forms", () => {
    expect(messageCount(en, 1)).toBe('1 message')
    expect(messageCount(en, 2)).toBe('2 messages')
    expect(messageCount(en, 0)).toBe('0 messages')
    expect(messageCount(es, 1)).toBe('1 mensaje')
    expect(messageCount(es, 5)).toBe('5 mensajes')
    expect(messageCount(ar, 2)).toBe('رسالتان')
    expect(messageCount(ar, 3)).toBe('3 رسائل')
  })
})

describe('chips', () => {
  it('lists the labels present, most used first, then alphabetically', () => {
    const messages = [message({ topics: ['work', 'plans'] }), message({ topics: ['work'] }), message({ topics: ['food'] })]
    expect(chipList(messages, 'topics')).toEqual([
      { label: 'work', count: 2 },
      { label: 'food', count: 1 },
      { label: 'plans', count: 1 },
    ])
    expect(chipList(messages, 'emotions')).toEqual([])
  })

  it('shows 10 chips with the rest behind See N more, and keeps a selected chip visible', () => {
    const chips = Array.from({ length: 14 }, (_, i) => ({ label: `t${String(i).padStart(2, '0')}`, count: 20 - i }))
    expect(visibleChips(chips, new Set(), false)).toEqual({ chips: chips.slice(0, 10), hidden: 4 })
    expect(visibleChips(chips, new Set(), true)).toEqual({ chips, hidden: 0 })
    expect(visibleChips(chips.slice(0, 10), new Set(), false)).toEqual({ chips: chips.slice(0, 10), hidden: 0 })
    const withSelected = visibleChips(chips, new Set(['t12']), false)
    expect(withSelected.chips.map((c) => c.label)).toEqual([...chips.slice(0, 10).map((c) => c.label), 't12'])
    expect(withSelected.hidden).toBe(3)
  })

  it('keeps a message only when every selected chip matches', () => {
    const both = message({ topics: ['work', 'plans'] })
    const one = message({ topics: ['work'] })
    expect(matchesAllChips(both, 'topics', new Set())).toBe(true)
    expect(matchesAllChips(one, 'topics', new Set(['work']))).toBe(true)
    expect(matchesAllChips(both, 'topics', new Set(['work', 'plans']))).toBe(true)
    expect(matchesAllChips(one, 'topics', new Set(['work', 'plans']))).toBe(false)
    expect(matchesAllChips(both, 'emotions', new Set(['work']))).toBe(false)
  })
})

describe('cards', () => {
  it('tints liked first, then happy/joy, excited/energetic, calm/peaceful, else default', () => {
    expect(cardTint({ liked: true, emotions: ['calm'] })).toBe('liked')
    expect(cardTint({ liked: false, emotions: ['joy'] })).toBe('happy')
    expect(cardTint({ liked: false, emotions: ['calm', 'Happy'] })).toBe('happy')
    expect(cardTint({ liked: false, emotions: ['energetic'] })).toBe('excited')
    expect(cardTint({ liked: false, emotions: ['peaceful'] })).toBe('calm')
    expect(cardTint({ liked: false, emotions: ['stressed'] })).toBe('default')
  })

  it('delays each card 50 ms more, capped at 500 ms', () => {
    expect([0, 1, 2, 9, 10, 11, 40].map(cardAnimationDelayMs)).toEqual([0, 50, 100, 450, 500, 500, 500])
  })

  it("names the sender: You, the contact's name, or Unknown", () => {
    expect(senderName(en, message({ sender_id: ME }), ME)).toBe('You')
    expect(senderName(es, message({ sender_id: ME }), ME)).toBe('Tú')
    expect(senderName(en, message(), ME)).toBe('Bea')
    expect(senderName(en, message({ other_person: { user_id: 'x', contact_id: null, name: null, picture_url: null } }), ME)).toBe('Unknown')
  })
})
