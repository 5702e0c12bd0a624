import { describe, expect, it } from 'vitest'
import { describeDuration, formatDuration } from './duration.ts'

describe('formatDuration', () => {
  it('writes m:ss', () => {
    expect(formatDuration(0)).toBe('0:00')
    expect(formatDuration(7.9)).toBe('0:07')
    expect(formatDuration(65)).toBe('1:05')
    expect(formatDuration(600)).toBe('10:00')
    expect(formatDuration(-3)).toBe('0:00')
    expect(formatDuration(Number.NaN)).toBe('0:00')
  })

  it('has a spoken form', () => {
    expect(describeDuration(0)).toBe('0 seconds')
    expect(describeDuration(1)).toBe('1 second')
    expect(describeDuration(60)).toBe('1 minute')
    expect(describeDuration(125)).toBe('2 minutes 5 seconds')
  })
})
