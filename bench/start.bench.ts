/**
 * Start-up figures: time from `npm start` to a healthy /api/health on the first start
 * (database created) and on a second start, and resident memory of the server and of PostgreSQL when idle.
 * Run with `npm run bench:start`. Prints figures; asserts nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '#server/db/embedded-postgres.ts'
import { buildServerIfStale } from '../scripts/server-build.mjs'
import { buildWebIfStale } from '../scripts/web-build.mjs'
import { npmStartArgs, reportFigure } from './support.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
// the node flags of `npm start` itself (package.json), so that the figures are those of a real start
const startArgs = await npmStartArgs()

async function rssKb(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0)
}

/** CPU seconds (user + system) a process used so far: a start's cost that a busy machine does not inflate */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
  const [utime = 0, stime = 0] = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .slice(11, 13)
    .map(Number)
  return (utime + stime) / 100 // clock ticks (USER_HZ, 100 on Linux)
}

async function childrenOf(pid: number): Promise<number[]> {
  const found: number[] = []
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '')
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    if (ppid === pid) found.push(Number(entry))
  }
  return found
}

async function startOnce(dataDir: string, port: number): Promise<{ ms: number; cpu: number; child: ChildProcess }> {
  const started = performance.now()
  const child = spawn(process.execPath, startArgs, {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'production', MODEL_DOWNLOAD: 'false' },
    stdio: 'ignore',
  })
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) {
        return { ms: performance.now() - started, cpu: await cpuSeconds(child.pid ?? 0), child }
      }
    } catch {
      // not yet
    }
    if (child.exitCode !== null) throw new Error('server exited during start')
    await new Promise((r) => setTimeout(r, 25))
  }
}

async function stop(child: ChildProcess) {
  child.kill('SIGINT')
  await new Promise((r) => child.once('exit', r))
}

// both builds happen before the clock starts: the first start measures creating the database, not compiling
await buildWebIfStale(console.log)
await buildServerIfStale(console.log)
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-bench-'))
await fs.chmod(dataDir, 0o755)
const port = await freePort()

const first = await startOnce(dataDir, port)
await stop(first.child)
const second = await startOnce(dataDir, port)
await new Promise((r) => setTimeout(r, 3000)) // let it settle to idle
const serverPid = second.child.pid ?? 0
const postmaster = Number((await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0])
const pgPids = [postmaster, ...(await childrenOf(postmaster))]
const pgRss = (await Promise.all(pgPids.map(rssKb))).reduce((a, b) => a + b, 0)
const serverRss = await rssKb(serverPid)
await stop(second.child)
await fs.rm(dataDir, { recursive: true, force: true })

console.log(`first start (database created): ${(first.ms / 1000).toFixed(2)} s`)
console.log(`second start:                   ${(second.ms / 1000).toFixed(2)} s`)
console.log(
  `second start, server CPU:       ${second.cpu.toFixed(2)} s (user + system until healthy; load average ${os.loadavg()[0]?.toFixed(1)})`,
)
console.log(`server RSS idle:                ${(serverRss / 1024).toFixed(1)} MiB`)
console.log(`PostgreSQL RSS idle (${pgPids.length} processes, shared pages counted per process): ${(pgRss / 1024).toFixed(1)} MiB`)
// `before`: medians of seven runs of main before decision 184 (d1dce6a), on 2026-11-27 at load average 0.7-1.2 (2 cores)
await reportFigure({ measure: 'first start (database created) to healthy', value: first.ms / 1000, unit: 's' })
await reportFigure({ measure: 'second start to healthy', value: second.ms / 1000, unit: 's', budget: 1, before: 1.08 })
await reportFigure({ measure: 'second start, server CPU until healthy', value: second.cpu, unit: 's', before: 1.21 })
await reportFigure({ measure: 'server resident memory, idle', value: serverRss / 1024, unit: 'MiB', budget: 150, before: 181.8 })
await reportFigure({
  measure: `PostgreSQL resident memory, idle (${pgPids.length} processes, shared pages per process)`,
  value: pgRss / 1024,
  unit: 'MiB',
})
