import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { freePort } from '#server/db/embedded-postgres.ts'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const running = new Set<ChildProcess>()

export type HearthProcess = Awaited<ReturnType<typeof startHearthProcess>>

/**
 * `npm start`'s server (`src/server/main.ts`) as its own process on a free loopback port (or `env.PORT`), with only
 * PATH and `env` in its environment, from the moment it is spawned: `ready` settles once it logged "ready at" (and
 * fails if it stopped before). For a test that cuts a start short; startHearthProcess waits for it. Imports no test
 * runner.
 */
export async function spawnHearthProcess(env: Record<string, string>) {
  const port = env.PORT ? Number(env.PORT) : await freePort()
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: root,
    // no scheduled backup of a test's install (a run at 03:30 UTC would take one)
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      BACKUP_SCHEDULE: 'off',
      DISK_FLOOR_MB: '0',
      ...env,
    },
  })
  running.add(child)
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => (running.delete(child), resolve(code))))
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => output.includes('ready at ') && resolve())
    child.once('exit', () => reject(new Error(`Hearth stopped before it was ready:\n${output}`)))
  })
  // a caller that cuts the start short may never wait for it
  ready.catch(() => undefined)
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid as number,
    ready,
    exited,
    output: () => output,
    kill: (signal: NodeJS.Signals) => child.kill(signal),
  }
}

/** spawnHearthProcess, answered once the server is ready. */
export async function startHearthProcess(env: Record<string, string>) {
  const hearth = await spawnHearthProcess(env)
  await hearth.ready
  return hearth
}

/** Kills every process startHearthProcess started that still runs (a test's afterAll). */
export function killHearthProcesses() {
  for (const child of running) child.kill('SIGKILL')
}
