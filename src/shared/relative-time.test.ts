import { describe, expect, it } from 'vitest'
import { relativeTime, shortRelativeTime } from './relative-time.ts'

const now = new Date('2026-11-22T12:00:00Z')
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000)

describe('relativeTime', () => {
  it('follows the spec steps', () => {
    expect(relativeTime(ago(59), now)).toBe('just now')
    expect(relativeTime(ago(60), now)).toBe('1 minute ago')
    expect(relativeTime(ago(59 * 60), now)).toBe('59 minutes ago')
    expect(relativeTime(ago(2 * 3600), now)).toBe('2 hours ago')
    expect(relativeTime(ago(26 * 3600), now)).toBe('yesterday')
    expect(relativeTime(ago(3 * 86400), now)).toBe('3 days ago')
    expect(relativeTime(ago(14 * 86400), now)).toBe('2 weeks ago')
    expect(relativeTime(ago(29 * 86400), now)).toBe('1 month ago')
    expect(relativeTime(ago(90 * 86400), now)).toBe('3 months ago')
    expect(relativeTime(ago(800 * 86400), now)).toBe('2 years ago')
  })

  it('never says the future', () => {
    expect(relativeTime(ago(-30), now)).toBe('just now')
  })
})

describe('shortRelativeTime', () => {
  const now = new Date('2026-11-23T12:00:00Z')
  const ago = (ms: number) => new Date(now.getTime() - ms)
  const MIN = 60_000
  it.each([
    [30_000, 'now'],
    [5 * MIN, '5 min ago'],
    [2 * 60 * MIN, '2 h ago'],
    [26 * 60 * MIN, 'yesterday'],
    [3 * 24 * 60 * MIN, '3 d ago'],
    [15 * 24 * 60 * MIN, '2 wk ago'],
    [95 * 24 * 60 * MIN, '3 mo ago'],
    [800 * 24 * 60 * MIN, '2 y ago'],
  ])('%i ms ago reads %s', (ms, text) => {
    expect(shortRelativeTime(ago(ms), now)).toBe(text)
  })
})
