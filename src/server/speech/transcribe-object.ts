import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { FastifyBaseLogger } from 'fastify'
import type { Locale } from '#shared/locales.ts'
import { nextRetryDelayMs, SPEECH_TEXTS } from '#shared/speech.ts'
import { estimateWordTimings, leadingSilenceOffset } from '#shared/word-timing.ts'
import type { Database, Executor } from '#server/db/client.ts'
import type { JobOutcome, JobQueue } from '#server/jobs/job-queue.ts'
import { isStorageUnavailable, type ObjectStorage } from '#server/media/storage.ts'
import { decodeForSpeech, readPcmSamples, SPEECH_SAMPLE_RATE } from './decode.ts'
import { engineHears, LanguageUnsupportedError, SpeechEngineError, type EngineChoice, type TranscriptWord } from './engine.ts'

/**
 * An engine gets this long plus 2 s per second of audio before its attempt counts as failed: the offline
 * engine needs about 0.65 s per second here (a 10-minute recording may take up to 20.5 min). The job keeps
 * its lease while this instance lives, however long that is; only a dead instance's jobs run again.
 */
const ENGINE_BASE_TIMEOUT_MS = 30_000
const ENGINE_TIMEOUT_PER_AUDIO_SECOND_MS = 2_000

/** What an engine heard, with how sure it was and who made it (decision 92). */
export type HeardTranscript = {
  text: string
  words: TranscriptWord[]
  confidence: number | null
  engine: string
  model: string | null
  /**
   * The transcript's language (decision 227): the speaker's when it was given, else what the engine detected
   * (`es`, or a language Hearth does not speak such as `it`), null when it said nothing
   */
  language: string | null
}

/** A failure's reason as it is stored and logged. */
export const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500)

/** The delay before attempt `attempt + 1` after this failure, or null when there is no next attempt. */
export function retryDelayAfter(error: unknown, attempt: number): number | null {
  const retryable = !(error instanceof SpeechEngineError) || error.retryable
  return retryable ? nextRetryDelayMs(attempt) : null
}

/** Runs at most `limit` tasks at a time; the others wait their turn in order. */
function createLimiter(limit: number) {
  let running = 0
  const waiting: (() => void)[] = []
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
    running++
    try {
      return await task()
    } finally {
      running--
      waiting.shift()?.()
    }
  }
}

/**
 * "Transcribe this stored object": what the speech layer offers the modules that record audio. Each module owns the
 * job that stores its transcript; this reads the recording from storage, decodes it to 16 kHz mono WAV and asks the
 * engine running now. Speech is CPU-bound: at most `concurrency` (SPEECH_CONCURRENCY) run at once on this instance,
 * whichever module's job asks.
 */
export function createObjectTranscriber({
  storage,
  speech,
  tmpDir,
  concurrency = 1,
  onTranscribed,
}: {
  storage: Pick<ObjectStorage, 'read'>
  speech: EngineChoice
  tmpDir: string
  concurrency?: number
  /** told how long the engine took for how much audio (the metrics) */
  onTranscribed?: (timing: { engine: string; seconds: number; audioSeconds: number }) => void
}) {
  const limited = createLimiter(concurrency)

  const engineOf = () => {
    if (!speech.engine) throw new SpeechEngineError(`${SPEECH_TEXTS.noEngine}: ${speech.reason}`, false)
    return speech.engine
  }

  /** The engine running now, when it can hear `language`; refused before any work when it cannot (decision 227). */
  const engineFor = (language: Locale | null) => {
    const engine = engineOf()
    if (!engineHears(engine, language)) throw new LanguageUnsupportedError(language!, speech.name)
    return engine
  }

  /** What the engine running now hears in 16 kHz mono WAV, told the speaker's language when known. */
  async function hear(
    decoded: { wavPath: string; durationSeconds: number },
    durationSeconds: number,
    language: Locale | null,
  ): Promise<HeardTranscript> {
    const engine = engineFor(language)
    // AbortSignal.timeout takes whole milliseconds only
    const signal = AbortSignal.timeout(Math.ceil(ENGINE_BASE_TIMEOUT_MS + ENGINE_TIMEOUT_PER_AUDIO_SECOND_MS * decoded.durationSeconds))
    const startedAt = performance.now()
    const transcript = await engine.transcribe({ wavPath: decoded.wavPath, durationSeconds: decoded.durationSeconds, signal, language })
    const made = { engine: speech.name, model: engine.model ?? null, language: language ?? transcript.language?.slice(0, 16) ?? null }
    onTranscribed?.({ engine: speech.name, seconds: (performance.now() - startedAt) / 1000, audioSeconds: decoded.durationSeconds })
    const text = transcript.text.replace(/\s+/g, ' ').trim()
    if (!text) return { text: '', words: [], confidence: null, ...made }
    const confidence = transcript.confidence ?? null
    if (transcript.words.length > 0) return { text, words: transcript.words, confidence, ...made }
    // no word times from this engine: estimated from the text, weighted by word length, after the leading silence
    const offset = leadingSilenceOffset(readPcmSamples(decoded.wavPath), SPEECH_SAMPLE_RATE)
    return { text, words: estimateWordTimings(text, decoded.durationSeconds || durationSeconds, offset), confidence, ...made }
  }

  async function transcribe(audioKey: string, durationSeconds: number, language: Locale | null): Promise<HeardTranscript> {
    engineFor(language)
    await fs.mkdir(tmpDir, { recursive: true })
    const work = await fs.mkdtemp(path.join(tmpDir, 'speech-'))
    try {
      const source = path.join(work, 'source')
      await pipeline(storage.read(audioKey), createWriteStream(source))
      const decoded = await decodeForSpeech(source, work)
      try {
        return await hear(decoded, durationSeconds, language)
      } finally {
        await decoded.cleanup()
      }
    } finally {
      await fs.rm(work, { recursive: true, force: true })
    }
  }

  return {
    /**
     * The transcript of the stored recording `audioKey` spoken in `language` (null: unknown); throws what the engine or
     * the decoder threw, and `LanguageUnsupportedError` at once when the engine cannot hear that language.
     */
    transcribe: (audioKey: string, durationSeconds = 0, language: Locale | null = null) =>
      limited(() => transcribe(audioKey, durationSeconds, language)),
    /** The transcript of 16 kHz mono WAV decoded already (the message job's one pass): nothing is read or decoded again. */
    transcribeWav: (decoded: { wavPath: string; durationSeconds: number }, language: Locale | null = null) =>
      limited(() => hear(decoded, decoded.durationSeconds, language)),
    /** the engine and model running now (a model downloaded in the background changes it) */
    active: () => ({ engine: speech.name, model: speech.engine?.model ?? null }),
  }
}

export type ObjectTranscriber = ReturnType<typeof createObjectTranscriber>

/** What a module's job for its kept recordings needs: the database, the transcriber, a log and the queue to retry on. */
export type KeptTranscriptJobDeps = {
  db: Database
  transcriber: Pick<ObjectTranscriber, 'transcribe'>
  queue: Pick<JobQueue, 'enqueue'>
  log: Pick<FastifyBaseLogger, 'warn'>
}

/** What a kept recording's transcript became after one attempt. */
export type KeptOutcome = {
  text: string | null
  words: TranscriptWord[]
  /** the transcript's language (decision 227); null without a transcript */
  language: string | null
  status: 'pending' | 'completed' | 'failed'
}

/**
 * One attempt at the transcript of a recording kept beside a row (a welcome message, an invitation's personal message,
 * a voice note): saved when made; after a failure, the next attempt queued with its delay, or the end in `failed`
 * (an absent object store is not a failure: the error goes to the queue, which runs the job again later).
 * The owning module's job says how to save and how to queue again.
 */
export async function transcribeKept(
  { db, transcriber, log }: Omit<KeptTranscriptJobDeps, 'queue'>,
  job: {
    audioKey: string
    attempt: number
    /** the speaker's language (their `profiles.language`); null: unknown, for a multilingual engine to detect */
    language: Locale | null
    what: Record<string, string>
    save: (tx: Executor, outcome: KeptOutcome) => Promise<void>
    requeue: (tx: Executor, delayMs: number) => Promise<void>
  },
): Promise<JobOutcome> {
  try {
    const result = await transcriber.transcribe(job.audioKey, 0, job.language)
    await db.transaction((tx) => job.save(tx, { text: result.text, words: result.words, language: result.language, status: 'completed' }))
    return { status: 'done' }
  } catch (error) {
    // the store away: pending meanwhile, and the queue runs this same attempt again later (decision 216)
    if (isStorageUnavailable(error)) {
      await db.transaction((tx) => job.save(tx, { text: null, words: [], language: null, status: 'pending' }))
      throw error
    }
    const delay = retryDelayAfter(error, job.attempt)
    log.warn({ ...job.what, attempt: job.attempt, reason: reasonOf(error) }, 'speech: transcription of a kept recording failed')
    await db.transaction(async (tx) => {
      await job.save(tx, { text: null, words: [], language: null, status: delay !== null ? 'pending' : 'failed' })
      if (delay !== null) await job.requeue(tx, delay)
    })
    return { status: delay !== null ? 'skipped' : 'failed', reason: reasonOf(error) }
  }
}
