import { spawn } from 'node:child_process'
import { lowerPriority } from '#server/media/audio.ts'
import { SpeechEngineError } from './engine.ts'

export type ProcessResult = { code: number | null; stdout: string; stderr: string }

/**
 * Runs a speech helper program (ffmpeg, pocketsphinx) at a lower CPU priority to its end and answers its exit code and output.
 * It is killed when `timeoutMs` passes or `signal` aborts; both, and a program that cannot start, reject
 * with a SpeechEngineError naming `what` (a missing program is not worth retrying; a time-out is).
 */
export function runProcess(
  binary: string,
  args: string[],
  { what, timeoutMs, signal, keepStdout = false }: { what: string; timeoutMs: number; signal?: AbortSignal; keepStdout?: boolean },
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new SpeechEngineError(`${what} was cancelled`))
      return
    }
    const child = spawn(binary, args, { stdio: ['ignore', keepStdout ? 'pipe' : 'ignore', 'pipe'] })
    // speech helpers share the cores that answer requests: they wait, the answers do not
    lowerPriority(child)
    let stdout = ''
    let stderr = ''
    let stopped: string | null = null
    const stop = (why: string) => {
      stopped = why
      child.kill('SIGKILL')
    }
    const timer = setTimeout(() => stop(`${what} timed out after ${Math.round(timeoutMs / 1000)} s`), timeoutMs)
    const onAbort = () => stop(`${what} was cancelled (timed out or shutting down)`)
    signal?.addEventListener('abort', onAbort, { once: true })
    const done = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
    child.stdout?.setEncoding('utf8')
    child.stdout?.on('data', (chunk: string) => (stdout += chunk))
    child.stderr?.setEncoding('utf8')
    child.stderr?.on('data', (chunk: string) => {
      // the last lines say why; keep a bounded amount
      if (stderr.length < 4000) stderr += chunk
    })
    child.on('error', (error) => {
      done()
      reject(new SpeechEngineError(`Could not run ${what} (${binary}): ${error.message}`, false))
    })
    child.on('close', (code) => {
      done()
      if (stopped) reject(new SpeechEngineError(stopped))
      else resolve({ code, stdout, stderr })
    })
  })
}
