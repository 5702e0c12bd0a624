import fs from 'node:fs/promises'
import path from 'node:path'
import { APP_ROLE } from '#server/db/app-role.ts'
import { BackupError, backupDataDir, backupFileName } from '#server/db/backup.ts'
import { parseEnvOrExit } from '#server/env.ts'
import { createObjectStorage } from '#server/media/object-storage.ts'

/**
 * `npm run backup [-- FILE]`: writes DATA_DIR (the embedded PostgreSQL, media, secrets) to FILE, by default a
 * timestamped file in BACKUP_DIR, while Hearth runs (an online backup) or while it is stopped. See
 * docs/operations.md, "Backups".
 */
const env = parseEnvOrExit(process.env)
const file = path.resolve(process.argv[2] ?? path.join(env.backupDir, backupFileName(new Date())))
const secrets = JSON.parse(await fs.readFile(path.join(env.dataDir, 'secrets.json'), 'utf8').catch(() => '{}')) as {
  postgresPassword?: string
  appDatabasePassword?: string
}
// the role `hearth`, as the scheduled backup; a cluster no start of this version has prepared yet (an earlier
// version still running) has no such role, and its superuser takes the backup (decision 208)
const database = secrets.appDatabasePassword
  ? { user: APP_ROLE, password: secrets.appDatabasePassword }
  : secrets.postgresPassword
    ? { user: 'postgres', password: secrets.postgresPassword }
    : undefined
const objects = env.STORAGE_DRIVER === 's3' ? await createObjectStorage(env) : null
try {
  const { bytes, online } = await backupDataDir({
    dataDir: env.dataDir,
    file,
    database,
    listMediaKeys: objects ? () => objects.storage.list() : undefined,
  })
  const how = online ? ' (online: Hearth was running)' : ''
  console.log(`[hearth] backed up ${env.dataDir} to ${file}${how} (${(bytes / 1024 / 1024).toFixed(1)} MB)`)
  if (env.DATABASE_URL)
    console.log('[hearth] DATABASE_URL is set: the database is not in this file; back it up with pg_dump (docs/deploy.md)')
  if (objects) console.log('[hearth] STORAGE_DRIVER=s3: the file lists the stored keys; the bucket keeps the objects (docs/deploy.md)')
} catch (error) {
  if (!(error instanceof BackupError)) throw error
  console.error(`[hearth] backup: ${error.message}`)
  process.exitCode = 1
} finally {
  objects?.close()
}
