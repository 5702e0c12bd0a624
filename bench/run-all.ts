/**
 * `npm run bench`: runs the benchmarks one after another, each in its own process with its own throw-away
 * database, and ends with one table of every figure they reported against its budget. Budgets are printed, never
 * asserted: the run ends with code 0 whatever the figures are (a bench that fails to run ends it with 1).
 *
 * Left out: `speech` (it measures real speech engines, and no real model can be downloaded here: the suite's
 * generated model would give meaningless figures), and `conversation` and `search` (their reads are measured by
 * `reads` on the million-message set, through the same services; run them alone for their smaller sets).
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildWebIfStale } from '../scripts/web-build.mjs'
import type { BenchFigure } from './support.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const BENCHES = ['directory', 'reads', 'realtime', 'load', 'roles', 'start', 'bundle', 'voice', 'playback', 'requests', 'faults']

const run = (file: string, env: NodeJS.ProcessEnv) =>
  new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, [file], { cwd: root, env, stdio: 'inherit' })
    child.once('exit', resolve)
  })

await buildWebIfStale(console.log)
const work = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-bench-all-'))
const figuresFile = path.join(work, 'figures.jsonl')
await fs.writeFile(figuresFile, '')
const failed: string[] = []
const started = performance.now()
for (const bench of BENCHES) {
  console.log(`\n===== ${bench} =====`)
  const benchStarted = performance.now()
  const code = await run(path.join('bench', bench === 'reads' ? 'reads.bench.ts' : `${bench}.bench.ts`), {
    ...process.env,
    BENCH_FIGURES_FILE: figuresFile,
  })
  if (code !== 0) failed.push(bench)
  console.log(`(${bench}: ${((performance.now() - benchStarted) / 1000).toFixed(0)} s${code === 0 ? '' : `, exit code ${code}`})`)
}

const figures = (await fs.readFile(figuresFile, 'utf8'))
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as BenchFigure)
await fs.rm(work, { recursive: true, force: true })

const figureText = (f: BenchFigure) => `${Number(f.value.toFixed(f.value < 10 ? 2 : 1)).toLocaleString('en')} ${f.unit}`
const budgetText = (f: BenchFigure) =>
  f.budget === undefined ? '' : `${f.higherIsBetter ? '>=' : '<='} ${f.budget.toLocaleString('en')} ${f.unit}`
const verdict = (f: BenchFigure) =>
  f.budget === undefined ? '' : (f.higherIsBetter ? f.value >= f.budget : f.value <= f.budget) ? 'within' : 'OVER'
const beforeText = (f: BenchFigure) => (f.before === undefined ? '' : figureText({ ...f, value: f.before }))
const rows = [
  ['measure', 'before', 'figure', 'budget', 'within/over'],
  ...figures.map((f) => [f.measure, beforeText(f), figureText(f), budgetText(f), verdict(f)]),
]
const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`
// the machine's load says how far the figures are from a quiet machine's
const load = os
  .loadavg()
  .map((n) => n.toFixed(1))
  .join(' / ')
console.log(
  `\n===== all figures (${((performance.now() - started) / 60_000).toFixed(1)} min, ${os.cpus().length} cores, load ${load} at the end) =====`,
)
console.log(line(rows[0]!))
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`)
for (const row of rows.slice(1)) console.log(line(row))
const over = figures.filter((f) => verdict(f) === 'OVER').length
console.log(`${figures.length} figures, ${over} over budget${failed.length ? `; benches that failed: ${failed.join(', ')}` : ''}`)
process.exitCode = failed.length ? 1 : 0
