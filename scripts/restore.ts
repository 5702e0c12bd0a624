import { restoreDataDir } from '#server/db/backup.ts'
import { parseEnvOrExit } from '#server/env.ts'

/** `npm run restore -- FILE`: with Hearth stopped, puts a backup of `npm run backup` back into an empty DATA_DIR. */
const env = parseEnvOrExit(process.env)
const file = process.argv[2]
if (!file) {
  console.error('[hearth] restore: name the backup file: npm run restore -- hearth-backup-2026-11-25.tar.gz')
  process.exit(1)
}
try {
  await restoreDataDir({ dataDir: env.dataDir, file })
  console.log(`[hearth] restored ${file} into ${env.dataDir}; start Hearth (npm start)`)
} catch (error) {
  // one line, whatever failed: restoreDataDir says why in its BackupErrors, and left DATA_DIR as it was
  console.error(`[hearth] restore: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`)
  process.exitCode = 1
}
