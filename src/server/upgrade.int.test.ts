import { execFile, spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { connectDatabase, readMigrations } from './db/client.ts'
import { freePort, startEmbeddedPostgres } from './db/embedded-postgres.ts'
import { loadSecrets } from './secrets.ts'
import { MESSAGES, migrateUpTo, seedAt, shippedMigrations } from './test/earlier-schemas.ts'
import { killHearthProcesses, startHearthProcess } from './test/hearth-process.ts'

/** The shipped migrations from `tag` on: what a database at the one before it has pending. */
const migrationsFrom = (tag: string) => readMigrations().slice(readMigrations().findIndex((migration) => migration.tag === tag))

// An install of an earlier version (its DATA_DIR at schema 0029, with people and messages) started on today's code
// (decision 215): the start that finds a migration failing says so in one line, exits with code 1 and leaves the
// database as it was; the start that upgrades takes one backup first, which `npm run restore` brings back at 0029.
const root = fileURLToPath(new URL('../..', import.meta.url))
const work = await fs.mkdtemp('/tmp/hearth-int-upgrade-')
await fs.chmod(work, 0o755) // (mkdtemp makes it 700; the postgres user must reach the cluster inside)
const dataDir = path.join(work, 'data')
const restoredDir = path.join(work, 'restored')
const backupDir = path.join(dataDir, 'backups')
const EARLIER = '0029_link_claims_and_first_account'
const appliedAtEarlier = shippedMigrations().findIndex((migration) => migration.tag === EARLIER) + 1

afterAll(async () => {
  killHearthProcesses()
  await fs.rm(work, { recursive: true, force: true })
})

/** The embedded PostgreSQL of `dir` started as Hearth starts it, `use` given Hearth's database, then stopped. */
async function withDatabaseOf<T>(dir: string, use: (client: pg.Client, url: string) => Promise<T>): Promise<T> {
  const secrets = await loadSecrets(dir)
  const embedded = await startEmbeddedPostgres({
    dir: path.join(dir, 'postgres'),
    password: secrets.postgresPassword,
    appPassword: secrets.appDatabasePassword,
    log: () => undefined,
  })
  const client = new pg.Client({ connectionString: embedded.url })
  try {
    await client.connect()
    return await use(client, embedded.url)
  } finally {
    await client.end().catch(() => undefined)
    await embedded.stop()
  }
}

/** What of the database says which schema it is at and what it holds. */
const stateOf = (client: pg.Client) =>
  client
    .query<{ applied: number; people: number; messages: number; liked: boolean; language: boolean; senderRequired: boolean }>(
      `select (select count(*)::int from drizzle.__drizzle_migrations) as applied,
        (select count(*)::int from "user") as people,
        (select count(*)::int from audio_messages) as messages,
        (select liked from audio_messages where id = $1) as liked,
        exists (select 1 from information_schema.columns where table_name = 'profiles' and column_name = 'language') as language,
        exists (select 1 from information_schema.columns where table_name = 'audio_messages' and column_name = 'sender_id'
          and is_nullable = 'NO') as "senderRequired"`,
      [MESSAGES.m1],
    )
    .then((result) => result.rows[0])

/** `npm start`'s server until it exits by itself: its exit code, and what it wrote to stdout and stderr. */
async function startUntilExit(env: Record<string, string>) {
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, PORT: String(await freePort()), HOST: '127.0.0.1', LOG_LEVEL: 'warn', BACKUP_SCHEDULE: 'off', ...env },
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const killer = setTimeout(() => child.kill('SIGKILL'), 90_000)
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  clearTimeout(killer)
  return { code, stdout, stderr }
}

const backups = async () => (await fs.readdir(backupDir).catch(() => [] as string[])).sort()

describe('starting today’s Hearth on an earlier version’s DATA_DIR', () => {
  it('stops on a failing migration with one line and the data as it was; then upgrades after one backup, which restores to the earlier schema', async () => {
    // the earlier version's install, and an object that makes 0032 fail (an administrator's column of that name)
    await withDatabaseOf(dataDir, async (client, url) => {
      const database = connectDatabase(url, { max: 1 })
      try {
        await seedAt(database.db, await migrateUpTo(database.db, EARLIER))
      } finally {
        await database.close()
      }
      await client.query('ALTER TABLE profiles ADD COLUMN language text')
    })

    const env = { DATA_DIR: dataDir, TRANSCRIBE_ENGINE: 'none' }
    const failed = await startUntilExit(env)
    expect(failed.code).toBe(1)
    const [first] = await backups()
    expect(await backups()).toEqual([expect.stringMatching(/^hearth-before-0030-[\dT-]+Z\.tar\.gz$/)])
    const backup = path.join(backupDir, first ?? '')
    // one line, no stack trace: which migration, PostgreSQL's reason, the data kept, how to go back
    expect(failed.stderr.trim().split('\n')).toEqual([
      '[hearth] could not upgrade the database: migration 0032_profile_language failed: column "language" of relation "profiles" ' +
        'already exists. The database is as it was: no migration of this start was kept. To go back, run the previous version of ' +
        `Hearth; or restore the backup taken before it: move DATA_DIR aside, then npm run restore -- ${backup}`,
    ])
    const since = migrationsFrom('0030_audit_ids_and_push_endpoints')
    expect(failed.stdout).toContain(
      `[hearth] ${since.length} migrations (0030_audit_ids_and_push_endpoints to ${since.at(-1)?.tag}) to apply: backed up to ${backup} first`,
    )
    // 0030 and 0031 ran in the same transaction as the failed 0032: neither was kept
    expect(
      await withDatabaseOf(dataDir, async (client) => {
        const state = await stateOf(client)
        await client.query('ALTER TABLE profiles DROP COLUMN language')
        return state
      }),
    ).toEqual({ applied: appliedAtEarlier, people: 4, messages: 5, liked: true, language: true, senderRequired: true })

    // with the column gone, the next start upgrades, after exactly one more backup
    const upgraded = await startHearthProcess(env)
    const health = await fetch(`${upgraded.url}/api/health`)
    expect(health.status).toBe(200)
    upgraded.kill('SIGTERM')
    expect(await upgraded.exited).toBe(0)
    const taken = (await backups()).filter((name) => name !== first)
    expect(taken).toEqual([expect.stringMatching(/^hearth-before-0030-/)])
    expect(await withDatabaseOf(dataDir, stateOf)).toMatchObject({
      applied: appliedAtEarlier + since.length,
      language: true,
      senderRequired: false,
    })

    // the backup of that start, restored with `npm run restore`, is the install as it was: schema 0029, every row
    const restore = await promisify(execFile)(process.execPath, ['scripts/restore.ts', path.join(backupDir, taken[0] ?? '')], {
      cwd: root,
      env: { PATH: process.env.PATH, DATA_DIR: restoredDir },
    })
    expect(restore.stdout).toContain('[hearth] restored ')
    expect(await withDatabaseOf(restoredDir, stateOf)).toEqual({
      applied: appliedAtEarlier,
      people: 4,
      messages: 5,
      liked: true,
      language: false,
      senderRequired: true,
    })
  }, 240_000)
})
