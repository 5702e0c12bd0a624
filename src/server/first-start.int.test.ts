import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from './db/embedded-postgres.ts'

/**
 * A fresh clone: what `npm start` reads, copied beside the project (its node_modules linked), with nothing built yet.
 * Its first start builds the web app and compiles the server, in the process that then runs the server; the next
 * start finds both built.
 */
const project = fileURLToPath(new URL('../..', import.meta.url))
const clone = await fs.mkdtemp('/tmp/hearth-int-first-start-')
const dataDir = await fs.mkdtemp('/tmp/hearth-int-first-start-data-')
await fs.chmod(dataDir, 0o755) // (mkdtemp makes it 700; the postgres user must reach the cluster inside)
for (const entry of ['src', 'scripts', 'package.json', 'package-lock.json', 'tsconfig.json', 'vite.config.ts']) {
  await fs.cp(path.join(project, entry), path.join(clone, entry), { recursive: true })
}
await fs.symlink(path.join(project, 'node_modules'), path.join(clone, 'node_modules'))

const running = new Set<ChildProcess>()

/** `npm start` in the clone as a person runs it (no NODE_ENV, no SMTP_URL), until it is ready; then what it answers. */
async function startAndAsk(port: number) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: clone,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      TRANSCRIBE_ENGINE: 'none',
      MODEL_DOWNLOAD: 'false',
      LOG_LEVEL: 'warn',
    },
  })
  running.add(child)
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => (running.delete(child), resolve(code))))
  await expect.poll(() => output, { timeout: 120_000, interval: 200 }).toMatch(/ready at |could not start/)

  const base = `http://127.0.0.1:${port}`
  const config: unknown = await (await fetch(`${base}/api/config`)).json()
  const mailbox = (await fetch(`${base}/dev/mailbox`)).status
  child.kill('SIGTERM')
  expect(await exited).toBe(0)
  const lines = output.split('\n')
  return {
    built: lines.filter((line) => /building the web app|compiling the server/.test(line)),
    mailLine: lines.find((line) => line.startsWith('[hearth] no SMTP_URL')),
    config,
    mailbox,
  }
}

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL')
  await fs.rm(clone, { recursive: true, force: true })
  await fs.rm(dataDir, { recursive: true, force: true })
})

describe('the first start of a fresh clone', () => {
  it('builds, and then answers as every later start does: the local mailbox is offered and opens', async () => {
    const port = await freePort()
    const first = await startAndAsk(port)
    const second = await startAndAsk(port)

    // the first start did build both, the second neither: the two starts ran different code paths
    expect(first.built).toHaveLength(2)
    expect(second.built).toEqual([])

    expect(first.config).toEqual(second.config)
    expect(first.config).toMatchObject({ devMailboxEnabled: true })
    expect([first.mailbox, second.mailbox]).toEqual([200, 200])
    expect(first.mailLine).toBe(second.mailLine)
    expect(first.mailLine).toContain(`http://localhost:${port}/dev/mailbox`)
  }, 240_000)
})
