import { fork, type ChildProcess } from 'node:child_process'
import { EventEmitter } from 'node:events'
import { fileURLToPath } from 'node:url'
import { childEnv } from '#server/child-env.ts'
import type { LauncherReply, LauncherRequest } from './process-launcher.worker.ts'

const WORKER_FILE = fileURLToPath(new URL('./process-launcher.worker.ts', import.meta.url))

/**
 * Media and speech programs run at this niceness: an instance decodes on the same cores that answer requests, and
 * the answers must not wait behind an encoder (docs/architecture.md). Where the system allows it they also run at
 * the idle scheduling class, which ranks them below every request rather than weighing them down (decision 190).
 */
export const MEDIA_NICENESS = 10

/** Why a program ended without saying so itself: the launcher that ran it stopped (it is worth trying again). */
export class LauncherStoppedError extends Error {}

type LaunchedEvents = {
  /** its process id, once it runs */
  started: [pid: number]
  stdout: [chunk: Buffer]
  stderr: [chunk: Buffer]
  /** it could not start, or the launcher stopped (a LauncherStoppedError); no 'close' follows */
  error: [error: Error & { code?: string }]
  /** it ended, after all its output */
  close: [code: number | null, signal: NodeJS.Signals | null]
}

/** A program started by `launch`: its output as events, in order, then exactly one 'error' or 'close'. */
export class LaunchedProcess extends EventEmitter<LaunchedEvents> {
  pid: number | undefined
  private readonly signalIt: (signal: NodeJS.Signals) => void
  constructor(signalIt: (signal: NodeJS.Signals) => void) {
    super()
    this.signalIt = signalIt
  }
  kill(signal: NodeJS.Signals = 'SIGTERM'): void {
    this.signalIt(signal)
  }
}

let launcher: ChildProcess | null = null
let nextId = 1
const running = new Map<number, LaunchedProcess>()

function heard(reply: LauncherReply) {
  const program = running.get(reply.id)
  if (!program) return
  if (reply.kind === 'started') {
    program.pid = reply.pid
    program.emit('started', reply.pid)
    return
  }
  if (reply.kind === 'error') {
    running.delete(reply.id)
    holdOpen()
    program.emit('error', Object.assign(new Error(reply.message), reply.code ? { code: reply.code } : {}))
    return
  }
  if (reply.kind === 'close') {
    running.delete(reply.id)
    holdOpen()
    program.emit('close', reply.code, reply.signal)
    return
  }
  program.emit(reply.kind, Buffer.from(reply.data.buffer, reply.data.byteOffset, reply.data.byteLength))
}

/** The launcher keeps this process alive only while it runs something (a script that decodes one file then ends). */
function holdOpen() {
  if (!launcher) return
  if (running.size > 0) {
    launcher.ref()
    launcher.channel?.ref()
  } else {
    launcher.unref()
    launcher.channel?.unref()
  }
}

function started(): ChildProcess {
  if (launcher) return launcher
  // node runs the .ts worker as it is (its type stripping), without the server's flags; Buffers cross as they are.
  // Without the server's secrets either: the programs it starts read uploaded files, and inherit its environment.
  const child = fork(WORKER_FILE, [], {
    execArgv: [],
    env: childEnv(),
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  child.on('message', (reply: LauncherReply) => heard(reply))
  const stopped = () => {
    if (launcher !== child) return
    launcher = null
    // what it ran is gone with it (it kills its programs when its channel closes); their callers may try again
    const lost = [...running.values()]
    running.clear()
    for (const program of lost) program.emit('error', new LauncherStoppedError('the process launcher stopped'))
  }
  child.on('exit', stopped)
  child.on('error', stopped)
  launcher = child
  return child
}

/**
 * Starts `binary` with `args` at MEDIA_NICENESS, from the launcher child process rather than from this one (decision
 * 186): starting a program forks the process that starts it, which stops a server of 125 MiB for about 10 ms, time in
 * which it answers nobody. `stdout: false` leaves the program's output unread (stderr is always read). The launcher
 * starts with the first program and lives as long as this process.
 */
export function launch(binary: string, args: string[], { stdout = true }: { stdout?: boolean } = {}): LaunchedProcess {
  const child = started()
  const id = nextId++
  const program = new LaunchedProcess((signal) => {
    if (running.has(id)) child.send({ id, kind: 'kill', signal } satisfies LauncherRequest)
  })
  running.set(id, program)
  holdOpen()
  child.send({ id, kind: 'start', binary, args, stdout, niceness: MEDIA_NICENESS } satisfies LauncherRequest)
  return program
}

/**
 * Runs a program to its end and answers its exit code and what it wrote (stdout only when `stdout`, stderr's last 8 kB
 * at most). Killed with SIGKILL after `timeoutMs`, or when `signal` aborts; `killedBecause` then says which.
 * Rejects only when it could not start or the launcher stopped.
 */
export function runToEnd(
  binary: string,
  args: string[],
  { timeoutMs, signal, stdout = false }: { timeoutMs: number; signal?: AbortSignal; stdout?: boolean },
): Promise<{ code: number | null; stdout: string; stderr: string; killedBecause: 'timeout' | 'abort' | null }> {
  return new Promise((resolve, reject) => {
    const program = launch(binary, args, { stdout })
    const out: Buffer[] = []
    let err = ''
    let killedBecause: 'timeout' | 'abort' | null = null
    const stop = (why: 'timeout' | 'abort') => {
      killedBecause ??= why
      program.kill('SIGKILL')
    }
    const timer = setTimeout(() => stop('timeout'), timeoutMs)
    const onAbort = () => stop('abort')
    if (signal?.aborted) onAbort()
    else signal?.addEventListener('abort', onAbort, { once: true })
    const done = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
    program.on('stdout', (chunk) => out.push(chunk))
    program.on('stderr', (chunk) => {
      // the last lines say why; keep a bounded amount
      if (err.length < 8000) err += chunk.toString()
    })
    program.on('error', (error) => {
      done()
      reject(error)
    })
    program.on('close', (code) => {
      done()
      resolve({ code, stdout: Buffer.concat(out).toString(), stderr: err, killedBecause })
    })
  })
}
