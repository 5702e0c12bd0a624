import { afterEach, describe, expect, it, vi } from 'vitest'
import { rememberMessageIntent, takeMessageIntent } from './message-intent.ts'

afterEach(() => {
  vi.useRealTimers()
  localStorage.clear()
})

describe('the kept Message press (decision 212)', () => {
  it('is carried out once, for the profile it was pressed on only', () => {
    rememberMessageIntent('ada')
    expect(takeMessageIntent('bob')).toBe(false)
    expect(takeMessageIntent('ada')).toBe(true)
    expect(takeMessageIntent('ada')).toBe(false)
  })

  it('is forgotten after a day, as the confirmation link expires', () => {
    vi.useFakeTimers({ now: new Date('2026-12-07T10:00:00Z'), toFake: ['Date'] })
    rememberMessageIntent('ada')
    vi.setSystemTime(new Date('2026-12-08T10:00:01Z'))
    expect(takeMessageIntent('ada')).toBe(false)
  })

  it('is nothing without a press, or with a stored value that is not one', () => {
    expect(takeMessageIntent('ada')).toBe(false)
    localStorage.setItem('hearth.message-intent', '{not json')
    expect(takeMessageIntent('ada')).toBe(false)
  })
})
