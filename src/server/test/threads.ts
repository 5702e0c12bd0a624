import fs from 'node:fs'

export type ThreadNiceness = { name: string; niceness: number }

/** The threads of process `pid` (Linux, from /proc), each with its name and niceness. */
export function threadsOf(pid: number | 'self'): ThreadNiceness[] {
  const dir = `/proc/${pid}/task`
  return fs.readdirSync(dir).map((tid) => {
    const stat = fs.readFileSync(`${dir}/${tid}/stat`, 'utf8')
    // after "pid (name) " come the fields from the third (state) on: the niceness is the 19th
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return { name: fs.readFileSync(`${dir}/${tid}/comm`, 'utf8').trim(), niceness: Number(fields[16]) }
  })
}
