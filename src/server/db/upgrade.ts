import path from 'node:path'
import type { Env } from '#server/env.ts'
import { APP_ROLE } from './app-role.ts'
import { backupDataDir, preMigrationBackupName, prunePreMigrationBackups } from './backup.ts'
import { MigrationError, runMigrations, type Database, type PendingMigrations } from './client.ts'

/** A start that could not upgrade the database: said in one line, and Hearth exits with code 1. */
export class UpgradeError extends Error {}

type UpgradeOptions = {
  db: Database
  env: Pick<Env, 'dataDir' | 'backupDir' | 'DATABASE_URL'>
  /** the embedded PostgreSQL's password for the role `hearth`, which takes the online backup (decision 208) */
  databasePassword: string
  say: (line: string) => void
}

const span = (pending: PendingMigrations['pending']) =>
  pending.length === 1 ? `migration ${pending[0]?.tag}` : `${pending.length} migrations (${pending[0]?.tag} to ${pending.at(-1)?.tag})`

/**
 * The migrations of a start (decision 215). Before an existing database is migrated, a backup of DATA_DIR with its
 * embedded PostgreSQL (the online backup of `npm run backup`) goes into BACKUP_DIR as `hearth-before-<first pending
 * migration>-<time>.tar.gz`; the newest three are kept. Taken under the migrations' lock, so only the instance that
 * migrates takes it; a start with nothing pending, and the first start of a new database, take none. The database of
 * DATABASE_URL is not Hearth's to copy: one line says so and the migrations go on. A backup that fails stops the start
 * before anything is migrated; a migration that fails leaves the database as it was (the pending migrations run in one
 * transaction). Either throws an UpgradeError whose message is the one line that says what failed and how to go back.
 */
export async function migrateWithBackup({ db, env, databasePassword, say }: UpgradeOptions): Promise<void> {
  let backup: string | null = null
  const beforeMigrating = async ({ pending, fresh }: PendingMigrations) => {
    if (fresh) return
    if (env.DATABASE_URL) {
      say(`${span(pending)} to apply to the database of DATABASE_URL, which Hearth does not back up: have a backup of your own first`)
      return
    }
    const file = path.join(env.backupDir, preMigrationBackupName(pending[0]?.tag ?? '', new Date()))
    const started = performance.now()
    try {
      const { bytes } = await backupDataDir({ dataDir: env.dataDir, file, database: { user: APP_ROLE, password: databasePassword } })
      const took = ((performance.now() - started) / 1000).toFixed(1)
      say(`${span(pending)} to apply: backed up to ${file} first (${(bytes / 1024 / 1024).toFixed(1)} MB, ${took} s)`)
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? ''
      throw new UpgradeError(
        `could not back up before applying ${span(pending)}, so none was applied: ${reason}. ` +
          'Make room in BACKUP_DIR (or point it elsewhere) and start again, or run the previous version of Hearth',
      )
    }
    backup = file
    await prunePreMigrationBackups(env.backupDir)
  }
  try {
    await runMigrations(db, { beforeMigrating })
  } catch (error) {
    if (!(error instanceof MigrationError)) throw error
    const wayBack = backup
      ? `; or restore the backup taken before it: move DATA_DIR aside, then npm run restore -- ${backup}`
      : env.DATABASE_URL
        ? '; or restore your own backup of that database'
        : ''
    throw new UpgradeError(
      `${error.message}. The database is as it was: no migration of this start was kept. ` +
        `To go back, run the previous version of Hearth${wayBack}`,
    )
  }
}
