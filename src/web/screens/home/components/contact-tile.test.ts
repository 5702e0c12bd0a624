import { createIntl } from 'react-intl'
import { describe, expect, it } from 'vitest'
import { tileActivity } from './contact-tile.tsx'

const intl = createIntl({ locale: 'en', defaultLocale: 'en', messages: {} })
const now = new Date('2026-11-23T12:00:00Z')
const twoHoursAgo = new Date(now.getTime() - 2 * 3600_000).toISOString()
const tile = (change: { unread_count?: number; consecutive_messages_sent?: number }) => ({
  id: 'c1',
  name: 'Sam',
  avatar_url: null,
  inactive_days: null,
  last_interaction: twoHoursAgo,
  unread_count: 0,
  consecutive_messages_sent: 0,
  ...change,
})

describe('tileActivity', () => {
  it('says when you last heard from each other', () => {
    expect(tileActivity(intl, tile({}), now)).toBe('2 h ago')
  })

  it('puts new messages first', () => {
    expect(tileActivity(intl, tile({ unread_count: 2, consecutive_messages_sent: 1 }), now)).toBe('New message · 2 h ago')
  })

  it('says you are waiting for their reply, with how many of the 3 you have sent', () => {
    expect(tileActivity(intl, tile({ consecutive_messages_sent: 1 }), now)).toBe('Waiting for their reply · 1/3')
    expect(tileActivity(intl, tile({ consecutive_messages_sent: 3 }), now)).toBe('Waiting for their reply · 3/3')
  })
})
