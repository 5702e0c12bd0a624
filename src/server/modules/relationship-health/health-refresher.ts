import type { FastifyBaseLogger } from 'fastify'

/** How long after a change its pair's health is refreshed (decision 188). */
export const HEALTH_REFRESH_DELAY_MS = 1000

type Entry = { again: boolean; done: Promise<void>; start: () => void }

/**
 * Refreshes a pair's relationship health after the transaction that changed the pair has committed, off the request
 * that made the change (decision 176): a send answers without waiting for the read of the pair's whole history.
 * The refresh starts a moment later (`delayMs`, decision 188), not at once: the moment after a send belongs to the
 * requests it brings (both screens read the conversation as soon as they are told), and a person cannot tell a health
 * card a second late. Refreshes of one pair are coalesced: asks made while a refresh waits to start join it, and asks
 * made while it runs make one more run after it (which sees everything committed before it starts), so a burst of
 * sends refreshes the pair once or twice, never once per send. A refresh that fails is logged; the pair's next change
 * refreshes it again.
 */
export function createHealthRefresher({
  refresh,
  log,
  delayMs = HEALTH_REFRESH_DELAY_MS,
}: {
  /** recomputes the pair's stored health in a transaction of its own and tells their screens */
  refresh: (a: string, b: string) => Promise<void>
  log: Pick<FastifyBaseLogger, 'warn'>
  delayMs?: number
}) {
  const pending = new Map<string, Entry>()

  async function run(key: string, entry: Entry, a: string, b: string): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, delayMs)
      entry.start = () => {
        clearTimeout(timer)
        resolve()
      }
    })
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
      const entry: Entry = { again: true, done: Promise.resolve(), start: () => undefined }
      pending.set(key, entry)
      entry.done = run(key, entry, a, b)
    },

    /**
     * Starts the refreshes that wait, and resolves once none is waiting or running (a closing instance finishes them
     * before its pool ends).
     */
    async idle(): Promise<void> {
      while (pending.size > 0) {
        for (const entry of pending.values()) entry.start()
        await Promise.all([...pending.values()].map((entry) => entry.done))
      }
    },
  }
}

export type HealthRefresher = ReturnType<typeof createHealthRefresher>
