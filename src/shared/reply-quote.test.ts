import { describe, expect, it } from 'vitest'
import { REPLY_EXCERPT_CHARS, replyExcerpt, replyQuoteLabel } from './reply-quote.ts'

describe('replyExcerpt', () => {
  it('keeps a short transcript whole and says nothing for none', () => {
    expect(replyExcerpt('  Are you   coming on Sunday? ')).toBe('Are you coming on Sunday?')
    expect(replyExcerpt(null)).toBeNull()
    expect(replyExcerpt('   ')).toBeNull()
  })

  it('cuts a long one at a word, at most 12 words and 80 characters, and marks the cut', () => {
    expect(replyExcerpt('one two three four five six seven eight nine ten eleven twelve thirteen')).toBe(
      'one two three four five six seven eight nine ten eleven twelve…',
    )
    const long = replyExcerpt('abcdefghij '.repeat(10)) ?? ''
    expect(long.length).toBeLessThanOrEqual(REPLY_EXCERPT_CHARS + 1)
    expect(long).toBe(`${'abcdefghij '.repeat(7).trim()}…`)
    expect(replyExcerpt('x'.repeat(100))).toBe(`${'x'.repeat(80)}…`)
  })
})

describe('replyQuoteLabel', () => {
  it('names you or the other person, and gives the length when there are no words', () => {
    const quote = { sender_id: 'me', excerpt: null, duration_seconds: 12.4 }
    expect(replyQuoteLabel(quote, { ownUserId: 'me', contactName: 'Ada' })).toEqual({ who: 'You', text: 'Voice message 0:12' })
    expect(replyQuoteLabel({ ...quote, sender_id: 'ada', excerpt: 'Hi there' }, { ownUserId: 'me', contactName: 'Ada' })).toEqual({
      who: 'Ada',
      text: 'Hi there',
    })
  })
})
