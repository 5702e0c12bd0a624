import path from 'node:path'
import type { Env } from '#server/env.ts'
import type { JobOutcome } from '#server/jobs/job-queue.ts'
import type { ObjectStorage } from '#server/media/storage.ts'
import { APP_ROLE } from './app-role.ts'
import { backupDataDir, backupFileName, pruneBackups } from './backup.ts'

type BackupJobDeps = {
  env: Env
  /** the embedded PostgreSQL's password for the role `hearth`; the backup is online while it runs */
  databasePassword: string
  storage: ObjectStorage
}

/** The scheduled backup (BACKUP_SCHEDULE): one file in BACKUP_DIR, then the backups older than BACKUP_KEEP_DAYS go. */
export function createBackupJobs({ env, databasePassword, storage }: BackupJobDeps) {
  return {
    async handleBackup(): Promise<JobOutcome> {
      const file = path.join(env.backupDir, backupFileName(new Date()))
      const { bytes } = await backupDataDir({
        dataDir: env.dataDir,
        file,
        database: { user: APP_ROLE, password: databasePassword },
        // objects in a bucket are kept by the bucket's own versioning; the backup records which keys it should hold
        listMediaKeys: env.STORAGE_DRIVER === 's3' ? () => storage.list() : undefined,
      })
      const pruned = await pruneBackups(env.backupDir, env.BACKUP_KEEP_DAYS)
      return { status: 'done', reason: `${file} (${(bytes / 1024 / 1024).toFixed(1)} MB); ${pruned} older removed` }
    },
  }
}
