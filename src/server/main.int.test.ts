import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from './db/embedded-postgres.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const dataDir = await fs.mkdtemp('/tmp/hearth-int-main-')
await fs.chmod(dataDir, 0o755) // (mkdtemp makes it 700; the postgres user must reach the cluster inside)
const running = new Set<ChildProcess>()

/** `npm start`'s server as its own process, on its own embedded PostgreSQL; answers its output so far and its exit. */
async function startHearth() {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', TRANSCRIBE_ENGINE: 'none', LOG_LEVEL: 'warn' },
  })
  running.add(child)
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => (running.delete(child), resolve(code))))
  await expect.poll(() => output, { timeout: 60_000, interval: 100 }).toMatch(/ready at /)
  return { port, output: () => output, exited, signal: (name: NodeJS.Signals) => child.kill(name) }
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
    second.signal('SIGTERM')
    expect(await second.exited).toBe(0)
  }, 120_000)
})
