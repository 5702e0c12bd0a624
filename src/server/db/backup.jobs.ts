import fs from 'node:fs/promises'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import { formatBytes } from '#shared/disk.ts'
import type { Env } from '#server/env.ts'
import type { JobOutcome } from '#server/jobs/job-queue.ts'
import type { JobTablePart } from '#server/jobs/job-table.ts'
import { bytesUnder, fileSystemOf, type DiskGuard } from '#server/media/disk-space.ts'
import type { ObjectStorage } from '#server/media/storage.ts'
import { APP_ROLE } from './app-role.ts'
import { backupDataDir, backupFileName, entriesToKeep, newestBackupBytes, pruneBackups } from './backup.ts'

declare module '#server/jobs/job-queue.ts' {
  interface JobMap {
    /** scheduled (BACKUP_SCHEDULE): an online backup of DATA_DIR into BACKUP_DIR, and the prune of old ones */
    backup: Record<string, never>
  }
}

type BackupJobDeps = {
  env: Env
  /** the embedded PostgreSQL's password for the role `hearth`; the backup is online while it runs */
  databasePassword: string
  storage: ObjectStorage
  /** DATA_DIR's floor: a backup written beside DATA_DIR must leave it untouched */
  disk: Pick<DiskGuard, 'floorBytes'>
  log: Pick<FastifyBaseLogger, 'warn'>
}

/**
 * Whether a backup fits (decision 214). While it runs, the uncompressed archive and its compressed copy are both on
 * disk: it needs DATA_DIR's size plus the last backup's (DATA_DIR's size again before the first). When the backups
 * share DATA_DIR's file system, only the room above the floor counts. Answers null when it fits, else the plain line
 * the log and the job's outcome say.
 */
export function backupRoomShortfall({
  dataBytes,
  lastBackupBytes,
  freeBytes,
  floorBytes,
}: {
  dataBytes: number
  lastBackupBytes: number | null
  freeBytes: number
  /** the floor, or 0 when the backups are on another file system */
  floorBytes: number
}): string | null {
  const needed = dataBytes + (lastBackupBytes ?? dataBytes)
  const room = Math.max(0, freeBytes - floorBytes)
  if (needed <= room) return null
  const above = floorBytes > 0 ? ` above the ${formatBytes(floorBytes)} kept for the database` : ''
  return `backup skipped for lack of room: it needs about ${formatBytes(needed)} and ${formatBytes(room)} is free${above}; free some space or set BACKUP_DIR to a larger disk`
}

/** The scheduled backup (BACKUP_SCHEDULE): one file in BACKUP_DIR, then the backups older than BACKUP_KEEP_DAYS go. */
export function createBackupJobs({ env, databasePassword, storage, disk, log }: BackupJobDeps) {
  return {
    async handleBackup(): Promise<JobOutcome> {
      const file = path.join(env.backupDir, backupFileName(new Date()))
      const shortfall = await measureShortfall(env, file, disk.floorBytes)
      if (shortfall) {
        log.warn(shortfall)
        return { status: 'skipped', reason: shortfall }
      }
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

/** The backup's part of the job table: scheduled by BACKUP_SCHEDULE, and its schedule removed when that is `off`. */
export function backupJobTable(deps: BackupJobDeps): JobTablePart<'backup'> {
  const jobs = createBackupJobs(deps)
  const cron = deps.env.BACKUP_SCHEDULE === 'off' ? null : deps.env.BACKUP_SCHEDULE
  return { backup: { work: 'upkeep', handle: () => jobs.handleBackup(), cron } }
}

/** What the backup about to be written to `file` would hold, against the room where it goes. */
async function measureShortfall(env: Env, file: string, floorBytes: number): Promise<string | null> {
  let dataBytes = 0
  for (const name of await entriesToKeep(env.dataDir, file)) dataBytes += await bytesOf(path.join(env.dataDir, name))
  const [target, data] = await Promise.all([fileSystemOf(env.backupDir), fileSystemOf(env.dataDir)])
  return backupRoomShortfall({
    dataBytes,
    lastBackupBytes: await newestBackupBytes(env.backupDir),
    freeBytes: target.freeBytes,
    floorBytes: target.device === data.device ? floorBytes : 0,
  })
}

async function bytesOf(entry: string): Promise<number> {
  const stat = await fs.stat(entry).catch(() => null)
  if (!stat) return 0
  return stat.isDirectory() ? bytesUnder(entry) : stat.size
}
