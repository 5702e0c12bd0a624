import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { freePort } from '#server/db/embedded-postgres.ts'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const running = new Set<ChildProcess>()

export type HearthProcess = Awaited<ReturnType<typeof startHearthProcess>>

/**
 * `npm start`'s server (`src/server/main.ts`) as its own process on a free loopback port, with only PATH and `env`
 * in its environment; answers once it logged "ready at". Imports no test runner.
 */
export async function startHearthProcess(env: Record<string, string>) {
  const port = await freePort()
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
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => output.includes('ready at ') && resolve())
    child.once('exit', () => reject(new Error(`Hearth stopped before it was ready:\n${output}`)))
  })
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid as number,
    exited,
    output: () => output,
    kill: (signal: NodeJS.Signals) => child.kill(signal),
  }
}

/** Kills every process startHearthProcess started that still runs (a test's afterAll). */
export function killHearthProcesses() {
  for (const child of running) child.kill('SIGKILL')
}
