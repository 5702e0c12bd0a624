import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { setTimeout as delay } from 'node:timers/promises'
import { isStorageUnavailable, type ObjectStorage } from './storage.ts'

export type MigrationResult = { copied: number; skipped: number; failed: number }

/** While the bucket cannot be reached, an object is tried again after 5 s, 10 s, 20 s... at most a minute apart, for an hour. */
const OUTAGE_FIRST_WAIT_MS = 5_000
const OUTAGE_LONGEST_WAIT_MS = 60_000
const OUTAGE_PATIENCE_MS = 60 * 60_000

/**
 * Copies every object of `from` (a local install's DATA_DIR/media) to `to` (S3). Resumable: an object already
 * there with the same size is skipped, so a run that stopped is simply run again. Each copy is checked by its size
 * afterwards; a mismatch or an error counts as failed, is named in the log, and the run goes on. A bucket that cannot
 * be reached is waited for (decision 216): the same object is tried again with growing waits for up to an hour, so
 * an outage mid-run does not count every object after it as failed. Nothing is deleted.
 */
export async function migrateStorage({
  from,
  to,
  tmpDir,
  log,
  wait = (ms: number) => delay(ms),
}: {
  from: ObjectStorage
  to: ObjectStorage
  tmpDir: string
  log: (line: string) => void
  /** how a wait for the bucket is made (tests make it short) */
  wait?: (ms: number) => Promise<unknown>
}): Promise<MigrationResult> {
  const result: MigrationResult = { copied: 0, skipped: 0, failed: 0 }
  await fs.mkdir(tmpDir, { recursive: true })

  /** One object: 'copied', 'skipped' or 'failed' (a size that differs afterwards), null when it is gone here. */
  async function copyOne(key: string): Promise<keyof MigrationResult | null> {
    const expected = await from.size(key)
    if (expected === null) return null
    if ((await to.size(key)) === expected) return 'skipped'
    // putFile moves a file in; the local original stays where it is
    const copy = path.join(tmpDir, `migrate-${randomBytes(6).toString('hex')}`)
    await pipeline(from.read(key), createWriteStream(copy))
    await to.putFile(key, copy).finally(() => fs.rm(copy, { force: true }))
    const stored = await to.size(key)
    if (stored === expected) return 'copied'
    log(`storage:migrate: ${key} has ${stored ?? 'no'} bytes in the bucket, ${expected} here; run again to copy it again`)
    return 'failed'
  }

  for await (const { key } of from.list()) {
    let waited = 0
    let next = OUTAGE_FIRST_WAIT_MS
    for (;;) {
      try {
        const outcome = await copyOne(key)
        if (outcome) result[outcome]++
        if (outcome === 'copied' && result.copied % 100 === 0) log(`storage:migrate: ${result.copied} copied so far`)
        break
      } catch (error) {
        if (isStorageUnavailable(error) && waited < OUTAGE_PATIENCE_MS) {
          log(`storage:migrate: the bucket cannot be reached (${error.kind}); trying ${key} again in ${Math.round(next / 1000)} s`)
          await wait(next)
          waited += next
          next = Math.min(next * 2, OUTAGE_LONGEST_WAIT_MS)
          continue
        }
        result.failed++
        log(`storage:migrate: ${key} could not be copied: ${error instanceof Error ? error.message : String(error)}`)
        break
      }
    }
  }
  log(`storage:migrate: ${result.copied} copied, ${result.skipped} already there, ${result.failed} failed`)
  return result
}
