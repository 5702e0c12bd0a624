import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRefetchScheduler } from './realtime-scheduler.ts'

describe('createRefetchScheduler', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('refreshes once, 500 ms after the last of a burst of events', () => {
    const refresh = vi.fn()
    const scheduler = createRefetchScheduler(refresh)
    scheduler.schedule('contacts')
    vi.advanceTimersByTime(300)
    scheduler.schedule('contacts')
    vi.advanceTimersByTime(499)
    expect(refresh).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(refresh).toHaveBeenCalledWith('contacts')
  })

  it('waits for the 1 s guard before refreshing the same key again', () => {
    const refresh = vi.fn()
    const scheduler = createRefetchScheduler(refresh)
    scheduler.schedule('contacts')
    vi.advanceTimersByTime(500)
    expect(refresh).toHaveBeenCalledTimes(1)
    scheduler.schedule('contacts')
    vi.advanceTimersByTime(500)
    // only 500 ms since the last refresh: held until the guard has passed
    expect(refresh).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(499)
    expect(refresh).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    expect(refresh).toHaveBeenCalledTimes(2)
  })

  it('keeps keys independent and forgets everything on dispose', () => {
    const refresh = vi.fn()
    const scheduler = createRefetchScheduler(refresh)
    scheduler.schedule('contacts')
    scheduler.schedule('profile')
    vi.advanceTimersByTime(500)
    expect(refresh.mock.calls.map(([key]) => key).sort()).toEqual(['contacts', 'profile'])
    scheduler.schedule('contacts')
    scheduler.dispose()
    vi.advanceTimersByTime(5000)
    expect(refresh).toHaveBeenCalledTimes(2)
  })
})
