import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { threadsOf, type ThreadNiceness } from './test/threads.ts'

type Started = { lowered: number; threads: ThreadNiceness[] }

const MODULE = fileURLToPath(new URL('./v8-helper-priority.ts', import.meta.url))
const THREADS = fileURLToPath(new URL('./test/threads.ts', import.meta.url))

/** The test's own niceness (0 unless it was started nicer): `nice -n` adds to it. */
const base = threadsOf('self').find((thread) => thread.name === 'MainThread')?.niceness ?? 0

// A process of its own, started `startNiceness` nicer than the test: once lowered, a thread's niceness does not come
// back up, and the test's own V8 helpers are not the subject.
function startProcess(startNiceness: number): Started {
  const script = `
    import { lowerV8HelperThreads } from ${JSON.stringify(MODULE)}
    import { threadsOf } from ${JSON.stringify(THREADS)}
    const lowered = lowerV8HelperThreads()
    console.log(JSON.stringify({ lowered, threads: threadsOf('self') }))
  `
  const out = execFileSync('nice', ['-n', String(startNiceness), process.execPath, '--input-type=module', '-e', script], {
    encoding: 'utf8',
  })
  return JSON.parse(out) as Started
}

describe.skipIf(process.platform !== 'linux')('lowerV8HelperThreads', () => {
  it("lowers V8's helper threads by 10 and leaves the main thread and the others where they were", () => {
    const { lowered, threads } = startProcess(0)
    const helpers = threads.filter((thread) => thread.name === 'V8Worker')
    expect(helpers.length).toBeGreaterThan(0)
    expect(lowered).toBe(helpers.length)
    expect(new Set(helpers.map((thread) => thread.niceness))).toEqual(new Set([Math.min(19, base + 10)]))
    const others = threads.filter((thread) => thread.name !== 'V8Worker')
    expect(new Set(others.map((thread) => thread.niceness))).toEqual(new Set([base]))
    expect(others.map((thread) => thread.name)).toContain('MainThread')
  })

  it('keeps them 10 below a process that was started nicer, and no lower than the lowest, 19', () => {
    const atFive = startProcess(5).threads
    expect(new Set(atFive.filter((thread) => thread.name === 'V8Worker').map((thread) => thread.niceness))).toEqual(
      new Set([Math.min(19, base + 15)]),
    )
    expect(atFive.find((thread) => thread.name === 'MainThread')?.niceness).toBe(Math.min(19, base + 5))
    const atFifteen = startProcess(15).threads
    expect(new Set(atFifteen.filter((thread) => thread.name === 'V8Worker').map((thread) => thread.niceness))).toEqual(new Set([19]))
  })
})
