import { describe, expect, it } from 'vitest'
import { reconnectDelay } from './realtime-client.ts'

describe('reconnectDelay', () => {
  it('doubles from 1 s and stops growing at 30 s', () => {
    const middle = () => 0.5
    expect([0, 1, 2, 3, 4, 5, 6].map((attempt) => reconnectDelay(attempt, middle))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000])
  })

  it('spreads tabs out by up to a quarter either way', () => {
    expect(reconnectDelay(0, () => 0)).toBe(750)
    expect(reconnectDelay(0, () => 0.999999)).toBe(1250)
  })
})
