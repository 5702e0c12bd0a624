import { LOCALES, type Locale } from '#shared/locales.ts'

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
  /**
   * The speaker's language (their `profiles.language`), one the engine declares in `languages`; null or absent: a
   * multilingual engine detects it, an English-only one hears English (decision 227)
   */
  language?: Locale | null
  /** aborted when the pipeline's time-out passes; the engine must stop its work and reject */
  signal: AbortSignal
}

export type SpeechEngine = {
  name: SpeechEngineName | 'test'
  /** the model it runs, recorded with each transcript (`ggml-base.en.bin`, `whisper-1`, `en-us`) */
  model?: string
  /**
   * The languages it can transcribe (decision 227): whisper's multilingual models and an OpenAI-compatible endpoint
   * all of Hearth's, an English-only model (`*.en`) and the offline engine English alone. Absent: English alone.
   */
  languages?: readonly Locale[]
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

/** What an engine that can hear only English declares. */
export const ENGLISH_ONLY: readonly Locale[] = ['en']
/** What a multilingual engine declares: every language Hearth speaks. */
export const ALL_LOCALES: readonly Locale[] = LOCALES

/** Whether `engine` can transcribe speech in `language`; an unknown language (null) is for the engine to detect. */
export function engineHears(engine: Pick<SpeechEngine, 'languages'>, language: Locale | null): boolean {
  return language === null || (engine.languages ?? ENGLISH_ONLY).includes(language)
}

/**
 * The speaker's language is one the engine running cannot transcribe (decision 227): no attempt is made, so no English
 * guess at Spanish speech is ever stored. Never retried by itself: only another engine changes the answer.
 */
export class LanguageUnsupportedError extends SpeechEngineError {
  readonly language: Locale
  constructor(language: Locale, engine: string) {
    super(`The speech engine running here (${engine}) cannot transcribe ${language}`, false)
    this.name = 'LanguageUnsupportedError'
    this.language = language
  }
}
