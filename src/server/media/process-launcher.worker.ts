/**
 * Starts programs (ffmpeg, pocketsphinx) for the server, in a small child process of its own: starting a program
 * forks the process that starts it, which stops that process for as long as copying its memory map takes (about 10
 * ms for a server of 125 MiB, a millisecond or two for this one), so the server's answers no longer wait behind it
 * (decision 186). Started by `process-launcher.ts`; each program's output comes back over the IPC channel, in order,
 * then its end. Ends with the server: when the channel closes, it kills what it started and exits.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process'
import os from 'node:os'
import { childEnv } from '#server/child-env.ts'
import { executablePath, idlePriorityCommand } from './idle-priority.ts'

/** What the server asks: start a program (its output piped back when `stdout`), or send a signal to one. */
export type LauncherRequest =
  | { id: number; kind: 'start'; binary: string; args: string[]; stdout: boolean; niceness: number }
  | { id: number; kind: 'kill'; signal: NodeJS.Signals }
/** What comes back about each program, in this order: its pid, output, then exactly one 'error' or 'close'. */
export type LauncherReply =
  | { id: number; kind: 'started'; pid: number }
  | { id: number; kind: 'stdout' | 'stderr'; data: Uint8Array }
  | { id: number; kind: 'error'; message: string; code?: string }
  | { id: number; kind: 'close'; code: number | null; signal: NodeJS.Signals | null }

const running = new Map<number, ChildProcess>()
const reply = (message: LauncherReply) => process.send?.(message)
// programs run at the idle scheduling class where the system allows it (decision 190), and at `niceness` either way
const [runner, ...runnerArgs] = idlePriorityCommand() ?? []

function start({ id, binary, args, stdout, niceness }: Extract<LauncherRequest, { kind: 'start' }>) {
  // the programs read uploaded files: they get none of Hearth's secrets (docs/security.md)
  const options: SpawnOptions = { env: childEnv(), stdio: ['ignore', stdout ? 'pipe' : 'ignore', 'pipe'] }
  // a program that is not there is started directly, so that it fails as one (ENOENT) rather than as chrt's exit code
  const found = runner ? executablePath(binary) : null
  const child = runner && found ? spawn(runner, [...runnerArgs, found, ...args], options) : spawn(binary, args, options)
  running.set(id, child)
  if (child.pid !== undefined) {
    try {
      os.setPriority(child.pid, niceness)
    } catch {
      // ended already, or the system does not let us (this process runs nicer still): nothing to lower
    }
    reply({ id, kind: 'started', pid: child.pid })
  }
  child.stdout?.on('data', (data: Buffer) => reply({ id, kind: 'stdout', data }))
  child.stderr?.on('data', (data: Buffer) => reply({ id, kind: 'stderr', data }))
  // a program that cannot start emits 'error' and then 'close'; the server hears one of them
  let ended = false
  child.on('error', (error: NodeJS.ErrnoException) => {
    if (ended) return
    ended = true
    running.delete(id)
    reply({ id, kind: 'error', message: error.message, ...(error.code ? { code: error.code } : {}) })
  })
  child.on('close', (code, signal) => {
    if (ended) return
    ended = true
    running.delete(id)
    reply({ id, kind: 'close', code, signal })
  })
}

process.on('message', (request: LauncherRequest) => {
  if (request.kind === 'start') start(request)
  else running.get(request.id)?.kill(request.signal)
})

// the server is gone (or stopped this launcher): nothing it started is wanted any more
process.on('disconnect', () => {
  for (const child of running.values()) child.kill('SIGKILL')
  process.exit(0)
})
