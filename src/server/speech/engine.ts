/**
 * One interface for every speech engine: audio in, text and words with start and end times out.
 * The pipeline decodes every recording to 16 kHz mono 16-bit PCM WAV first (`decodeForSpeech`), so an
 * engine only ever reads that file.
 */
/** `confidence`: 0..1 when the engine reports one per word (pocketsphinx's posterior, an OpenAI segment's) */
export type TranscriptWord = { word: string; start: number; end: number; confidence?: number }

export type Transcript = {
  text: string
  /** in speaking order, seconds from the start of the audio; empty when the engine has no word times */
  words: TranscriptWord[]
  language: string | null
  /** 0..1, how sure the engine was of the whole transcript; null or absent when it says nothing (decision 92) */
  confidence?: number | null
}

export type SpeechEngineName = 'whisper' | 'openai' | 'pocketsphinx'

export type TranscribeInput = {
  /** 16 kHz mono s16le WAV made by `decodeForSpeech` */
  wavPath: string
  durationSeconds: number
  /** aborted when the pipeline's time-out passes; the engine must stop its work and reject */
  signal: AbortSignal
}

export type SpeechEngine = {
  name: SpeechEngineName | 'test'
  /** the model it runs, recorded with each transcript (`ggml-base.en.bin`, `whisper-1`, `en-us`) */
  model?: string
  transcribe(input: TranscribeInput): Promise<Transcript>
  /** releases workers or child processes; optional */
  close?(): Promise<void>
}

/** A failure worth a clear reason in `processing_error`; `retryable: false` ends the message at once. */
export class SpeechEngineError extends Error {
  readonly retryable: boolean
  constructor(message: string, retryable = true) {
    super(message)
    this.name = 'SpeechEngineError'
    this.retryable = retryable
  }
}

/** Which engine runs and why, for the start-up log and /api/health. */
export type EngineChoice = { engine: SpeechEngine | null; name: SpeechEngineName | 'none'; reason: string }
