/**
 * One interface for every speech engine: audio in, text and words with start and end times out.
 * The pipeline decodes every recording to 16 kHz mono 16-bit PCM WAV first (`decodeForSpeech`), so an
 * engine only ever reads that file.
 */
export type TranscriptWord = { word: string; start: number; end: number }

export type Transcript = {
  text: string
  /** in speaking order, seconds from the start of the audio; empty when the engine has no word times */
  words: TranscriptWord[]
  language: string | null
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
  transcribe(input: TranscribeInput): Promise<Transcript>
  /** releases workers or child processes; optional */
  close?(): Promise<void>
}

/** A failure worth a clear reason in `processing_error`; `retryable: false` ends the message at once. */
export class SpeechEngineError extends Error {
  constructor(
    message: string,
    readonly retryable = true,
  ) {
    super(message)
    this.name = 'SpeechEngineError'
  }
}

/** Which engine runs and why, for the start-up log and /api/health. */
export type EngineChoice = { engine: SpeechEngine | null; name: SpeechEngineName | 'none'; reason: string }
