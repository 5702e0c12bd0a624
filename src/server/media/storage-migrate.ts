import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { ObjectStorage } from './storage.ts'

export type MigrationResult = { copied: number; skipped: number; failed: number }

/**
 * Copies every object of `from` (a local install's DATA_DIR/media) to `to` (S3). Resumable: an object already
 * there with the same size is skipped, so a run that stopped is simply run again. Each copy is checked by its size
 * afterwards; a mismatch or an error counts as failed, is named in the log, and the run goes on. Nothing is deleted.
 */
export async function migrateStorage({
  from,
  to,
  tmpDir,
  log,
}: {
  from: ObjectStorage
  to: ObjectStorage
  tmpDir: string
  log: (line: string) => void
}): Promise<MigrationResult> {
  const result: MigrationResult = { copied: 0, skipped: 0, failed: 0 }
  await fs.mkdir(tmpDir, { recursive: true })
  for await (const { key } of from.list()) {
    try {
      const expected = await from.size(key)
      if (expected === null) continue
      if ((await to.size(key)) === expected) {
        result.skipped++
        continue
      }
      // putFile moves a file in; the local original stays where it is
      const copy = path.join(tmpDir, `migrate-${randomBytes(6).toString('hex')}`)
      await pipeline(from.read(key), createWriteStream(copy))
      await to.putFile(key, copy).finally(() => fs.rm(copy, { force: true }))
      const stored = await to.size(key)
      if (stored !== expected) {
        result.failed++
        log(`storage:migrate: ${key} has ${stored ?? 'no'} bytes in the bucket, ${expected} here; run again to copy it again`)
        continue
      }
      result.copied++
      if (result.copied % 100 === 0) log(`storage:migrate: ${result.copied} copied so far`)
    } catch (error) {
      result.failed++
      log(`storage:migrate: ${key} could not be copied: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  log(`storage:migrate: ${result.copied} copied, ${result.skipped} already there, ${result.failed} failed`)
  return result
}
