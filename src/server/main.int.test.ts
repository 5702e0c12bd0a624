import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from './db/embedded-postgres.ts'
import { threadsOf } from './test/threads.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const dataDir = await fs.mkdtemp('/tmp/hearth-int-main-')
await fs.chmod(dataDir, 0o755) // (mkdtemp makes it 700; the postgres user must reach the cluster inside)
const running = new Set<ChildProcess>()

/**
 * `npm start`'s server as its own process, on its own embedded PostgreSQL; answers its output so far and its exit.
 * It leads a process group of its own, as a program started from a terminal does, so that `ctrlC` can do what the
 * terminal does: send SIGINT to the whole group (Hearth and every process it started).
 */
async function startHearth() {
  const port = await freePort()
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: root,
    detached: true,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', TRANSCRIBE_ENGINE: 'none', LOG_LEVEL: 'warn' },
  })
  running.add(child)
  let output = ''
  let errors = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => ((output += chunk.toString()), (errors += chunk.toString())))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => (running.delete(child), resolve(code))))
  await expect.poll(() => output, { timeout: 60_000, interval: 100 }).toMatch(/ready at /)
  return {
    port,
    pid: child.pid as number,
    output: () => output,
    errors: () => errors,
    exited,
    signal: (name: NodeJS.Signals) => child.kill(name),
    ctrlC: () => process.kill(-(child.pid as number), 'SIGINT'),
  }
}

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL')
  await fs.rm(dataDir, { recursive: true, force: true })
})

describe('the embedded PostgreSQL dies under a running Hearth', () => {
  it('exits with code 1 and one clear line, and the next start (what a supervisor does) recovers', async () => {
    const first = await startHearth()
    const postmaster = Number((await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0])
    const before = first.output().length
    process.kill(postmaster, 'SIGKILL')

    expect(await first.exited).toBe(1)
    // one clear line; besides it at most the structured warnings of work that met the dead database first, and no
    // bare stack trace of an unhandled rejection
    const after = first.output().slice(before).trim().split('\n')
    const clear =
      '[hearth] the embedded PostgreSQL stopped unexpectedly (killed by SIGKILL); exiting with code 1 so that a supervisor restarts Hearth'
    expect(after.filter((line) => line === clear)).toHaveLength(1)
    expect(after.filter((line) => line !== clear && !line.startsWith('{"level":40'))).toEqual([])

    const second = await startHearth()
    const health = await fetch(`http://127.0.0.1:${second.port}/api/health`)
    expect(await health.json()).toMatchObject({ status: 'ok', database: { status: 'up' } })
    // neither the first start of a new database nor a start with no migration pending takes a backup (decision 215)
    expect(await fs.readdir(path.join(dataDir, 'backups')).catch(() => [])).toEqual([])
    second.signal('SIGTERM')
    expect(await second.exited).toBe(0)
  }, 120_000)
})

describe('Ctrl-C in the terminal', () => {
  it('stops Hearth and its database with exit code 0, its start-up lines kept, and no error or stack trace', async () => {
    const hearth = await startHearth()
    expect(hearth.output()).toMatch(/^\[hearth\] embedded PostgreSQL on 127\.0\.0\.1:\d+, data in /m)
    expect(hearth.output()).toMatch(/^\[hearth\] ready at http:\/\/localhost:\d+ in \d+ ms$/m)
    const before = hearth.output().length
    hearth.ctrlC()

    expect(await hearth.exited).toBe(0)
    expect(hearth.errors()).toBe('')
    // only Hearth's own two lines: no warning of work that met a database the signal stopped first, no stack
    expect(hearth.output().slice(before).trim().split('\n')).toEqual([
      '[hearth] SIGINT: stopping (running requests and jobs get up to 8 s)',
      '[hearth] stopped',
    ])
    // the database stopped with it: the next start finds no server still running on the cluster
    await expect(fs.access(path.join(dataDir, 'postgres', 'postmaster.pid'))).rejects.toThrow()
  }, 120_000)
})

describe.skipIf(process.platform !== 'linux')("V8's helper threads", () => {
  it('run 10 nicer than the main thread, which stays where it was started', async () => {
    const hearth = await startHearth()
    const threads = threadsOf(hearth.pid)
    const helpers = threads.filter((thread) => thread.name === 'V8Worker')
    expect(helpers.length).toBeGreaterThan(0)
    // started as this test runs, at its niceness (0 unless the test itself was started nicer)
    const started = threadsOf('self').find((thread) => thread.name === 'MainThread')?.niceness ?? 0
    expect(threads.find((thread) => thread.name === 'MainThread')?.niceness).toBe(started)
    expect(new Set(helpers.map((thread) => thread.niceness))).toEqual(new Set([Math.min(19, started + 10)]))
    hearth.signal('SIGTERM')
    expect(await hearth.exited).toBe(0)
  }, 120_000)
})
