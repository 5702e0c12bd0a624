import fs from 'node:fs/promises'
import os from 'node:os'
import { describe, expect, it } from 'vitest'
import { executablePath, idlePriorityCommand } from './idle-priority.ts'
import { launch, LauncherStoppedError, MEDIA_NICENESS, runToEnd } from './process-launcher.ts'

// a secret in the server's environment, set before the launcher starts (with the first program): no program it runs may see it
process.env.HEARTH_PLANTED_SECRET = 'planted-in-the-environment'

/** Linux's scheduling policies, as /proc reports them: the ordinary one and the idle class. */
const SCHED_OTHER = 0
const SCHED_IDLE = 5

/** The launcher's own process: the child of this one that runs its worker. */
async function launcherPid(): Promise<number> {
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const [stat, cmdline] = await Promise.all([
      fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => ''),
      fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => ''),
    ])
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    if (parent === process.pid && cmdline.includes('process-launcher.worker')) return Number(entry)
  }
  throw new Error('no launcher running')
}

describe('the process launcher', () => {
  it('runs a program in a process of its own, at the media niceness, below the requests it shares the cores with', async () => {
    const program = launch('sleep', ['5'])
    const pid = await new Promise<number>((resolve) => program.once('started', resolve))
    try {
      // a runner already niced past 10 keeps its own niceness: a child cannot be raised above it
      expect(os.getPriority(pid)).toBe(Math.max(MEDIA_NICENESS, os.getPriority()))
      // started by the launcher, not by this process, whose event loop a fork would have stopped
      const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8')
      expect(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])).toBe(await launcherPid())
    } finally {
      program.kill('SIGKILL')
    }
    const [code, signal] = await new Promise<unknown[]>((resolve) => program.once('close', (...ended) => resolve(ended)))
    expect({ code, signal }).toEqual({ code: null, signal: 'SIGKILL' })
  })

  it('runs a program at the idle scheduling class where the system allows it, so that any request runs before it', async () => {
    // chrt is part of util-linux, on every Debian; where it is missing or refused, niceness alone remains
    const expected = idlePriorityCommand() ? SCHED_IDLE : SCHED_OTHER
    const program = launch('sleep', ['5'])
    const pid = await new Promise<number>((resolve) => program.once('started', resolve))
    try {
      const running = async () => {
        const [stat, cmdline] = await Promise.all([fs.readFile(`/proc/${pid}/stat`, 'utf8'), fs.readFile(`/proc/${pid}/cmdline`, 'utf8')])
        // the policy is the 41st field of stat; chrt sets it, then becomes the program (same process)
        return { program: cmdline.split('\0')[0], policy: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[38]) }
      }
      await expect.poll(running).toEqual({ program: executablePath('sleep'), policy: expected })
    } finally {
      program.kill('SIGKILL')
    }
  })

  it('finds a program on the PATH, or answers null', () => {
    expect(executablePath('sh')).toMatch(/\/sh$/)
    expect(executablePath('/bin/sh')).toBe('/bin/sh')
    expect(executablePath('hearth-no-such-program')).toBeNull()
    // a folder is not a program
    expect(executablePath('/tmp')).toBeNull()
  })

  it("answers a program's output and exit code, all of its output before its end", async () => {
    const script = 'head -c 300000 /dev/zero | tr "\\\\0" a; printf oops >&2; exit 3'
    const result = await runToEnd('sh', ['-c', script], { timeoutMs: 10_000, stdout: true })
    expect({ code: result.code, length: result.stdout.length, stderr: result.stderr }).toEqual({ code: 3, length: 300_000, stderr: 'oops' })
    expect(new Set(result.stdout)).toEqual(new Set(['a']))
  })

  it('says a program that is not there could not start, with its code', async () => {
    await expect(runToEnd('hearth-no-such-program', [], { timeoutMs: 10_000 })).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('kills a program that runs past its time', async () => {
    const result = await runToEnd('sleep', ['5'], { timeoutMs: 100 })
    expect(result.killedBecause).toBe('timeout')
  })

  it('fails what was running when the launcher stops, and starts a new launcher for the next program', async () => {
    const running = runToEnd('sleep', ['5'], { timeoutMs: 10_000 })
    process.kill(await launcherPid(), 'SIGKILL')
    await expect(running).rejects.toBeInstanceOf(LauncherStoppedError)
    expect((await runToEnd('true', [], { timeoutMs: 10_000 })).code).toBe(0)
  })

  it("gives the programs none of the server's environment but what childEnv passes (PATH, the language, the time zone)", async () => {
    const { stdout } = await runToEnd('env', [], { timeoutMs: 10_000, stdout: true })
    expect(stdout).not.toContain('planted-in-the-environment')
    expect(stdout).toContain(`PATH=${process.env.PATH}\n`)
    // ffmpeg, as the server starts it, reading a source that never ends until it is killed
    const ffmpeg = launch('ffmpeg', ['-nostdin', '-f', 'lavfi', '-i', 'anullsrc', '-f', 'null', '-'], { stdout: false })
    const pid = await new Promise<number>((resolve) => ffmpeg.once('started', resolve))
    try {
      for (const program of [pid, await launcherPid()]) {
        const environ = await fs.readFile(`/proc/${program}/environ`, 'utf8')
        expect(environ).not.toContain('planted-in-the-environment')
        expect(environ.split('\0')).toContain(`PATH=${process.env.PATH}`)
      }
    } finally {
      ffmpeg.kill('SIGKILL')
    }
  })
})
