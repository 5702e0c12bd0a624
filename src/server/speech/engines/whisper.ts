import fs from 'node:fs'
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import { SpeechEngineError, type SpeechEngine, type TranscribeInput, type Transcript } from '#server/speech/engine.ts'
import type { WhisperJob, WhisperReply } from './whisper.worker.ts'

export type WhisperEngineOptions = {
  /** a ggml model file, e.g. `${DATA_DIR}/models/ggml-base.en.bin` */
  modelPath: string
  /** whisper.cpp threads; its default is min(4, cores) */
  threads?: number
  /** per recording, on top of the pipeline's own signal; default 2 minutes plus 2 × the audio's duration */
  timeoutMs?: number
}

const WORKER_URL = new URL('./whisper.worker.ts', import.meta.url)
/**
 * The worker is a .ts file. On Node 20 a worker thread does not get the loader hooks of `node --import
 * tsx` (neither inherited nor through `execArgv: ['--import', 'tsx']`: both fail with "Unknown file
 * extension .ts"), so a small bootstrap registers tsx inside the thread, then imports the worker. The
 * same works under Vitest. Resolved here, so it does not depend on the working directory.
 */
function workerBoot(): string {
  const tsx = import.meta.resolve('tsx/esm/api')
  return `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL.href)}) })`
}

export function missingModelError(modelPath: string): SpeechEngineError {
  return new SpeechEngineError(`Whisper model not found at ${modelPath}; run npm run models or set WHISPER_MODEL`, false)
}

/**
 * whisper.cpp through @napi-rs/whisper, in one worker thread per engine (its `full()` blocks the thread it
 * runs on). Recordings are transcribed one at a time, in order; the worker keeps the model loaded and
 * starts on the first recording. Throws a non-retryable SpeechEngineError when the model file is missing.
 *
 * Abort or time-out rejects at once and terminates the worker, but whisper.cpp offers no way to interrupt
 * `full()`: the thread keeps its CPU until the current call returns, and the next recording gets a new
 * worker (which loads the model again).
 */
export function createWhisperEngine(options: WhisperEngineOptions): SpeechEngine {
  const { modelPath } = options
  if (!fs.existsSync(modelPath)) throw missingModelError(modelPath)
  // Node unloads an addon when the last thread that loaded it exits, and unloading this one crashes the
  // process (SIGSEGV as soon as a worker that loaded it is terminated). Loaded here too, it stays mapped.
  try {
    createRequire(import.meta.url)('@napi-rs/whisper')
  } catch (error) {
    throw new SpeechEngineError(`The whisper.cpp binding (@napi-rs/whisper) does not load here: ${(error as Error).message}`, false)
  }

  let worker: Worker | null = null
  let nextId = 1
  // a chain of turns: each recording waits for the one before it to finish or give up
  let queue: Promise<void> = Promise.resolve()

  function startWorker(): Worker {
    const started = new Worker(workerBoot(), { eval: true })
    // an idle worker must not keep the process alive
    started.unref()
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
    void current?.terminate()
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
        current.unref()
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
      const onExit = (code: number) => finish(() => reject(new SpeechEngineError(`Whisper worker stopped (exit code ${code})`)))
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
      current.ref()
      current.postMessage({ id, modelPath, wavPath: input.wavPath, threads: options.threads } satisfies WhisperJob)
    })
  }

  return {
    name: 'whisper',
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
      await current?.terminate()
    },
  }
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
