import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { inject } from 'vitest'
import { connectDatabase, type DbHandle, type Executor } from '#server/db/client.ts'

/** A fresh database for one test file, cloned from the migrated template. */
export async function createTestDatabase(): Promise<DbHandle & { url: string }> {
  const adminUrl = inject('pgAdminUrl')
  const name = `hearth_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name} TEMPLATE hearth_template`)
  await admin.end()
  const url = adminUrl.replace(/\/postgres$/, `/${name}`)
  return { ...connectDatabase(url, { max: 10 }), url }
}

/**
 * Runs one migration's statements again on `db`, as the migrator runs them (split at its breakpoints): for a test that
 * first puts the schema back to its shape before that migration.
 */
export async function runMigrationAgain(db: Executor, file: string): Promise<void> {
  const text = await fs.readFile(new URL(`../db/migrations/${file}`, import.meta.url), 'utf8')
  const statements = text
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter(Boolean)
  for (const statement of statements) await db.execute(sql.raw(statement))
}
