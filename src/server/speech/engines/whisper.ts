import { fork, type ChildProcess, type StdioOptions } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { childEnv } from '#server/child-env.ts'
import { idlePriorityCommand } from '#server/media/idle-priority.ts'
import { MEDIA_NICENESS } from '#server/media/process-launcher.ts'
import {
  ALL_LOCALES,
  ENGLISH_ONLY,
  SpeechEngineError,
  type SpeechEngine,
  type TranscribeInput,
  type Transcript,
} from '#server/speech/engine.ts'
import type { WhisperJob, WhisperReply } from './whisper.worker.ts'

export type WhisperEngineOptions = {
  /** a ggml model file, e.g. `${DATA_DIR}/models/ggml-base.en.bin` */
  modelPath: string
  /** whisper.cpp threads; its default is min(4, cores) */
  threads?: number
  /** per recording, on top of the pipeline's own signal; default 2 minutes plus 2 × the audio's duration */
  timeoutMs?: number
}

const WORKER_FILE = fileURLToPath(new URL('./whisper.worker.ts', import.meta.url))

/**
 * The worker is a child process, not a worker thread: whisper.cpp ends the whole process when one of its
 * own checks fails (GGML_ASSERT calls abort(), and the binding turns a C++ exception into a Rust abort),
 * which in a thread takes the server down with it. A child that dies only fails its recording. Node runs the
 * .ts worker as it is (its type stripping), without the parent's flags.
 */
function startChild(): ChildProcess {
  const stdio: StdioOptions = ['ignore', 'ignore', 'pipe', 'ipc']
  // at the idle scheduling class where the system allows it, as the other speech and media programs (decision 190):
  // chrt sets it and runs node with the worker, which finds its IPC channel as usual
  const idle = idlePriorityCommand()
  const [runner, ...runnerArgs] = idle ?? []
  const child = runner
    ? fork(WORKER_FILE, [], { execPath: runner, execArgv: [...runnerArgs, process.execPath], env: childEnv(), stdio })
    : fork(WORKER_FILE, [], { execArgv: [], env: childEnv(), stdio })
  if (child.pid !== undefined) {
    try {
      // whisper.cpp's threads, started later by the worker's main thread, take on its niceness
      os.setPriority(child.pid, MEDIA_NICENESS)
    } catch {
      // ended already: nothing to lower
    }
  }
  return child
}

/**
 * Whether a ggml model hears English alone: whisper.cpp names those `*.en` (`ggml-base.en.bin`, `ggml-tiny.en-q5_1.bin`);
 * the others are multilingual. Read from the name so that the engine can say what it hears before its worker loads
 * the model; the worker still asks the model itself and keeps an English-only one to English.
 */
export function isEnglishOnlyModel(modelPath: string): boolean {
  return /\.en(?:[.\-_]|$)/.test(path.basename(modelPath))
}

export function missingModelError(modelPath: string): SpeechEngineError {
  return new SpeechEngineError(`Whisper model not found at ${modelPath}; run npm run models or set WHISPER_MODEL`, false)
}

/**
 * whisper.cpp through @napi-rs/whisper, in one child process per engine (its `full()` blocks the thread it
 * runs on, and its failures abort the process). Recordings are transcribed one at a time, in order; the
 * worker keeps the model loaded and starts on the first recording. Throws a non-retryable
 * SpeechEngineError when the model file is missing.
 *
 * Abort or time-out rejects at once and kills the worker (whisper.cpp offers no way to interrupt `full()`,
 * a killed process stops at once); the next recording gets a new worker, which loads the model again.
 */
export function createWhisperEngine(options: WhisperEngineOptions): SpeechEngine {
  const { modelPath } = options
  if (!fs.existsSync(modelPath)) throw missingModelError(modelPath)
  // only to say at start-up, not at the first recording, that the binding has no build for this platform
  try {
    createRequire(import.meta.url)('@napi-rs/whisper')
  } catch (error) {
    throw new SpeechEngineError(`The whisper.cpp binding (@napi-rs/whisper) does not load here: ${(error as Error).message}`, false)
  }

  let worker: ChildProcess | null = null
  let nextId = 1
  // a chain of turns: each recording waits for the one before it to finish or give up
  let queue: Promise<void> = Promise.resolve()
  // the last lines whisper.cpp wrote to stderr, which say why it aborted
  let lastWords = ''

  function startWorker(): ChildProcess {
    const started = startChild()
    lastWords = ''
    started.stderr?.setEncoding('utf8')
    started.stderr?.on('data', (chunk: string) => {
      lastWords = (lastWords + chunk).slice(-2000)
    })
    idle(started)
    // a crash between recordings must not surface as an unhandled 'error' event; during a recording the
    // job's own listener reports it, and 'exit' forgets the worker either way
    started.on('error', () => undefined)
    started.on('exit', () => {
      if (worker === started) worker = null
    })
    return started
  }

  function stopWorker() {
    const current = worker
    worker = null
    current?.kill('SIGKILL')
  }

  function runJob(input: TranscribeInput): Promise<Transcript> {
    const current = (worker ??= startWorker())
    const id = nextId++
    const timeoutMs = options.timeoutMs ?? 120_000 + input.durationSeconds * 2_000
    return new Promise<Transcript>((resolve, reject) => {
      const finish = (settle: () => void) => {
        clearTimeout(timer)
        input.signal.removeEventListener('abort', onAbort)
        current.off('message', onMessage)
        current.off('error', onError)
        current.off('exit', onExit)
        idle(current)
        settle()
      }
      const onMessage = (reply: WhisperReply) => {
        if (reply.id !== id) return
        finish(() => (reply.ok ? resolve(reply.transcript) : reject(new SpeechEngineError(reply.message, reply.retryable))))
      }
      const onError = (error: Error) => {
        stopWorker()
        finish(() => reject(new SpeechEngineError(`Whisper worker failed: ${error.message}`)))
      }
      const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
        finish(() => reject(new SpeechEngineError(`Whisper worker stopped (${signal ?? `exit code ${code}`})${crashReason(lastWords)}`)))
      const onAbort = () => {
        stopWorker()
        finish(() => reject(new SpeechEngineError('Whisper transcription timed out or was cancelled')))
      }
      const timer = setTimeout(() => {
        stopWorker()
        finish(() => reject(new SpeechEngineError(`Whisper transcription timed out after ${Math.round(timeoutMs / 1000)} s`)))
      }, timeoutMs)
      input.signal.addEventListener('abort', onAbort, { once: true })
      current.on('message', onMessage)
      current.on('error', onError)
      current.on('exit', onExit)
      busy(current)
      current.send({
        id,
        modelPath,
        wavPath: input.wavPath,
        durationSeconds: input.durationSeconds,
        language: input.language ?? null,
        threads: options.threads,
      } satisfies WhisperJob)
    })
  }

  return {
    name: 'whisper',
    model: path.basename(modelPath),
    languages: isEnglishOnlyModel(modelPath) ? ENGLISH_ONLY : ALL_LOCALES,
    async transcribe(input) {
      if (!fs.existsSync(modelPath)) throw missingModelError(modelPath)
      let release!: () => void
      const mine = new Promise<void>((resolve) => (release = resolve))
      const turn = queue
      queue = turn.then(() => mine)
      try {
        await untilAborted(turn, input.signal)
        return await runJob(input)
      } finally {
        release()
      }
    },
    async close() {
      const current = worker
      worker = null
      if (!current || current.exitCode !== null || current.signalCode !== null) return
      await new Promise<void>((resolve) => {
        current.once('exit', () => resolve())
        current.kill('SIGKILL')
      })
    },
  }
}

/** An idle worker must not keep the server (or a test run) alive; one at work must. */
function idle(child: ChildProcess) {
  child.unref()
  child.channel?.unref()
  ;(child.stderr as { unref?: () => void } | null)?.unref?.()
}

function busy(child: ChildProcess) {
  child.ref()
  child.channel?.ref()
  ;(child.stderr as { ref?: () => void } | null)?.ref?.()
}

/** whisper.cpp's own words before it aborted (`GGML_ASSERT(...) failed`), when it left any. */
function crashReason(stderr: string): string {
  const line = stderr
    .split('\n')
    .map((l) => l.trim())
    .find((l) => /GGML_ASSERT|panicked|abort/i.test(l))
  return line ? `: ${line.replace(/^.*?(GGML_ASSERT)/, '$1').slice(0, 200)}` : ''
}

/** Waits for `turn`, or rejects as soon as the signal aborts (a queued recording gives up its place). */
function untilAborted(turn: Promise<void>, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(new SpeechEngineError('Whisper transcription timed out or was cancelled'))
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new SpeechEngineError('Whisper transcription timed out or was cancelled while waiting for the engine'))
    signal.addEventListener('abort', onAbort, { once: true })
    void turn.then(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    })
  })
}
