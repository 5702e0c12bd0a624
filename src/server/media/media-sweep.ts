import fs from 'node:fs/promises'
import path from 'node:path'
import type { Database } from '#server/db/client.ts'
import { listReferencedKeys } from './media.queries.ts'
import type { ObjectStorage } from './storage.ts'

/**
 * Only what has not changed for this long is swept, so nothing in flight is ever touched: an upload being
 * received or decoded, a file stored a moment before its row is written, a transcription's work folder (an
 * attempt takes at most 20.5 minutes).
 */
export const SWEEP_GRACE_MS = 60 * 60 * 1000
const BATCH = 500

/** The newest change time of a temp entry: a work folder counts as busy while anything directly in it changes. */
async function lastChange(entryPath: string): Promise<number> {
  const stat = await fs.stat(entryPath)
  let newest = Math.max(stat.mtimeMs, stat.ctimeMs)
  if (stat.isDirectory()) {
    for (const child of await fs.readdir(entryPath)) {
      const childStat = await fs.stat(path.join(entryPath, child)).catch(() => null)
      if (childStat) newest = Math.max(newest, childStat.mtimeMs, childStat.ctimeMs)
    }
  }
  return newest
}

/**
 * Removes what a crash leaves behind: temporary uploads and speech work folders in DATA_DIR/tmp, and stored
 * media no row refers to (a file stored just before the process died, before its row was written; the
 * recordings of deleted accounts). Runs at start and periodically on every instance; it is safe to run twice.
 */
export function createMediaSweeper({ db, storage, tmpDir }: { db: Database; storage: ObjectStorage; tmpDir: string }) {
  async function sweepTemp(before: number): Promise<number> {
    let removed = 0
    for (const name of await fs.readdir(tmpDir).catch(() => [])) {
      const entryPath = path.join(tmpDir, name)
      const changed = await lastChange(entryPath).catch(() => null)
      if (changed === null || changed >= before) continue
      await fs.rm(entryPath, { recursive: true, force: true })
      removed += 1
    }
    return removed
  }

  async function sweepOrphans(before: number): Promise<number> {
    let removed = 0
    let batch: string[] = []
    const flush = async () => {
      const referenced = await listReferencedKeys(db, batch)
      const orphans = batch.filter((key) => !referenced.has(key))
      await Promise.all(orphans.map((key) => storage.remove(key)))
      removed += orphans.length
      batch = []
    }
    for await (const { key, storedAt } of storage.list()) {
      if (storedAt.getTime() >= before) continue
      batch.push(key)
      if (batch.length >= BATCH) await flush()
    }
    await flush()
    return removed
  }

  return {
    /** Answers what it removed. `now` is for tests, which look an hour ahead instead of waiting one. */
    async sweep(now = Date.now()): Promise<{ tempEntries: number; orphanedMedia: number }> {
      const before = now - SWEEP_GRACE_MS
      return { tempEntries: await sweepTemp(before), orphanedMedia: await sweepOrphans(before) }
    },
  }
}
