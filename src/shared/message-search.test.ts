import { describe, expect, it } from 'vitest'
import { messageSearchCursorSchema, messageSearchQuerySchema, messageSearchTerms, messageSearchTsquery } from './message-search.ts'

describe('messageSearchTerms', () => {
  it('lowercases, splits on anything but letters and digits, and drops repeats', () => {
    expect(messageSearchTerms('  Coffee on SUNDAY, coffee!  ')).toEqual(['coffee', 'on', 'sunday'])
    expect(messageSearchTerms("don't e-mail 3:30")).toEqual(['don', 't', 'e', 'mail', '3', '30'])
    expect(messageSearchTerms('Café naïve Über 東京')).toEqual(['café', 'naïve', 'über', '東京'])
  })

  it('turns text-search operators and SQL quotes into separators', () => {
    expect(messageSearchTerms("exci:* & (tea | !coffee) <-> 'x'")).toEqual(['exci', 'tea', 'coffee', 'x'])
    expect(messageSearchTerms("'); drop table x; --")).toEqual(['drop', 'table', 'x'])
    for (const q of ["'", '&', '|', '!', ':*', '(', '', '   ']) expect(messageSearchTerms(q)).toEqual([])
  })

  it('keeps a decomposed accent with its letter', () => {
    expect(messageSearchTerms('cafe\u0301')).toEqual(['café'])
  })

  it('keeps at most 10 words of at most 60 characters', () => {
    expect(messageSearchTerms(Array.from({ length: 15 }, (_, i) => `w${i}`).join(' '))).toHaveLength(10)
    expect(messageSearchTerms('a'.repeat(100))[0]).toHaveLength(60)
  })
})

describe('messageSearchTsquery', () => {
  it('asks for whole words, and for the word still being typed as a prefix', () => {
    expect(messageSearchTsquery('coffee sun')).toBe('coffee & sun:*')
    expect(messageSearchTsquery('coffee sun ')).toBe('coffee & sun')
    expect(messageSearchTsquery('exci:*')).toBe('exci:*')
    expect(messageSearchTsquery('Café')).toBe('café:*')
    expect(messageSearchTsquery('')).toBeNull()
    expect(messageSearchTsquery(' & ')).toBeNull()
  })
})

describe('messageSearchQuerySchema', () => {
  it('defaults q to empty, caps it at 200 characters and checks the cursor shape', () => {
    expect(messageSearchQuerySchema.parse({})).toEqual({ q: '' })
    expect(messageSearchQuerySchema.safeParse({ q: 'a'.repeat(201) }).success).toBe(false)
    expect(messageSearchCursorSchema.safeParse('2026-11-23T10:00:00.123456Z_0b6f7c4e-8d1a-4c8e-9f3a-2b1c0d9e8f7a').success).toBe(true)
    expect(messageSearchCursorSchema.safeParse('2026-11-23T10:00:00Z_x').success).toBe(false)
  })

  it('refuses a cursor of the right shape whose date or time does not exist', () => {
    const id = '0b6f7c4e-8d1a-4c8e-9f3a-2b1c0d9e8f7a'
    for (const instant of [
      '2026-02-30T10:00:00',
      '2026-13-01T10:00:00',
      '2026-11-23T25:00:00',
      '2026-11-23T10:61:00',
      '0000-00-00T00:00:00',
    ]) {
      expect(messageSearchCursorSchema.safeParse(`${instant}.000000Z_${id}`).success).toBe(false)
    }
    expect(messageSearchCursorSchema.safeParse(`2024-02-29T23:59:59.999999Z_${id}`).success).toBe(true)
  })
})
