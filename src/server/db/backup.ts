import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { childEnv } from '#server/child-env.ts'
import { readTarEntries, TarFormatError, type TarEntry } from './tar-entries.ts'

const execute = promisify(execFile)
/** tar and gzip, with none of Hearth's environment (nor a TAR_OPTIONS or GZIP of the person who runs it) */
const run = (file: string, args: string[]) => execute(file, args, { env: childEnv(), maxBuffer: 16 * 1024 * 1024 })

/** what a backup leaves out: scratch files, the speech models Hearth downloads again, and the backups themselves */
const LEFT_OUT = ['tmp', 'models', 'backups']
/** what restoring would overwrite: a DATA_DIR holding any of these is refused */
const KEPT = ['postgres', 'media', 'secrets.json']
/**
 * What says an archive is a backup of Hearth's, written first into each (`{ kind, version, createdAt, online }`).
 * Backups made before it was (decision 196) are recognised by their secrets.json.
 */
const MANIFEST = 'hearth-backup.json'
const MANIFEST_VERSION = 1
/**
 * How each file goes into a backup: the files links point to rather than links (as root the cluster may be a link
 * into /var/lib/hearth/clusters, decision 46), each file whole rather than as a hard link to another, without setuid
 * or setgid bits. A restore refuses links and those bits (decision 196), so a backup never holds them.
 */
const AS_PLAIN_FILES = ['--dereference', '--hard-dereference', '--mode=ug-s']

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

/**
 * `hearth-before-0030-2026-12-07T20-30-00Z.tar.gz`: the backup a start took before it applied migration 0030 and the
 * ones after it (decision 215). Named apart from the scheduled ones, so that their pruning by age never removes it
 * and it never pushes one of them out; the start keeps the newest PRE_MIGRATION_BACKUPS_KEPT.
 */
const PRE_MIGRATION_NAME = /^hearth-before-\d+-.*\.tar\.gz$/
const PRE_MIGRATION_LEFTOVER = /^hearth-before-\d+-.*\.tar\.gz\.(partial|partial\.gz|staging)$/
export const PRE_MIGRATION_BACKUPS_KEPT = 3

/** The name of the backup taken at `now` before the migration tagged `migration` (`0030_audit_ids...`) and later ones. */
export function preMigrationBackupName(migration: string, now: Date): string {
  const number = /^\d+/.exec(migration)?.[0] ?? 'next'
  return `hearth-before-${number}-${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z.tar.gz`
}

/**
 * Keeps the newest `keep` pre-migration backups in `dir` (by the time their file was written) and deletes the older
 * ones, with what such a backup cut off left behind; never touches the scheduled backups. Answers the files removed.
 */
export async function prunePreMigrationBackups(dir: string, keep = PRE_MIGRATION_BACKUPS_KEPT): Promise<string[]> {
  const names = await fs.readdir(dir).catch(() => [] as string[])
  const backups: { name: string; written: number }[] = []
  for (const name of names.filter((name) => PRE_MIGRATION_NAME.test(name))) {
    const stat = await fs.stat(path.join(dir, name)).catch(() => null)
    if (stat) backups.push({ name, written: stat.mtime.getTime() })
  }
  backups.sort((a, b) => b.written - a.written || b.name.localeCompare(a.name))
  const removed = [...backups.slice(keep).map(({ name }) => name), ...names.filter((name) => PRE_MIGRATION_LEFTOVER.test(name))]
  for (const name of removed) await fs.rm(path.join(dir, name), { recursive: true, force: true })
  return removed
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
    await run('tar', args)
  } catch (error) {
    if (!(changing && (error as { code?: number }).code === 1)) throw error
  }
}

/** DATA_DIR's entries a backup holds: not the left-out ones, nor the folder the backup itself is written to */
export async function entriesToKeep(dataDir: string, file: string): Promise<string[]> {
  const [holdingBackup] = path.relative(dataDir, file).split(path.sep)
  const names = await fs.readdir(dataDir).catch(() => [] as string[])
  return names.filter((name) => !LEFT_OUT.includes(name) && name !== holdingBackup)
}

type BackupOptions = {
  dataDir: string
  file: string
  /**
   * who takes an online backup of a running embedded PostgreSQL: the role `hearth` (secrets.json's
   * appDatabasePassword), which has the REPLICATION attribute and may run pg_backup_start/stop (decision 208)
   */
  database?: { user: string; password: string }
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
export async function backupDataDir({ dataDir, file, database, listMediaKeys }: BackupOptions) {
  await fs.access(dataDir).catch(() => {
    throw new BackupError(`there is no DATA_DIR at ${dataDir}`)
  })
  // a backup holds the database and secrets.json: only its owner reads it
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
  const partial = `${file}.partial`
  const staging = `${file}.staging`
  const postmaster = await runningPostmaster(dataDir)
  const leftovers = [partial, `${partial}.gz`, staging]
  try {
    // Every file and folder of a backup is its owner's alone from its first byte, whatever BACKUP_DIR's mode and the
    // umask: created private (the mode given at creation, on files made anew), never opened up then closed. tar
    // writes into the empty file made here and keeps its mode; gzip makes its own output 0600 and copies the mode of
    // its input. What a backup cut off left is removed first: it was made with whatever mode it had.
    await Promise.all(leftovers.map((leftover) => fs.rm(leftover, { recursive: true, force: true })))
    await fs.mkdir(staging, { mode: 0o700 })
    await fs.writeFile(partial, '', { mode: 0o600, flag: 'wx' })
    const manifest = { kind: 'hearth-backup', version: MANIFEST_VERSION, createdAt: new Date().toISOString(), online: Boolean(postmaster) }
    await fs.writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest)}\n`, { mode: 0o600 })
    await tar(['--create', `--file=${partial}`, `--directory=${staging}`, MANIFEST])
    if (listMediaKeys) {
      const keys: string[] = []
      for await (const { key } of listMediaKeys()) keys.push(key)
      await fs.writeFile(path.join(staging, 'media-keys.txt'), keys.join('\n') + (keys.length ? '\n' : ''), { mode: 0o600 })
    }
    const names = await entriesToKeep(dataDir, file)
    if (postmaster && names.includes('postgres')) {
      if (!database) throw new BackupError('the embedded PostgreSQL runs, and secrets.json holds no password for it')
      await onlineClusterCopy({ dataDir, tarFile: partial, staging, port: postmaster.port, ...database })
      const rest = names.filter((name) => name !== 'postgres')
      if (rest.length > 0)
        await tar(['--append', ...AS_PLAIN_FILES, `--file=${partial}`, `--directory=${dataDir}`, ...rest], { changing: true })
    } else if (names.length > 0) {
      // (with DATABASE_URL, Hearth may run meanwhile: a recording stored or removed during the copy is no error)
      await tar(['--append', ...AS_PLAIN_FILES, `--file=${partial}`, `--directory=${dataDir}`, ...names], { changing: true })
    }
    if (listMediaKeys) await tar(['--append', `--file=${partial}`, `--directory=${staging}`, 'media-keys.txt'])
    await run('gzip', ['--force', partial])
    await run('tar', ['--list', '--gzip', `--file=${partial}.gz`]) // reads it back whole: a damaged file fails here
    await fs.rename(`${partial}.gz`, file)
  } finally {
    await Promise.all(leftovers.map((leftover) => fs.rm(leftover, { recursive: true, force: true })))
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
  user,
  password,
}: {
  dataDir: string
  tarFile: string
  staging: string
  port: number
  user: string
  password: string
}) {
  const clusterDir = await fs.realpath(path.join(dataDir, 'postgres'))
  // (in `hearth`: the grant on pg_backup_start/stop is made in that database, decision 208)
  const client = new pg.Client({ host: '127.0.0.1', port, user, password, database: 'hearth' })
  await client.connect()
  try {
    const slot = `hearth_backup_${randomBytes(6).toString('hex')}`
    // temporary: dropped when this session ends, however it ends; it holds the WAL from now on until then
    await client.query('SELECT pg_create_physical_replication_slot($1, true, true)', [slot])
    const started = await client.query<{ wal: string }>(`SELECT pg_walfile_name(pg_backup_start($1, true)) AS wal`, ['hearth'])
    await tar(
      [
        '--append',
        ...AS_PLAIN_FILES,
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
      '--mode=ug-s',
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

/** The size of the newest backup in `dir`, or null when there is none yet. */
export async function newestBackupBytes(dir: string): Promise<number | null> {
  let newest: { at: number; bytes: number } | null = null
  for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
    if (!BACKUP_NAME.test(name)) continue
    const stat = await fs.stat(path.join(dir, name)).catch(() => null)
    if (stat && (!newest || stat.mtimeMs > newest.at)) newest = { at: stat.mtimeMs, bytes: stat.size }
  }
  return newest?.bytes ?? null
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

/** The member `name` of a backup, relative to DATA_DIR (without `./`), or null when it would land outside it. */
function memberPath(name: string): string | null {
  const parts = name.split('/').filter((part) => part !== '' && part !== '.')
  if (name.startsWith('/') || parts.length === 0 || parts.includes('..')) return null
  return parts.join('/')
}

/**
 * Why the archive `file` cannot be restored, in one line, or null: what is not a Hearth backup, and what no backup of
 * Hearth holds and a crafted archive could use to write outside DATA_DIR or plant a program (links, devices, FIFOs,
 * setuid and setgid bits, paths outside it).
 */
function whyNotABackup(file: string, entries: TarEntry[], manifest: Buffer | undefined): string | null {
  for (const entry of entries) {
    const where = memberPath(entry.name)
    if (!where) return `${file} holds ${JSON.stringify(entry.name)}, a path not inside DATA_DIR: it is not a Hearth backup`
    if (entry.type !== 'file' && entry.type !== 'directory')
      return `${file} holds ${where} as a ${entry.type}: a Hearth backup holds only files and folders`
    if (entry.mode & 0o6000) return `${file} holds ${where} with the setuid or setgid bit: a Hearth backup holds no such file`
  }
  const names = new Set(entries.map((entry) => memberPath(entry.name)))
  if (manifest === undefined) {
    // backups made before the manifest (decision 196) hold DATA_DIR's secrets.json
    if (names.has('secrets.json')) return null
    return `${file} is not a Hearth backup: it holds neither ${MANIFEST} nor secrets.json`
  }
  let read: unknown
  try {
    read = JSON.parse(manifest.toString('utf8'))
  } catch {
    read = null
  }
  const { kind, version } = (read ?? {}) as { kind?: unknown; version?: unknown }
  if (kind !== 'hearth-backup') return `${file} is not a Hearth backup: its ${MANIFEST} does not say it is one`
  if (version !== MANIFEST_VERSION)
    return `${file} is a Hearth backup of version ${String(version)}, which this Hearth cannot restore: upgrade Hearth`
  return null
}

/** What a member extracted from the archive is not allowed to be (tar checked the same members; this checks what it made). */
async function whyNotPlain(folder: string, under = ''): Promise<string | null> {
  for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
    const name = path.join(under, entry.name)
    const stat = await fs.lstat(path.join(folder, entry.name))
    if (!stat.isFile() && !stat.isDirectory()) return `${name} is not a file nor a folder`
    if (stat.isFile() && stat.nlink > 1) return `${name} is a hard link`
    if (stat.mode & 0o6000) return `${name} has the setuid or setgid bit`
    if (stat.isDirectory()) {
      const inside = await whyNotPlain(path.join(folder, entry.name), name)
      if (inside) return inside
    }
  }
  return null
}

/** The last line tar wrote to say why it failed. */
const tarSays = (error: unknown) =>
  ((error as { stderr?: string }).stderr ?? '').trim().split('\n').at(-1) || (error as Error).message.split('\n')[0]

/**
 * `npm run restore -- FILE`: puts a backup back into DATA_DIR, which must not hold a cluster, media or secrets
 * already (move it aside first: a restore never overwrites). Hearth must be stopped; start it afterwards. A backup
 * of a running cluster holds a backup_label and its WAL: the first start replays that WAL before it serves.
 *
 * The archive is read whole before anything is written (decision 196): it must be a Hearth backup (its manifest, or
 * the secrets.json of a backup made before there was one) holding only files and folders inside DATA_DIR, without
 * setuid or setgid bits. It is extracted into a folder beside what it fills, checked again there, then moved in; a
 * restore that fails at any point leaves DATA_DIR as it was and throws a BackupError that says why in one line.
 */
export async function restoreDataDir({ dataDir, file }: { dataDir: string; file: string }): Promise<void> {
  const stat = await fs.stat(file).catch(() => null)
  if (!stat?.isFile()) throw new BackupError(`there is no backup at ${file}`)
  const postmaster = await runningPostmaster(dataDir)
  if (postmaster) {
    throw new BackupError(
      `Hearth's PostgreSQL is running on ${dataDir} (pid ${postmaster.pid}): stop Hearth first (for instance systemctl stop hearth), ` +
        'move DATA_DIR aside, then start it again',
    )
  }
  const read = await readTarEntries(file, (name) => memberPath(name) === MANIFEST).catch((error: unknown) => {
    if (error instanceof TarFormatError) throw new BackupError(`${file} is not a Hearth backup: ${error.message}`)
    throw error
  })
  const manifest = [...read.contents].find(([name]) => memberPath(name) === MANIFEST)?.[1]
  const refused = whyNotABackup(file, read.entries, manifest)
  if (refused) throw new BackupError(refused)

  const present = await fs.readdir(dataDir).catch(() => null)
  const restored = [...new Set(read.entries.map((entry) => (memberPath(entry.name) ?? '').split('/')[0] ?? ''))].filter(
    (name) => name !== MANIFEST,
  )
  const clash = [...new Set([...KEPT, ...restored])].filter((name) => present?.includes(name))
  if (clash.length > 0) {
    throw new BackupError(`${dataDir} already holds ${clash.join(', ')}: move it aside (mv ${dataDir} ${dataDir}.old), then restore`)
  }

  // beside what it fills, on the same file system: moved in by renames. A new DATA_DIR is the folder itself, renamed
  // whole; into an existing one (holding backups/ or models/, say) each restored entry is renamed in turn.
  const suffix = randomBytes(6).toString('hex')
  const holder = present ? path.join(dataDir, `.restoring-${suffix}`) : `${dataDir}.restoring-${suffix}`
  const moved: string[] = []
  try {
    await fs.mkdir(path.dirname(holder), { recursive: true })
    // a new DATA_DIR gets the mode mkdir gives it, as before; a holder inside one is private
    await fs.mkdir(holder, present ? { mode: 0o700 } : {})
    // as root, tar gives the files back to their owners (the cluster belongs to the `postgres` user, decision 46)
    await run('tar', ['--extract', '--gzip', `--file=${path.resolve(file)}`, `--directory=${holder}`]).catch((error: unknown) => {
      throw new BackupError(`could not extract ${file}: ${tarSays(error)}`)
    })
    await fs.rm(path.join(holder, MANIFEST), { force: true })
    const extracted = await whyNotPlain(holder)
    if (extracted) throw new BackupError(`${file} is not a Hearth backup: ${extracted}`)
    if (!present) {
      await fs.rename(holder, dataDir)
      return
    }
    for (const name of await fs.readdir(holder)) {
      await fs.rename(path.join(holder, name), path.join(dataDir, name))
      moved.push(name)
    }
  } catch (error) {
    for (const name of moved) await fs.rename(path.join(dataDir, name), path.join(holder, name)).catch(() => undefined)
    if (error instanceof BackupError) throw error
    throw new BackupError(`could not restore ${file} into ${dataDir}: ${(error as Error).message.split('\n')[0]}`)
  } finally {
    await fs.rm(holder, { recursive: true, force: true })
  }
}
