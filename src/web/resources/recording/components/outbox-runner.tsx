import { useOutboxRunner } from '../queries.ts'

/** Runs the outbox (`useOutboxRunner`) from a component, so that the app shell can load its code after the first paint. */
export function OutboxRunner() {
  useOutboxRunner()
  return null
}
