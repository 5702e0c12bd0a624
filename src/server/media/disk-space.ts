import fs from 'node:fs/promises'
import path from 'node:path'
import { DiskFullError } from '#server/http/errors.ts'

export type DiskReading = {
  /** bytes an unprivileged process may still write on the file system that holds DATA_DIR */
  freeBytes: number
  sizeBytes: number
  floorBytes: number
  /** free space is under the floor: uploads are refused until it is back over it */
  low: boolean
}

/**
 * Total bytes of the files under `dir` (missing: 0). A link right under `dir` is followed (DATA_DIR's cluster kept
 * elsewhere, decision 46); deeper ones are not, so a link can never make the walk go round.
 */
export async function bytesUnder(dir: string, depth = 0): Promise<number> {
  let total = 0
  for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const entryPath = path.join(dir, entry.name)
    const stat = entry.isSymbolicLink() && depth === 0 ? await fs.stat(entryPath).catch(() => null) : entry
    if (stat?.isDirectory()) total += await bytesUnder(entryPath, depth + 1)
    else if (stat?.isFile()) total += (await fs.stat(entryPath).catch(() => null))?.size ?? 0
  }
  return total
}

/** `dir`, or its nearest existing parent (DATA_DIR or BACKUP_DIR before their first file). */
async function nearestExisting(dir: string): Promise<string> {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    try {
      await fs.access(at)
      return at
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || at === path.dirname(at)) throw error
    }
  }
}

/** The free space of the file system that holds `dir`, and which file system that is (its device number). */
export async function fileSystemOf(dir: string): Promise<{ freeBytes: number; sizeBytes: number; device: number }> {
  const at = await nearestExisting(dir)
  const [stats, { dev }] = await Promise.all([fs.statfs(at), fs.stat(at)])
  return { freeBytes: stats.bavail * stats.bsize, sizeBytes: stats.blocks * stats.bsize, device: dev }
}

/** How long one reading serves: a burst of uploads reads the file system once, and freed space is seen within it. */
export const DISK_READING_MAX_AGE_MS = 1500

/**
 * The free space of DATA_DIR's file system against the floor Hearth keeps for its database and WAL (DISK_FLOOR_MB,
 * decision 214). `fs.statfs` is read at most once per `maxAgeMs` (callers at the same moment share one read) and
 * never on a timer: nothing runs while nobody asks, and space freed by hand counts from the next reading on, without
 * a restart.
 */
export function createDiskGuard({
  dir,
  floorBytes,
  maxAgeMs = DISK_READING_MAX_AGE_MS,
}: {
  dir: string
  floorBytes: number
  maxAgeMs?: number
}) {
  let last: { at: number; reading: DiskReading } | null = null
  let pending: Promise<DiskReading> | null = null
  const measure = async (): Promise<DiskReading> => {
    const { freeBytes, sizeBytes } = await fileSystemOf(dir)
    return { freeBytes, sizeBytes, floorBytes, low: freeBytes < floorBytes }
  }
  const read = (): Promise<DiskReading> => {
    if (last && Date.now() - last.at < maxAgeMs) return Promise.resolve(last.reading)
    pending ??= measure()
      .then((reading) => ((last = { at: Date.now(), reading }), reading))
      .finally(() => (pending = null))
    return pending
  }
  return {
    floorBytes,
    read,
    /** Refuses with a 507 while free space is under the floor: called before an upload reads a byte. */
    async refuseWhenLow(): Promise<void> {
      if ((await read()).low) throw new DiskFullError()
    },
  }
}

export type DiskGuard = ReturnType<typeof createDiskGuard>
