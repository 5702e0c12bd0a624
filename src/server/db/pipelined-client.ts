import pg from 'pg'

/** What drizzle's `transaction` sends first, with no values and no options (checked on every statement: kept cheap). */
function isPlainBegin(config: unknown, values: unknown, callback: unknown): boolean {
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text
  return (
    typeof text === 'string' &&
    text.length <= 7 &&
    text.toLowerCase() === 'begin' &&
    callback === undefined &&
    (values === undefined || (Array.isArray(values) && values.length === 0))
  )
}

const EMPTY_RESULT: pg.QueryResult = { command: 'BEGIN', rowCount: null, oid: 0, fields: [], rows: [] }

/**
 * The pool's connection (decision 188): node-postgres's pipeline mode, which writes a statement without waiting for the
 * one before it to be answered, and a transaction's BEGIN that costs no round trip. Statements awaited one after the
 * other behave as before; what changes is what is sent while an earlier one is still out:
 * - BEGIN is answered at once, and goes out with the transaction's first statement. It is still checked: that
 *   statement's answer (which comes after BEGIN's) is refused with BEGIN's error if BEGIN failed. A plain BEGIN fails
 *   only with its connection, and then so does everything written after it.
 * - a transaction's closing notifications and its COMMIT leave together (`deliverLocally`).
 * On a two-core machine a round trip to PostgreSQL costs 0.15-0.3 ms, and 0.6-0.9 ms when its core had gone to sleep; a
 * transaction saves one or two.
 */
export class PipelinedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(typeof config === 'string' ? { connectionString: config, pipeline: true } : { ...config, pipeline: true })
  }
}

/** Each connection's BEGIN that was answered early, until the statement sent after it. */
const beginsAnsweredEarly = new WeakMap<pg.Client, Promise<unknown>>()
/** node-postgres's own `query` (read when called, so a test can stand in for the server's answers) */
const sendQuery = (client: pg.Client, ...args: unknown[]) =>
  (pg.Client.prototype.query as (...args: unknown[]) => unknown).apply(client, args)

PipelinedClient.prototype.query = function query(this: pg.Client, config: unknown, values?: unknown, callback?: unknown) {
  if (isPlainBegin(config, values, callback)) {
    const begun = sendQuery(this, config, values) as Promise<unknown>
    // observed by the next statement, whose answer comes after BEGIN's
    begun.catch(() => undefined)
    beginsAnsweredEarly.set(this, begun)
    return Promise.resolve(EMPTY_RESULT)
  }
  const sent = sendQuery(this, config, values, callback)
  const begun = beginsAnsweredEarly.get(this)
  if (!begun || !(sent instanceof Promise)) return sent
  beginsAnsweredEarly.delete(this)
  return Promise.allSettled([begun, sent]).then(([begin, statement]) => {
    if (begin.status === 'rejected') throw begin.reason
    if (statement.status === 'rejected') throw statement.reason
    return statement.value
  })
} as pg.Client['query']
