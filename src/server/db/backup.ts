import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

const run = promisify(execFile)

/** what a backup leaves out: scratch files, the speech models Hearth downloads again, and the backups themselves */
const LEFT_OUT = ['tmp', 'models', 'backups']
/** what restoring would overwrite: a DATA_DIR holding any of these is refused */
const KEPT = ['postgres', 'media', 'secrets.json']

/**
 * What a copy of a running cluster leaves out (PostgreSQL's list for base backups): files the server rebuilds at
 * start, and the WAL, of which the backup adds only the segments from its start to its stop.
 */
const LEFT_OUT_OF_RUNNING_CLUSTER = [
  'postgres/postmaster.pid',
  'postgres/postmaster.opts',
  'postgres/backup_label',
  'postgres/tablespace_map',
  'postgres/current_logfiles',
  'postgres/backup_manifest',
  'postgres/pg_wal/*',
  'postgres/pg_replslot/*',
  'postgres/pg_dynshmem/*',
  'postgres/pg_notify/*',
  'postgres/pg_serial/*',
  'postgres/pg_snapshots/*',
  'postgres/pg_stat_tmp/*',
  'postgres/pg_subtrans/*',
  'pg_internal.init',
  'pgsql_tmp*',
]

const WAL_SEGMENT = /^[0-9A-F]{24}$/
/** `hearth-backup-2026-11-26T03-30-00Z.tar.gz`: sorts by time, and the prune recognises its own files */
const BACKUP_NAME = /^hearth-backup-.*\.tar\.gz$/
/** what a backup cut off by a stop or a crash left beside its file */
const LEFTOVER_NAME = /^hearth-backup-.*\.tar\.gz\.(partial|partial\.gz|staging)$/
const DAY_MS = 24 * 60 * 60 * 1000

export class BackupError extends Error {}

/** The name of a backup taken at `now`, in BACKUP_DIR. */
export function backupFileName(now: Date): string {
  return `hearth-backup-${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z.tar.gz`
}

/** The embedded PostgreSQL's pid and port when it runs on `dataDir`'s cluster (its postmaster.pid names a live process). */
async function runningPostmaster(dataDir: string): Promise<{ pid: number; port: number } | null> {
  const content = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => null)
  const lines = content?.split('\n') ?? []
  const pid = Number.parseInt(lines[0] ?? '', 10)
  const port = Number.parseInt(lines[3] ?? '', 10)
  if (!Number.isInteger(pid) || pid <= 0) return null
  try {
    process.kill(pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null
  }
  return { pid, port }
}

/**
 * tar, where exit code 1 ("a file changed as we read it") may be expected: the WAL repairs a running cluster's
 * files, and a recording stored or removed while the media folder is copied is no error
 */
async function tar(args: string[], { changing = false } = {}): Promise<void> {
  try {
    await run('tar', args, { maxBuffer: 16 * 1024 * 1024 })
  } catch (error) {
    if (!(changing && (error as { code?: number }).code === 1)) throw error
  }
}

/** DATA_DIR's entries a backup holds: not the left-out ones, nor the folder the backup itself is written to */
async function entriesToKeep(dataDir: string, file: string): Promise<string[]> {
  const [holdingBackup] = path.relative(dataDir, file).split(path.sep)
  const names = await fs.readdir(dataDir).catch(() => [] as string[])
  return names.filter((name) => !LEFT_OUT.includes(name) && name !== holdingBackup)
}

type BackupOptions = {
  dataDir: string
  file: string
  /** the embedded PostgreSQL's password (secrets.json), to take an online backup of a running cluster */
  postgresPassword?: string
  /** with object storage elsewhere (S3), the stored keys are listed in the backup (`media-keys.txt`) */
  listMediaKeys?: () => AsyncIterable<{ key: string }>
}

/**
 * `npm run backup` and the scheduled backup: DATA_DIR as one compressed tar file. With the embedded PostgreSQL
 * running, an online backup: PostgreSQL's low-level base backup (`pg_backup_start`, a copy of the cluster's files,
 * `pg_backup_stop`, whose `backup_label` goes into the copy) with the WAL segments from its start to its stop, which
 * a temporary replication slot keeps from being recycled meanwhile. Restored, PostgreSQL replays that WAL at start
 * and holds everything committed before the backup's stop (decision 159). Media, secrets.json and the outbox are
 * copied after the stop, so every recording a restored row names is in it (recordings are stored before their rows).
 * With the cluster stopped, a plain copy of its files. Written beside `file` and renamed when complete, so a backup
 * that was cut off is never taken for a whole one. Answers its size in bytes and whether the cluster was running.
 */
export async function backupDataDir({ dataDir, file, postgresPassword, listMediaKeys }: BackupOptions) {
  await fs.access(dataDir).catch(() => {
    throw new BackupError(`there is no DATA_DIR at ${dataDir}`)
  })
  // a backup holds the database and secrets.json: only its owner reads it
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
  const partial = `${file}.partial`
  const staging = `${file}.staging`
  const postmaster = await runningPostmaster(dataDir)
  try {
    await fs.mkdir(staging, { recursive: true })
    if (listMediaKeys) {
      const keys: string[] = []
      for await (const { key } of listMediaKeys()) keys.push(key)
      await fs.writeFile(path.join(staging, 'media-keys.txt'), keys.join('\n') + (keys.length ? '\n' : ''))
    }
    const names = await entriesToKeep(dataDir, file)
    if (postmaster && names.includes('postgres')) {
      if (!postgresPassword) throw new BackupError('the embedded PostgreSQL runs, and secrets.json holds no password for it')
      await onlineClusterCopy({ dataDir, tarFile: partial, staging, port: postmaster.port, password: postgresPassword })
      const rest = names.filter((name) => name !== 'postgres')
      // --dereference: as root the cluster may be a link into /var/lib/hearth/clusters (decision 46); the copy holds the cluster
      if (rest.length > 0)
        await tar(['--append', '--dereference', `--file=${partial}`, `--directory=${dataDir}`, ...rest], { changing: true })
    } else {
      // (with DATABASE_URL, Hearth may run meanwhile: a recording stored or removed during the copy is no error)
      await tar(['--create', '--dereference', `--file=${partial}`, `--directory=${dataDir}`, ...names], { changing: true })
    }
    if (listMediaKeys) await tar(['--append', `--file=${partial}`, `--directory=${staging}`, 'media-keys.txt'])
    await run('gzip', ['--force', partial])
    await fs.chmod(`${partial}.gz`, 0o600)
    await run('tar', ['--list', '--gzip', `--file=${partial}.gz`]) // reads it back whole: a damaged file fails here
    await fs.rename(`${partial}.gz`, file)
  } finally {
    await Promise.all([partial, `${partial}.gz`, staging].map((p) => fs.rm(p, { recursive: true, force: true })))
  }
  return { bytes: (await fs.stat(file)).size, online: Boolean(postmaster) }
}

/**
 * The running cluster into `tarFile` as `postgres/`: the files copied between pg_backup_start and pg_backup_stop,
 * then the backup_label it answers and the WAL segments the copy needs, from a staging folder.
 */
async function onlineClusterCopy({
  dataDir,
  tarFile,
  staging,
  port,
  password,
}: {
  dataDir: string
  tarFile: string
  staging: string
  port: number
  password: string
}) {
  const clusterDir = await fs.realpath(path.join(dataDir, 'postgres'))
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' })
  await client.connect()
  try {
    const slot = `hearth_backup_${randomBytes(6).toString('hex')}`
    // temporary: dropped when this session ends, however it ends; it holds the WAL from now on until then
    await client.query('SELECT pg_create_physical_replication_slot($1, true, true)', [slot])
    const started = await client.query<{ wal: string }>(`SELECT pg_walfile_name(pg_backup_start($1, true)) AS wal`, ['hearth'])
    await tar(
      [
        '--create',
        '--dereference',
        `--file=${tarFile}`,
        ...LEFT_OUT_OF_RUNNING_CLUSTER.map((pattern) => `--exclude=${pattern}`),
        `--directory=${dataDir}`,
        'postgres',
      ],
      { changing: true },
    )
    const stopped = await client.query<{ wal: string; labelfile: string; spcmapfile: string | null }>(
      'SELECT pg_walfile_name(lsn) AS wal, labelfile, spcmapfile FROM pg_backup_stop(false)',
    )
    const { wal: firstWal = '' } = started.rows[0] ?? {}
    const { wal: lastWal = '', labelfile = '', spcmapfile } = stopped.rows[0] ?? {}
    const cluster = path.join(staging, 'postgres')
    await fs.mkdir(path.join(cluster, 'pg_wal', 'archive_status'), { recursive: true, mode: 0o700 })
    await fs.mkdir(path.join(cluster, 'pg_wal', 'summaries'), { recursive: true, mode: 0o700 })
    await fs.writeFile(path.join(cluster, 'backup_label'), labelfile, { mode: 0o600 })
    if (spcmapfile) await fs.writeFile(path.join(cluster, 'tablespace_map'), spcmapfile, { mode: 0o600 })
    const segments = (await fs.readdir(path.join(clusterDir, 'pg_wal'))).filter(
      (name) => WAL_SEGMENT.test(name) && name >= firstWal && name <= lastWal,
    )
    if (!segments.includes(firstWal) || !segments.includes(lastWal)) {
      throw new BackupError(`the WAL from ${firstWal} to ${lastWal} is not all in ${clusterDir}/pg_wal`)
    }
    for (const name of segments) await fs.copyFile(path.join(clusterDir, 'pg_wal', name), path.join(cluster, 'pg_wal', name))
    // the added files belong to the cluster's owner, as the copied ones do (as root: the postgres user, decision 46)
    const owner = await fs.stat(clusterDir)
    if (process.getuid?.() === 0) await chownTree(cluster, owner.uid, owner.gid)
    await tar([
      '--append',
      `--file=${tarFile}`,
      `--directory=${staging}`,
      ...['postgres/backup_label', ...(spcmapfile ? ['postgres/tablespace_map'] : []), 'postgres/pg_wal'],
    ])
    await client.query('SELECT pg_drop_replication_slot($1)', [slot])
  } finally {
    await client.end().catch(() => undefined)
  }
}

async function chownTree(target: string, uid: number, gid: number): Promise<void> {
  await fs.chown(target, uid, gid)
  const entries = await fs.readdir(target, { withFileTypes: true }).catch(() => [])
  for (const entry of entries) await chownTree(path.join(target, entry.name), uid, gid)
}

/**
 * Deletes the backups in `dir` older than `keepDays` (by the time their file was written), and what backups cut off
 * more than a day ago left behind; answers how many backups went.
 */
export async function pruneBackups(dir: string, keepDays: number, now = new Date()): Promise<number> {
  let removed = 0
  for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
    const maxAge = BACKUP_NAME.test(name) ? keepDays * DAY_MS : LEFTOVER_NAME.test(name) ? DAY_MS : null
    if (maxAge === null) continue
    const stat = await fs.stat(path.join(dir, name)).catch(() => null)
    if (stat && stat.mtime.getTime() < now.getTime() - maxAge) {
      await fs.rm(path.join(dir, name), { recursive: true, force: true })
      if (BACKUP_NAME.test(name)) removed++
    }
  }
  return removed
}

/**
 * `npm run restore -- FILE`: puts a backup back into DATA_DIR, which must not hold a cluster, media or secrets
 * already (move it aside first: a restore never overwrites). Hearth must be stopped; start it afterwards. A backup
 * of a running cluster holds a backup_label and its WAL: the first start replays that WAL before it serves.
 */
export async function restoreDataDir({ dataDir, file }: { dataDir: string; file: string }): Promise<void> {
  await fs.access(file).catch(() => {
    throw new BackupError(`there is no backup at ${file}`)
  })
  const postmaster = await runningPostmaster(dataDir)
  if (postmaster) {
    throw new BackupError(
      `Hearth's PostgreSQL is running on ${dataDir} (pid ${postmaster.pid}): stop Hearth first (for instance systemctl stop hearth), ` +
        'move DATA_DIR aside, then start it again',
    )
  }
  const names = await fs.readdir(dataDir).catch(() => [] as string[])
  const clash = KEPT.filter((name) => names.includes(name))
  if (clash.length > 0) {
    throw new BackupError(`${dataDir} already holds ${clash.join(', ')}: move it aside (mv ${dataDir} ${dataDir}.old), then restore`)
  }
  await fs.mkdir(dataDir, { recursive: true })
  // as root, tar gives the files back to their owners (the cluster belongs to the `postgres` user, decision 46)
  await run('tar', ['--extract', '--gzip', `--file=${path.resolve(file)}`, `--directory=${dataDir}`])
}
