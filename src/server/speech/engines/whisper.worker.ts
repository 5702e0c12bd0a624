/**
 * Runs whisper.cpp (through @napi-rs/whisper) in a child process of the server: `Whisper.full()` is
 * synchronous and takes seconds to minutes, and a failed check inside whisper.cpp aborts the process it
 * runs in. Started by `whisper.ts`; one job at a time; the model stays loaded between jobs.
 */
import { Whisper, WhisperFullParams, WhisperSamplingStrategy, type Segment } from '@napi-rs/whisper'
import { readPcmSamples } from '#server/speech/decode.ts'
import type { Transcript, TranscriptWord } from '#server/speech/engine.ts'
import { whisperConfidence } from './whisper-confidence.ts'

export type WhisperJob = {
  id: number
  modelPath: string
  wavPath: string
  durationSeconds: number
  /** the speaker's language when known; null: a multilingual model detects it */
  language: string | null
  threads?: number
}
export type WhisperReply = { id: number; ok: true; transcript: Transcript } | { id: number; ok: false; message: string; retryable: boolean }

let loaded: { path: string; whisper: Whisper } | null = null

function load(modelPath: string): Whisper {
  if (loaded?.path === modelPath) return loaded.whisper
  loaded = null
  try {
    loaded = { path: modelPath, whisper: new Whisper(modelPath) }
  } catch (error) {
    throw new JobError(
      `Whisper model at ${modelPath} could not be loaded (${(error as Error).message}); run npm run models again or set WHISPER_MODEL`,
      false,
    )
  }
  return loaded.whisper
}

class JobError extends Error {
  readonly retryable: boolean
  constructor(message: string, retryable: boolean) {
    super(message)
    this.retryable = retryable
  }
}

/** Length without white space: segment texts are trimmed, the full text is not. */
const squash = (text: string) => text.replace(/\s+/g, '').length

async function transcribe(job: WhisperJob): Promise<Transcript> {
  const whisper = load(job.modelPath)
  const samples = readPcmSamples(job.wavPath)
  const params = new WhisperFullParams(WhisperSamplingStrategy.Greedy)
  // English-only models (*.en) cannot detect a language; multilingual ones are told the speaker's, or detect it
  const multilingual = whisper.isMultilingual !== 0
  params.language = multilingual ? (job.language ?? 'auto') : 'en'
  params.noContext = true
  params.printProgress = false
  params.printRealtime = false
  params.printTimestamps = false
  // one segment per word, with its own times (the word timings the player highlights)
  params.tokenTimestamps = true
  params.maxLen = 1
  params.splitOnWord = true
  if (job.threads) params.nThreads = job.threads
  const segments: Segment[] = []
  params.onNewSegment = (segment) => segments.push(segment)

  let output: string
  try {
    output = whisper.full(params, samples)
  } catch (error) {
    throw new JobError(`whisper.cpp failed: ${(error as Error).message}`, true)
  }
  // onNewSegment is a thread-safe callback queued on this thread's event loop, so the segments arrive only
  // after full() returns: turn the loop until they add up to the returned text (bounded, in case they never do)
  const expected = squash(output)
  const received = () => segments.reduce((sum, s) => sum + squash(s.text), 0)
  for (let turn = 0; turn < 1000 && received() < expected; turn++) await new Promise((resolve) => setImmediate(resolve))

  // whisper.cpp's times are in 10 ms from the start of the audio; its last window is padded to 30 s with
  // silence, so a word's end can lie past the recording: times are held within it
  const last = job.durationSeconds
  const words: TranscriptWord[] = []
  for (const segment of segments) {
    const word = cleanWord(segment.text)
    if (!word) continue
    const start = Math.min(segment.start / 100, last)
    words.push({ word, start, end: Math.max(start, Math.min(segment.end / 100, last)) })
  }
  const language = multilingual ? Whisper.lang(whisper.fullLangId) : 'en'
  const text = cleanText(output)
  return { text, words, language, confidence: whisperConfidence(text, job.durationSeconds) }
}

/** `[BLANK_AUDIO]`, `[MUSIC]` and the like are whisper's notes about non-speech, not words. */
const NON_SPEECH = /\[[^\]]*\]/g

function cleanText(text: string): string {
  return text.replace(NON_SPEECH, ' ').replace(/\s+/g, ' ').trim()
}

/** Segment texts carry their punctuation ("Hey!"); words elsewhere in Hearth have none. Times are in 10 ms. */
function cleanWord(text: string): string {
  return text
    .replace(NON_SPEECH, '')
    .trim()
    .replace(/^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu, '')
}

const reply = (message: WhisperReply) => process.send?.(message)

process.on('message', (job: WhisperJob) => {
  transcribe(job).then(
    (transcript) => reply({ id: job.id, ok: true, transcript }),
    (error: unknown) => {
      const retryable = error instanceof JobError ? error.retryable : true
      reply({ id: job.id, ok: false, message: (error as Error).message, retryable })
    },
  )
})
// the server went away: nothing will ask this process for anything again
process.on('disconnect', () => process.exit(0))
