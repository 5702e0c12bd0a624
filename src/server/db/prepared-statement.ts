import type { SQL } from 'drizzle-orm'
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core'
import type { QueryResult } from 'pg'
import type { Database } from './client.ts'

const dialect = new PgDialect()

/**
 * A statement that runs on every request (the session read, the circle's reorder) as a named prepared statement:
 * PostgreSQL parses, analyses and plans it once per pooled connection instead of on every call (planning cost more
 * than running these statements: decision 115), and its text is built once here instead of on every call. Its
 * values are `sql.placeholder(name)`s in `statement`, filled by the returned function; the text never changes, so one
 * name is one statement on every connection. Rows come back as `db.execute` gives them: by column name, without
 * drizzle's mapping of each field, which costs ~10 µs a row (the overview's 51 rows, decision 180). An empty name
 * leaves the statement unnamed, so PostgreSQL plans it on every call with its values (the overview's searches).
 */
export function preparedStatement<Row extends Record<string, unknown>, Values extends Record<string, unknown>>(
  name: string,
  statement: SQL,
): (db: Pick<Database, '_'>, values: Values) => Promise<Row[]> {
  const query = dialect.sqlToQuery(statement)
  type Config = PreparedQueryConfig & { execute: QueryResult<Row> }
  // drizzle's prepared query of each session (the pool's, a transaction's), made once for each
  const preparedBySession = new WeakMap<object, PgPreparedQuery<Config>>()
  return async (db, values) => {
    const session = db._.session
    let prepared = preparedBySession.get(session)
    if (!prepared) {
      prepared = session.prepareQuery<Config>(query, undefined, name, false)
      preparedBySession.set(session, prepared)
    }
    return (await prepared.execute(values)).rows
  }
}
