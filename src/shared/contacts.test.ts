import { describe, expect, it } from 'vitest'
import { mergeDuplicateContacts } from './contacts.ts'
import { formatUnread, inactiveLabel } from './contacts-texts.ts'

const entry = (id: string, name: string, contact_user_id: string | null, last_interaction: string) => ({
  id,
  name,
  contact_user_id,
  last_interaction,
})

describe('mergeDuplicateContacts', () => {
  it('keeps the entry linked to a real user over an unlinked one of the same name, whatever the case', () => {
    const merged = mergeDuplicateContacts([
      entry('1', 'Mum', null, '2026-11-20T00:00:00Z'),
      entry('2', 'mum ', 'u-mum', '2026-01-01T00:00:00Z'),
      entry('3', 'Dad', 'u-dad', '2026-01-01T00:00:00Z'),
    ])
    expect(merged.map((c) => c.id)).toEqual(['2', '3'])
  })

  it('keeps the most recent interaction among unlinked duplicates and among entries of the same person', () => {
    expect(
      mergeDuplicateContacts([entry('1', 'Sam', null, '2026-01-01T00:00:00Z'), entry('2', 'SAM', null, '2026-02-01T00:00:00Z')]).map(
        (c) => c.id,
      ),
    ).toEqual(['2'])
    expect(
      mergeDuplicateContacts([entry('1', 'Sam', 'u1', '2026-03-01T00:00:00Z'), entry('2', 'Sam', 'u1', '2026-02-01T00:00:00Z')]).map(
        (c) => c.id,
      ),
    ).toEqual(['1'])
  })

  it('never merges two different people who share a name, and keeps the order', () => {
    const list = [
      entry('1', 'Alex', 'u1', '2026-01-01T00:00:00Z'),
      entry('2', 'Bea', 'u3', '2026-01-01T00:00:00Z'),
      entry('3', 'alex', 'u2', '2026-01-01T00:00:00Z'),
    ]
    expect(mergeDuplicateContacts(list).map((c) => c.id)).toEqual(['1', '2', '3'])
  })
})

describe('inactiveLabel', () => {
  it('appears from 30 days on', () => {
    expect(inactiveLabel(null)).toBeNull()
    expect(inactiveLabel(29)).toBeNull()
    expect(inactiveLabel(30)).toBe('Inactive for 30 days')
    expect(inactiveLabel(45)).toBe('Inactive for 45 days')
  })
})

describe('formatUnread', () => {
  it('hides zero and caps at 99+', () => {
    expect(formatUnread(0, 99)).toBeNull()
    expect(formatUnread(7, 99)).toBe('7')
    expect(formatUnread(99, 99)).toBe('99')
    expect(formatUnread(100, 99)).toBe('99+')
  })
})
