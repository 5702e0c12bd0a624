import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { childEnv } from '#server/child-env.ts'

let found: string[] | null | undefined

/** The executable file `name` runs: itself when it holds a slash, else the first one of that name on the PATH. */
export function executablePath(name: string): string | null {
  const candidates = name.includes('/') ? [name] : (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, name))
  return (
    candidates.find((candidate) => {
      try {
        fs.accessSync(candidate, fs.constants.X_OK)
        return fs.statSync(candidate).isFile()
      } catch {
        return false
      }
    }) ?? null
  )
}

/**
 * The command that runs a program at the idle scheduling class (Linux's SCHED_IDLE, through util-linux's `chrt`), or
 * null where that cannot be done (decision 190). A program of that class gets a core only when no ordinary thread
 * wants it, so an instance's answers never wait behind its encoders and speech engine, where a niceness of 10 only
 * weighed them down (they still took about a tenth of a busy core, and a woken request could wait for one of them to
 * be preempted). Tried once per process: `chrt` must be on the PATH and allowed to set the class (a container's
 * seccomp profile, for example, may refuse it).
 */
export function idlePriorityCommand(): string[] | null {
  if (found !== undefined) return found
  found = null
  const chrt = executablePath('chrt')
  if (!chrt) return found
  const command = [chrt, '--idle', '0']
  // chrt sets the class on itself before it runs the program: running itself again shows whether it may
  const tried = spawnSync(command[0] as string, [...command.slice(1), chrt, '--version'], {
    env: childEnv(),
    stdio: 'ignore',
    timeout: 5_000,
  })
  if (tried.status === 0) found = command
  return found
}
