import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { connectDatabase, runMigrations, type DbHandle } from '../src/server/db/client.ts'
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres.ts'

/** A throw-away embedded PostgreSQL with Hearth's migrations, for benchmarks. */
export async function startBenchDatabase(): Promise<DbHandle & { url: string; stop: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-bench-'))
  await fs.chmod(dir, 0o755)
  const database = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), password: 'hearth-bench', log: () => undefined })
  const handle = connectDatabase(database.url, { max: 20 })
  await runMigrations(handle.db)
  return {
    ...handle,
    url: database.url,
    stop: async () => {
      await handle.close()
      await database.stop()
      await fs.rm(dir, { recursive: true, force: true })
    },
  }
}

export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return NaN
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1)
  return sortedMs[Math.max(0, index)] as number
}

export const fmt = (ms: number) => `${ms.toFixed(2)} ms`
