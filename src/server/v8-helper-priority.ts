import fs from 'node:fs'
import os from 'node:os'

/** How Linux names V8's helper threads: they compile hot code and mark and sweep the heap beside the main thread. */
const V8_HELPER_NAME = 'V8Worker'

/**
 * How much nicer V8's helper threads run than the process's main thread (decision 192): their work can wait a few
 * milliseconds, a woken request cannot. As much as media programs' MEDIA_NICENESS, for the same reason; not the idle
 * scheduling class, under which a busy machine would starve them and hand their marking back to the main thread.
 */
const V8_HELPER_NICENESS = 10

/** The thread ids of this process's V8 helper threads, from /proc; none where there is no /proc (macOS, Windows). */
function v8HelperThreads(): number[] {
  let tasks: string[]
  try {
    tasks = fs.readdirSync('/proc/self/task')
  } catch {
    return []
  }
  return tasks
    .filter((tid) => {
      try {
        return fs.readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() === V8_HELPER_NAME
      } catch {
        return false // ended meanwhile
      }
    })
    .map(Number)
}

/**
 * Lowers this process's V8 helper threads by V8_HELPER_NICENESS (to at most 19, the lowest), so that on a machine with
 * few cores the process's own main thread, PostgreSQL and the other programs a request wakes take a core first.
 * Without it a woken request could wait 3-4 ms for a helper's slice on a busy core, where the helper's work could have
 * waited (decision 192). Node starts its helpers with the process and keeps them, so once at start is enough. Returns
 * how many it lowered: none where the system has no such threads or does not allow it.
 */
export function lowerV8HelperThreads(): number {
  const niceness = Math.min(19, os.getPriority() + V8_HELPER_NICENESS)
  let lowered = 0
  for (const tid of v8HelperThreads()) {
    try {
      // Linux takes a thread id where it asks for a process id: the niceness is each thread's own
      os.setPriority(tid, niceness)
      lowered += 1
    } catch {
      // ended meanwhile, or the system does not allow it: the threads run as before
    }
  }
  return lowered
}
