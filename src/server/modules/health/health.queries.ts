import { sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'

/** The PostgreSQL server version; rejects when the database cannot be reached. */
export async function getDatabaseVersion(db: Executor): Promise<string | null> {
  const result = await db.execute<{ version: string }>(sql`select current_setting('server_version') as version`)
  return result.rows[0]?.version ?? null
}
