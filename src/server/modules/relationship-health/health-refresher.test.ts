import { describe, expect, it, vi } from 'vitest'
import { createHealthRefresher } from './health-refresher.ts'

/** A refresh that holds until released, recording each pair it ran for. */
function heldRefresh() {
  const runs: string[] = []
  let release: () => void = () => undefined
  let started: () => void = () => undefined
  const running = { started: new Promise<void>((resolve) => (started = resolve)) }
  const refresh = vi.fn(async (a: string, b: string) => {
    runs.push(`${a}+${b}`)
    started()
    await new Promise<void>((resolve) => (release = resolve))
  })
  return { refresh, runs, running, release: () => release() }
}

const log = { warn: vi.fn() }

describe('createHealthRefresher', () => {
  it('refreshes a pair once for a burst of asks made before it starts, whichever way round the pair is named', async () => {
    const refresh = vi.fn(async () => undefined)
    const refresher = createHealthRefresher({ refresh, log })
    refresher.refreshSoon('ada', 'bob')
    refresher.refreshSoon('bob', 'ada')
    refresher.refreshSoon('ada', 'bob')
    await refresher.idle()
    expect(refresh).toHaveBeenCalledTimes(1)
  })

  it('runs once more, not once per ask, for asks made while a refresh runs; other pairs run on their own', async () => {
    const held = heldRefresh()
    const refresher = createHealthRefresher({ refresh: held.refresh, log, delayMs: 0 })
    refresher.refreshSoon('ada', 'bob')
    await held.running.started
    refresher.refreshSoon('ada', 'bob')
    refresher.refreshSoon('bob', 'ada')
    held.release()
    await vi.waitFor(() => expect(held.runs).toHaveLength(2))
    held.release()
    await refresher.idle()
    expect(held.runs).toEqual(['ada+bob', 'ada+bob'])

    const other = vi.fn(async () => undefined)
    const both = createHealthRefresher({ refresh: other, log })
    both.refreshSoon('ada', 'bob')
    both.refreshSoon('ada', 'eve')
    await both.idle()
    expect(other).toHaveBeenCalledTimes(2)
  })

  it('waits its delay before refreshing, so the reads a change brings go first; closing starts it at once', async () => {
    vi.useFakeTimers()
    try {
      const refresh = vi.fn(async () => undefined)
      const refresher = createHealthRefresher({ refresh, log, delayMs: 1000 })
      refresher.refreshSoon('ada', 'bob')
      await vi.advanceTimersByTimeAsync(999)
      expect(refresh).not.toHaveBeenCalled()
      refresher.refreshSoon('bob', 'ada')
      await vi.advanceTimersByTimeAsync(1)
      expect(refresh).toHaveBeenCalledTimes(1)

      refresher.refreshSoon('ada', 'eve')
      await refresher.idle()
      expect(refresh).toHaveBeenLastCalledWith('ada', 'eve')
      expect(refresh).toHaveBeenCalledTimes(2)
    } finally {
      vi.useRealTimers()
    }
  })

  it('logs a refresh that fails, and refreshes the pair again when asked next', async () => {
    const refresh = vi.fn().mockRejectedValueOnce(new Error('database away')).mockResolvedValue(undefined)
    const refresher = createHealthRefresher({ refresh, log })
    refresher.refreshSoon('ada', 'bob')
    await refresher.idle()
    expect(log.warn).toHaveBeenCalledTimes(1)
    refresher.refreshSoon('ada', 'bob')
    await refresher.idle()
    expect(refresh).toHaveBeenCalledTimes(2)
  })
})
