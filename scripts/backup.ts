import path from 'node:path'
import { BackupError, backupDataDir } from '#server/db/backup.ts'
import { parseEnvOrExit } from '#server/env.ts'

/**
 * `npm run backup [-- FILE]`: with Hearth stopped, writes DATA_DIR (the embedded PostgreSQL, media, secrets) to
 * FILE, by default hearth-backup-YYYY-MM-DD.tar.gz here. See docs/deploy.md, "Backups".
 */
const env = parseEnvOrExit(process.env)
const file = path.resolve(process.argv[2] ?? `hearth-backup-${new Date().toISOString().slice(0, 10)}.tar.gz`)
try {
  const bytes = await backupDataDir({ dataDir: env.dataDir, file })
  console.log(`[hearth] backed up ${env.dataDir} to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB)`)
  if (env.DATABASE_URL)
    console.log('[hearth] DATABASE_URL is set: the database is not in this file; back it up with pg_dump (docs/deploy.md)')
} catch (error) {
  if (!(error instanceof BackupError)) throw error
  console.error(`[hearth] backup: ${error.message}`)
  process.exitCode = 1
}
