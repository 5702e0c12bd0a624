import { runToEnd } from '#server/media/process-launcher.ts'
import { SpeechEngineError } from './engine.ts'

export type ProcessResult = { code: number | null; stdout: string; stderr: string }

/**
 * Runs a speech helper program (ffmpeg, pocketsphinx) at a lower CPU priority, from the process launcher (decision
 * 186), to its end and answers its exit code and output. It is killed when `timeoutMs` passes or `signal` aborts;
 * both, and a program that cannot start, reject with a SpeechEngineError naming `what` (a missing program is not
 * worth retrying; a time-out is).
 */
export async function runProcess(
  binary: string,
  args: string[],
  { what, timeoutMs, signal, keepStdout = false }: { what: string; timeoutMs: number; signal?: AbortSignal; keepStdout?: boolean },
): Promise<ProcessResult> {
  if (signal?.aborted) throw new SpeechEngineError(`${what} was cancelled`)
  const result = await runToEnd(binary, args, { timeoutMs, signal, stdout: keepStdout }).catch((error: Error & { code?: string }) => {
    // a program that is not there is not worth retrying; a launcher that stopped is
    throw new SpeechEngineError(`Could not run ${what} (${binary}): ${error.message}`, error.code === undefined)
  })
  if (result.killedBecause === 'timeout') throw new SpeechEngineError(`${what} timed out after ${Math.round(timeoutMs / 1000)} s`)
  if (result.killedBecause === 'abort') throw new SpeechEngineError(`${what} was cancelled (timed out or shutting down)`)
  return { code: result.code, stdout: result.stdout, stderr: result.stderr }
}
