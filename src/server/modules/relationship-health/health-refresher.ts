import type { FastifyBaseLogger } from 'fastify'

/**
 * Refreshes a pair's relationship health after the transaction that changed the pair has committed, off the request
 * that made the change (decision 176): a send answers without waiting for the read of the pair's whole history.
 * Refreshes of one pair are coalesced: asks made while a refresh waits to start join it, and asks made while it runs
 * make one more run after it (which sees everything committed before it starts), so a burst of sends refreshes the pair
 * once or twice, never once per send. A refresh that fails is logged; the pair's next change refreshes it again.
 */
export function createHealthRefresher({
  refresh,
  log,
}: {
  /** recomputes the pair's stored health in a transaction of its own and tells their screens */
  refresh: (a: string, b: string) => Promise<void>
  log: Pick<FastifyBaseLogger, 'warn'>
}) {
  const pending = new Map<string, { again: boolean; done: Promise<void> }>()

  async function run(key: string, entry: { again: boolean }, a: string, b: string): Promise<void> {
    // one turn of the event loop first: sends of the pair committed at the same moment join this refresh
    await new Promise((resolve) => setImmediate(resolve))
    while (entry.again) {
      entry.again = false
      try {
        await refresh(a, b)
      } catch (error) {
        log.warn({ err: error }, 'health: refresh after a change failed; the next change of the pair refreshes it')
      }
    }
    pending.delete(key)
  }

  return {
    /** Asks for the pair's health to be refreshed soon; answers at once. */
    refreshSoon(a: string, b: string): void {
      const key = a < b ? `${a}|${b}` : `${b}|${a}`
      const current = pending.get(key)
      if (current) {
        current.again = true
        return
      }
      const entry = { again: true, done: Promise.resolve() }
      pending.set(key, entry)
      entry.done = run(key, entry, a, b)
    },

    /** Resolves once no refresh is waiting or running (a closing instance finishes them before its pool ends). */
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending.values()].map((entry) => entry.done))
    },
  }
}

export type HealthRefresher = ReturnType<typeof createHealthRefresher>
