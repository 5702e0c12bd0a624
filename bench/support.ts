import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApp, type BuildAppOptions } from '#server/app.ts'
import { connectDatabase, runMigrations, type DbHandle } from '#server/db/client.ts'
import { startEmbeddedPostgres } from '#server/db/embedded-postgres.ts'
import { parseEnv } from '#server/env.ts'
import { createOutboxMailer } from '#server/notify/mailer.ts'

/** What `npm start` gives node (package.json): its flags, then the launcher. */
export async function npmStartArgs(): Promise<string[]> {
  const packageJson = await fs.readFile(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8')
  return (JSON.parse(packageJson) as { scripts: { start: string } }).scripts.start.split(' ').slice(1)
}

/**
 * A throw-away embedded PostgreSQL with Hearth's migrations, for benchmarks. `HEARTH_BENCH_KEEP_DIR=/some/dir` keeps
 * the database in that directory instead (created on the first run, reused and left in place afterwards), so a
 * statement can be tried again on a seeded data set without seeding it again; `keptName` keeps it in a subdirectory of
 * that name (one per seed variant).
 */
export async function startBenchDatabase(keptName?: string): Promise<DbHandle & { url: string; stop: () => Promise<void> }> {
  const keptRoot = process.env.HEARTH_BENCH_KEEP_DIR
  // one kept database per name (a seed variant's): each holds its own data set
  const kept = keptRoot && keptName ? path.join(keptRoot, keptName) : keptRoot
  const dir = kept ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-bench-')))
  if (kept) await fs.mkdir(kept, { recursive: true })
  await fs.chmod(dir, 0o755)
  const database = await startEmbeddedPostgres({
    dir: path.join(dir, 'pg'),
    password: 'hearth-bench',
    appPassword: 'hearth-bench-app',
    log: () => undefined,
  })
  const handle = connectDatabase(database.url, { max: 20 })
  await runMigrations(handle.db)
  return {
    ...handle,
    url: database.url,
    stop: async () => {
      await handle.close()
      await database.stop()
      if (!kept) await fs.rm(dir, { recursive: true, force: true })
    },
  }
}

/**
 * The whole app on a bench database, with fixed secrets and mail kept in an outbox. Rate limits and speech are off
 * unless `env` turns them on: they would compete with the figures a bench measures.
 */
export async function buildBenchApp(
  database: DbHandle,
  dataDir: string,
  env: Record<string, string> = {},
  options: Pick<BuildAppOptions, 'webDir'> = {},
) {
  const parsed = parseEnv({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://127.0.0.1:1',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    RATE_LIMIT_ENABLED: 'false',
    TRANSCRIBE_ENGINE: 'none',
    ...env,
  })
  const app = await buildApp({
    env: parsed,
    db: database.db,
    pool: database.pool,
    secrets: {
      authSecret: 'bench-secret-bench-secret-bench-secret',
      urlSigningKey: 'u'.repeat(40),
      postgresPassword: 'x'.repeat(16),
      appDatabasePassword: 'y'.repeat(16),
    },
    mailer: createOutboxMailer(path.join(dataDir, 'outbox'), parsed.MAIL_FROM, () => undefined),
    ...options,
  })
  return { app, env: parsed }
}

export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return NaN
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1)
  return sortedMs[Math.max(0, index)] as number
}

export const fmt = (ms: number) => `${ms.toFixed(2)} ms`

/** One measured figure, with the budget the issues set for it (lower is better unless `higherIsBetter`). */
export interface BenchFigure {
  measure: string
  value: number
  unit: string
  budget?: number
  higherIsBetter?: boolean
  /**
   * The same measure before the change that set its budget, as measured on a two-core machine on the date the
   * bench file gives: printed beside today's figure so a run shows both.
   */
  before?: number
}

/**
 * Prints a figure and, when `npm run bench` runs the benches (it sets BENCH_FIGURES_FILE), appends it as one JSON
 * line to that file, so the runner can end with one table of every measure against its budget.
 */
export async function reportFigure(figure: BenchFigure): Promise<void> {
  const budget = figure.budget === undefined ? '' : ` (budget ${figure.higherIsBetter ? '>=' : '<='} ${figure.budget} ${figure.unit})`
  console.log(`${figure.measure}: ${Number(figure.value.toFixed(2))} ${figure.unit}${budget}`)
  const file = process.env.BENCH_FIGURES_FILE
  if (file) await fs.appendFile(file, JSON.stringify(figure) + '\n')
}
