import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { describe, expect, inject, it } from 'vitest'
import { migrateUpTo, seedAt } from '#server/test/earlier-schemas.ts'
import { connectDatabase, MigrationError, readMigrations, runMigrations, type Migration, type PendingMigrations } from './client.ts'

/** The shipped migrations from `tag` on: what a database at the one before it has pending. */
const migrationsFrom = (tag: string) => readMigrations().slice(readMigrations().findIndex((migration) => migration.tag === tag))

/** A new, empty database on the suite's cluster. */
async function emptyDatabase(): Promise<string> {
  const adminUrl = inject('pgAdminUrl')
  const name = `hearth_empty_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  return adminUrl.replace(/\/postgres$/, `/${name}`)
}

/** Everything of the schema (columns, indexes, constraints, functions, triggers) and every row of every table, as text. */
async function everything(url: string): Promise<{ schema: string[]; rows: Record<string, string> }> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const schema = await client.query<{ line: string }>(`
      select format('column %s.%s %s %s %s %s', table_schema, table_name, column_name, data_type, is_nullable, column_default) as line
        from information_schema.columns where table_schema in ('public', 'drizzle')
      union all select format('index %s', indexdef) from pg_indexes where schemaname in ('public', 'drizzle')
      union all select format('constraint %s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid)) from pg_constraint
        where connamespace in ('public'::regnamespace, 'drizzle'::regnamespace)
      union all select format('function %s %s', p.oid::regprocedure, md5(prosrc)) from pg_proc p where pronamespace = 'public'::regnamespace
      union all select format('trigger %s %s', tgrelid::regclass, tgname) from pg_trigger where not tgisinternal
      order by 1`)
    const tables = await client.query<{ name: string }>(
      `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
    )
    const rows: Record<string, string> = {}
    for (const { name } of tables.rows) {
      const read = await client.query<{ rows: string }>(
        `select coalesce(string_agg(t::text, E'\\n' order by t::text), '') as rows from ${name} t`,
      )
      rows[name] = read.rows[0]?.rows ?? ''
    }
    return { schema: schema.rows.map((row) => row.line), rows }
  } finally {
    await client.end()
  }
}

describe('migrations at start', () => {
  it('run once when several instances start together on an empty database, which is told as new', async () => {
    const url = await emptyDatabase()
    const instances = [0, 1, 2].map(() => connectDatabase(url, { max: 1 }))
    const told: PendingMigrations[] = []
    const beforeMigrating = async (found: PendingMigrations) => void told.push(found)
    await Promise.all(instances.map((instance) => runMigrations(instance.db, { beforeMigrating })))
    const applied = await instances[0]?.pool.query('select count(*)::int as n from drizzle.__drizzle_migrations')
    expect(applied?.rows[0]?.n).toBe(readMigrations().length)
    const tables = await instances[0]?.pool.query(`select 1 from information_schema.tables where table_name = 'request_limits'`)
    expect(tables?.rowCount).toBe(1)
    expect(told.map(({ pending, fresh }) => ({ pending: pending.length, fresh }))).toEqual([
      { pending: readMigrations().length, fresh: true },
    ])
    await Promise.all(instances.map((instance) => instance.close()))
  })

  it('on a database at an earlier schema, tell only the instance that migrates what is pending, before it migrates', async () => {
    const url = await emptyDatabase()
    const earlier = connectDatabase(url, { max: 1 })
    const at = await migrateUpTo(earlier.db, '0030_audit_ids_and_push_endpoints')
    await seedAt(earlier.db, at)
    await earlier.close()

    const instances = [0, 1, 2].map(() => connectDatabase(url, { max: 1 }))
    const told: { tags: string[]; fresh: boolean; languageThen: number }[] = []
    await Promise.all(
      instances.map((instance) =>
        runMigrations(instance.db, {
          beforeMigrating: async ({ pending, fresh }) => {
            // told before the first pending migration ran: 0032's column is not there yet
            const column = await instance.pool.query(
              `select 1 from information_schema.columns where table_name = 'profiles' and column_name = 'language'`,
            )
            told.push({ tags: pending.map((migration) => migration.tag), fresh, languageThen: column.rowCount ?? -1 })
          },
        }),
      ),
    )
    const since = migrationsFrom('0031_kept_received_messages').map((migration) => migration.tag)
    expect(told).toEqual([{ tags: since, fresh: false, languageThen: 0 }])
    expect(since.slice(0, 2)).toEqual(['0031_kept_received_messages', '0032_profile_language'])
    // a start with nothing pending is told nothing
    await runMigrations(instances[0]!.db, { beforeMigrating: async () => void told.push({ tags: [], fresh: false, languageThen: -1 }) })
    expect(told).toHaveLength(1)
    await Promise.all(instances.map((instance) => instance.close()))
  })

  it('that fail leave the schema, the rows and drizzle.__drizzle_migrations exactly as they were, and name the failed one', async () => {
    const url = await emptyDatabase()
    const database = connectDatabase(url, { max: 1 })
    const at = await migrateUpTo(database.db, '0029_link_claims_and_first_account')
    await seedAt(database.db, at)
    const before = await everything(url)

    // today's three pending migrations (0030 rewrites rows, 0031 a constraint, 0032 adds a column), then a broken one
    const shipped = readMigrations()
    const broken: Migration = {
      tag: '0099_broken',
      statements: [
        'ALTER TABLE "profiles" ADD COLUMN "nickname" text',
        `INSERT INTO "user" (id, name, email) VALUES ('u-ada', 'x', 'x@example.test')`,
      ],
      hash: 'broken',
      createdAt: (shipped.at(-1)?.createdAt ?? 0) + 1,
    }
    const failed = await runMigrations(database.db, { migrations: [...shipped, broken] }).catch((error: unknown) => error)
    expect(failed).toBeInstanceOf(MigrationError)
    expect(failed).toMatchObject({
      migration: '0099_broken',
      message: 'migration 0099_broken failed: duplicate key value violates unique constraint "user_pkey"',
    })
    expect(await everything(url)).toEqual(before)

    // and the next start, without the broken one, applies today's
    await runMigrations(database.db)
    const language = await database.pool.query(
      `select 1 from information_schema.columns where table_name = 'profiles' and column_name = 'language'`,
    )
    expect(language.rowCount).toBe(1)
    await database.close()
  })
})
