import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { createJobQueue } from '#server/jobs/job-queue.ts'
import { insertPerson } from '#server/test/data.ts'
import { prepareAppRole } from './app-role.ts'
import { connectDatabase, MIGRATION_LOCK, runMigrations } from './client.ts'
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres.ts'

// The role Hearth connects to its embedded PostgreSQL as (decision 208): made at the first start, owner of Hearth's
// database and no superuser; a cluster an earlier version made (everything the superuser's) is given to it at the
// next start, data and all, under the migrations' lock; the start after that has nothing to do.
const work = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-int-app-role-'))
await fs.chmod(work, 0o755) // (mkdtemp makes it 700; the postgres user must reach the cluster inside)
const SUPERUSER = 'superuser-password'
const APP = 'app-role-password'
const running: EmbeddedDatabase[] = []
afterAll(async () => {
  for (const database of running) await database.stop()
  await fs.rm(work, { recursive: true, force: true })
})

const quiet = { info() {}, warn() {}, error() {}, debug() {}, child: () => quiet } as unknown as FastifyBaseLogger

async function start(dir: string, said: string[] = []) {
  const database = await startEmbeddedPostgres({ dir, password: SUPERUSER, appPassword: APP, log: (line) => said.push(line) })
  running.push(database)
  return database
}

async function stop(database: EmbeddedDatabase) {
  await database.stop()
  running.splice(running.indexOf(database), 1)
}

async function query<Row extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<Row>(text, values)).rows
  } finally {
    await client.end()
  }
}

const superuserUrl = (database: EmbeddedDatabase, name = 'hearth') => `postgres://postgres:${SUPERUSER}@127.0.0.1:${database.port}/${name}`

/** Hearth's database and every object in its schemas but an extension's members, with their owners. */
const OWNERS = `
SELECT 'database ' || datname AS object, datdba::regrole::text AS owner FROM pg_database WHERE datname = current_database()
UNION ALL
SELECT 'schema ' || nspname, nspowner::regrole::text FROM pg_namespace WHERE nspname IN ('public', 'drizzle', 'pgboss')
UNION ALL
SELECT 'relation ' || c.oid::regclass::text, relowner::regrole::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE nspname IN ('public', 'drizzle', 'pgboss') AND NOT EXISTS (SELECT 1 FROM pg_depend WHERE objid = c.oid AND deptype = 'e')
UNION ALL
SELECT 'type ' || t.oid::regtype::text, typowner::regrole::text FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
  WHERE nspname IN ('public', 'drizzle', 'pgboss') AND NOT EXISTS (SELECT 1 FROM pg_depend WHERE objid = t.oid AND deptype = 'e')
UNION ALL
SELECT 'function ' || p.oid::regprocedure::text, proowner::regrole::text FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
  WHERE nspname IN ('public', 'drizzle', 'pgboss') AND NOT EXISTS (SELECT 1 FROM pg_depend WHERE objid = p.oid AND deptype = 'e')
ORDER BY 1`

const ownersIn = async (url: string) => query<{ object: string; owner: string }>(url, OWNERS)
const ownedBy = (owners: { object: string; owner: string }[], role: string) => owners.filter(({ owner }) => owner === role)

/** What Hearth does once connected: its migrations, its job queue (pg-boss makes its schema), a person written. */
async function useAsTheApp(url: string, name: string) {
  const database = connectDatabase(url, { max: 2 })
  try {
    await runMigrations(database.db)
    const queue = await createJobQueue({ pool: database.pool, log: quiet, supervises: false })
    await queue.stop()
    await insertPerson(database.db, { name })
  } finally {
    await database.close()
  }
}

/**
 * The cluster as earlier versions left it: no role `hearth`; the database made, migrated and written to by the
 * superuser (pg-boss's schema too), so that it owns everything. Answers the owners then.
 */
async function makeItTheEarlierWay(database: EmbeddedDatabase) {
  await query(superuserUrl(database, 'postgres'), 'DROP DATABASE hearth')
  await query(superuserUrl(database, 'postgres'), 'DROP ROLE hearth')
  await query(superuserUrl(database, 'postgres'), 'CREATE DATABASE hearth')
  await useAsTheApp(superuserUrl(database), 'Ada')
  const owners = await ownersIn(superuserUrl(database))
  expect(ownedBy(owners, 'hearth')).toEqual([])
  expect(ownedBy(owners, 'postgres').length).toBeGreaterThan(100)
  return owners
}

describe('the role Hearth connects to its embedded PostgreSQL as', () => {
  it('is made at the first start, owns what the migrations and the job queue make, and may not read files nor run programs', async () => {
    const database = await start(path.join(work, 'new'))
    expect(database.url).toMatch(/^postgres:\/\/hearth:/)
    const [me] = await query<{ user: string; rolsuper: boolean; rolreplication: boolean }>(
      database.url,
      'SELECT current_user AS user, rolsuper, rolreplication FROM pg_roles WHERE rolname = current_user',
    )
    expect(me).toEqual({ user: 'hearth', rolsuper: false, rolreplication: true })

    await useAsTheApp(database.url, 'Ada')
    const owners = await ownersIn(database.url)
    expect(owners.length).toBeGreaterThan(100)
    expect(owners.filter(({ owner }) => owner !== 'hearth' && owner !== 'pg_database_owner')).toEqual([])
    expect(owners).toEqual(
      expect.arrayContaining([
        { object: 'database hearth', owner: 'hearth' },
        { object: 'schema pgboss', owner: 'hearth' },
        { object: 'relation drizzle.__drizzle_migrations', owner: 'hearth' },
      ]),
    )

    // what a superuser's connection could do with a crafted statement, refused to the app's
    const refused = async (text: string) =>
      query(database.url, text).then(
        () => null,
        (error: pg.DatabaseError) => error.code,
      )
    expect(await refused(`COPY (SELECT 1) TO PROGRAM 'true'`)).toBe('42501')
    expect(await refused(`SELECT pg_read_file('postgresql.conf')`)).toBe('42501')
    expect(await refused(`CREATE DATABASE elsewhere`)).toBe('42501')
    expect(await refused(`ALTER SYSTEM SET work_mem = '1GB'`)).toBe('42501')
    // (the superuser could: the refusals are the role's, not the statements')
    expect(await query(superuserUrl(database), `SELECT pg_read_file('PG_VERSION') AS v`)).toHaveLength(1)
  }, 60_000)

  it('gives a cluster an earlier version made to the role at the next start, data and all; the start after that does nothing', async () => {
    const dir = path.join(work, 'earlier')
    const first = await start(dir)
    const before = await makeItTheEarlierWay(first)
    await stop(first)

    const said: string[] = []
    const second = await start(dir, said)
    expect(said).toEqual([
      expect.stringMatching(/^giving Hearth's database to the role 'hearth' \(\d+ objects an earlier version made as 'postgres'\)$/),
    ])
    const after = await ownersIn(superuserUrl(second))
    expect(after.map(({ object }) => object)).toEqual(before.map(({ object }) => object))
    expect(after.filter(({ owner }) => owner !== 'hearth' && owner !== 'pg_database_owner')).toEqual([])
    await useAsTheApp(second.url, 'Bob')
    await query(superuserUrl(second, 'postgres'), `ALTER ROLE hearth PASSWORD 'not-the-stored-one'`)
    await stop(second)

    // the next start: nothing to move, the role's password set back, the data there
    const third = await start(dir, said)
    expect(said).toHaveLength(1)
    expect(await ownersIn(superuserUrl(third))).toEqual(after)
    await useAsTheApp(third.url, 'Cy')
    const names = await query<{ name: string }>(third.url, 'SELECT name FROM "user" ORDER BY name')
    expect(names.map(({ name }) => name)).toEqual(['Ada', 'Bob', 'Cy'])
  }, 90_000)

  it("waits for an instance migrating meanwhile: the move is made under the migrations' lock", async () => {
    const database = await start(path.join(work, 'locked'))
    await makeItTheEarlierWay(database)
    const migrating = new pg.Client({ connectionString: superuserUrl(database) })
    await migrating.connect()
    await migrating.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
    const moving = prepareAppRole({ port: database.port, superuserPassword: SUPERUSER, appPassword: APP, log: () => undefined })
    const waiting = `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`
    await expect.poll(async () => (await query<{ n: number }>(superuserUrl(database), waiting))[0]?.n).toBe(1)
    expect(ownedBy(await ownersIn(superuserUrl(database)), 'hearth')).toEqual([])

    await migrating.end()
    await moving
    const after = await ownersIn(superuserUrl(database))
    expect(after.filter(({ owner }) => owner !== 'hearth' && owner !== 'pg_database_owner')).toEqual([])
  }, 60_000)
})
