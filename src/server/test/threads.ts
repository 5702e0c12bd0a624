import fs from 'node:fs'
import os from 'node:os'

export type ThreadNiceness = { name: string; niceness: number }

/** The threads of process `pid` (Linux: names from /proc), each with its name and niceness. */
export function threadsOf(pid: number | 'self'): ThreadNiceness[] {
  const dir = `/proc/${pid}/task`
  return fs.readdirSync(dir).map((tid) => ({
    name: fs.readFileSync(`${dir}/${tid}/comm`, 'utf8').trim(),
    // Linux takes a thread id where it asks for a process id, as lowerV8HelperThreads does
    niceness: os.getPriority(Number(tid)),
  }))
}
