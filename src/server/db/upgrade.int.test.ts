import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { migrateUpTo, seedAt } from '#server/test/earlier-schemas.ts'
import { connectDatabase, readMigrations } from './client.ts'
import { migrateWithBackup, UpgradeError } from './upgrade.ts'

/** The shipped migrations from `tag` on: what a database at the one before it has pending. */
const migrationsFrom = (tag: string) => readMigrations().slice(readMigrations().findIndex((migration) => migration.tag === tag))

// The start's migrations where no backup is taken (decision 215); the backup itself is tested on a real start
// (src/server/upgrade.int.test.ts).
const work = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-upgrade-'))
afterAll(() => fs.rm(work, { recursive: true, force: true }))

/** A database of the suite's cluster at the schema of `tag` with the seed of its time, or new and empty. */
async function databaseAt(tag: string | null) {
  const adminUrl = inject('pgAdminUrl')
  const name = `hearth_upgrade_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const database = connectDatabase(adminUrl.replace(/\/postgres$/, `/${name}`), { max: 1 })
  if (tag) await seedAt(database.db, await migrateUpTo(database.db, tag))
  return database
}

const applied = async (database: Awaited<ReturnType<typeof databaseAt>>) =>
  (await database.pool.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0]?.n

describe('the migrations of a start', () => {
  it('on the database of DATABASE_URL, say in one line to have a backup of its own, and go on', async () => {
    const database = await databaseAt('0030_audit_ids_and_push_endpoints')
    const said: string[] = []
    const env = {
      dataDir: path.join(work, 'url'),
      backupDir: path.join(work, 'url', 'backups'),
      DATABASE_URL: 'postgres://elsewhere/hearth',
    }
    await migrateWithBackup({ db: database.db, env, databasePassword: 'unused', say: (line) => said.push(line) })
    // what is pending after 0030: every migration shipped since, named by its first and its last
    const since = migrationsFrom('0031_kept_received_messages')
    expect(said).toEqual([
      `${since.length} migrations (0031_kept_received_messages to ${since.at(-1)?.tag}) to apply to the database of DATABASE_URL, ` +
        'which Hearth does not back up: have a backup of your own first',
    ])
    expect(await applied(database)).toBe(readMigrations().length)
    await expect(fs.access(env.backupDir)).rejects.toThrow()
    await database.close()
  })

  it('on a new database, take no backup and say nothing', async () => {
    const database = await databaseAt(null)
    const said: string[] = []
    // no DATA_DIR at all: a backup would fail
    const env = { dataDir: path.join(work, 'none'), backupDir: path.join(work, 'none', 'backups'), DATABASE_URL: undefined }
    await migrateWithBackup({ db: database.db, env, databasePassword: 'unused', say: (line) => said.push(line) })
    expect(said).toEqual([])
    expect(await applied(database)).toBe(readMigrations().length)
    await database.close()
  })

  it('apply nothing when the backup before them fails, and say why in one line', async () => {
    const database = await databaseAt('0031_kept_received_messages')
    const before = await applied(database)
    const env = { dataDir: path.join(work, 'missing'), backupDir: path.join(work, 'missing', 'backups'), DATABASE_URL: undefined }
    const failed = await migrateWithBackup({ db: database.db, env, databasePassword: 'unused', say: () => undefined }).catch(
      (error: unknown) => error,
    )
    expect(failed).toBeInstanceOf(UpgradeError)
    const since = migrationsFrom('0032_profile_language')
    const pending =
      since.length === 1 ? 'migration 0032_profile_language' : `${since.length} migrations (0032_profile_language to ${since.at(-1)?.tag})`
    expect((failed as Error).message).toBe(
      `could not back up before applying ${pending}, so none was applied: there is no DATA_DIR at ${env.dataDir}. ` +
        'Make room in BACKUP_DIR (or point it elsewhere) and start again, or run the previous version of Hearth',
    )
    expect(await applied(database)).toBe(before)
    await database.close()
  })
})
