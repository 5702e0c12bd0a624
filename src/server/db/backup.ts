import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** what a backup leaves out: scratch files, and the speech models Hearth downloads again */
const LEFT_OUT = ['./tmp', './models']
/** what restoring would overwrite: a DATA_DIR holding any of these is refused */
const KEPT = ['postgres', 'media', 'secrets.json']

export class BackupError extends Error {}

/** The embedded PostgreSQL's pid when it runs on `dataDir`'s cluster (its postmaster.pid names a live process). */
async function runningPostmaster(dataDir: string): Promise<number | null> {
  const content = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => null)
  const pid = Number.parseInt(content?.split('\n')[0] ?? '', 10)
  if (!Number.isInteger(pid) || pid <= 0) return null
  try {
    process.kill(pid, 0)
    return pid
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null
  }
}

async function refuseWhileRunning(dataDir: string, what: string) {
  const pid = await runningPostmaster(dataDir)
  if (pid) {
    throw new BackupError(
      `Hearth's PostgreSQL is running on ${dataDir} (pid ${pid}): stop Hearth first (for instance systemctl stop hearth), ` +
        `${what}, then start it again`,
    )
  }
}

/**
 * `npm run backup`: DATA_DIR as one compressed tar file, taken while Hearth is stopped: the embedded PostgreSQL's
 * cluster (a copy of a stopped cluster is a complete backup, PostgreSQL's "file system level backup"), the local
 * media, secrets.json and the outbox. Scratch files and downloaded models are left out. Written beside `file` and
 * renamed when complete, so a backup that was cut off is never taken for a whole one. Answers its size in bytes.
 */
export async function backupDataDir({ dataDir, file }: { dataDir: string; file: string }): Promise<number> {
  await fs.access(dataDir).catch(() => {
    throw new BackupError(`there is no DATA_DIR at ${dataDir}`)
  })
  await refuseWhileRunning(dataDir, 'back up')
  const partial = `${file}.partial`
  try {
    // --dereference: as root the cluster may be a link into /var/lib/hearth/clusters (decision 46); the copy holds the cluster
    await run('tar', [
      '--create',
      '--gzip',
      '--dereference',
      `--file=${partial}`,
      ...LEFT_OUT.map((p) => `--exclude=${p}`),
      `--directory=${dataDir}`,
      '.',
    ])
    await run('tar', ['--list', '--gzip', `--file=${partial}`]) // reads it back whole: a damaged file fails here
    await fs.rename(partial, file)
  } finally {
    await fs.rm(partial, { force: true })
  }
  return (await fs.stat(file)).size
}

/**
 * `npm run restore -- FILE`: puts a backup back into DATA_DIR, which must not hold a cluster, media or secrets
 * already (move it aside first: a restore never overwrites). Hearth must be stopped; start it afterwards.
 */
export async function restoreDataDir({ dataDir, file }: { dataDir: string; file: string }): Promise<void> {
  await fs.access(file).catch(() => {
    throw new BackupError(`there is no backup at ${file}`)
  })
  await refuseWhileRunning(dataDir, 'move DATA_DIR aside')
  const present = await fs.readdir(dataDir).catch(() => [] as string[])
  const clash = KEPT.filter((name) => present.includes(name))
  if (clash.length > 0) {
    throw new BackupError(`${dataDir} already holds ${clash.join(', ')}: move it aside (mv ${dataDir} ${dataDir}.old), then restore`)
  }
  await fs.mkdir(dataDir, { recursive: true })
  // as root, tar gives the files back to their owners (the cluster belongs to the `postgres` user, decision 46)
  await run('tar', ['--extract', '--gzip', `--file=${path.resolve(file)}`, `--directory=${dataDir}`])
}
