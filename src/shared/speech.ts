/**
 * Speech processing rules shared by server and web (docs/product/playback.md).
 */

/** Transcription-retry helper: the wait before attempt n+1 is RETRY_DELAYS_MS[n-1]. */
export const SPEECH_RETRY_DELAYS_MS = [3_000, 10_000, 30_000] as const
/** Attempts per message and per stage (transcription, then analysis). */
export const SPEECH_MAX_ATTEMPTS = 3
/** Retries, automatic or asked for, only within this time after the message was sent. */
export const SPEECH_RETRY_WINDOW_MS = 2 * 60 * 60 * 1000

/** Welcome transcript: the profile is re-fetched every 3 s while processing, for at most 120 s. */
export const WELCOME_TRANSCRIPT_POLL_MS = 3_000
export const WELCOME_TRANSCRIPT_POLL_MAX_MS = 120_000
/** one more fetch this long after the welcome transcript completed (docs/product/playback.md) */
export const WELCOME_TRANSCRIPT_REFRESH_MS = 1_000

/** Polling fallback for a message while the realtime socket is down. */
export const MESSAGE_STATUS_POLL_MS = 3_000

/** Live transcript while recording a reply: the recording so far is sent about every 2 s. */
export const LIVE_TRANSCRIPT_INTERVAL_MS = 2_000

export const SPEECH_TEXTS = {
  notRetryable: 'Message not found or not retryable',
  retryingTitle: 'Transcription retrying',
  retryingBody: 'Processing your message again...',
  retryFailed: 'Could not retry transcription',
  overviewFailed: 'Transcription failed',
  noEngine: 'No speech engine is available on the server',
  previewBusy: 'A live transcript is already being made for you',
  /** the speaker's language is one the speech engine here cannot transcribe (decision 227) */
  languageUnsupported: 'The speech engine on this server cannot transcribe your language',
  liveTranscript: 'Live transcript',
  /** beside a transcript the basic offline engine made (decision 210) */
  basicEngine: 'Transcripts come from a basic offline engine and may be rough.',
  /** the owner's how-to, on Settings → People on this Hearth (the README's speech section says more) */
  basicEngineHowTo:
    'For better ones, run "npm run models" on the server to fetch the Whisper model, or set OPENAI_BASE_URL to an OpenAI-compatible speech service, then restart Hearth.',
} as const

/** The speech engine that is offline and basic: its transcripts are often rough (decision 92 measured it). */
export const BASIC_SPEECH_ENGINE = 'pocketsphinx'

/** Whether transcripts from `engine` (a message's `transcript_engine`, or `speech.engine` in /api/health) may be rough. */
export function isBasicSpeechEngine(engine: string | null | undefined): boolean {
  return engine === BASIC_SPEECH_ENGINE
}

/** Whether a failed message may still be retried at `now`. */
export function canRetryTranscription(message: { processing_status: string; created_at: string | Date }, now = Date.now()): boolean {
  if (message.processing_status !== 'failed') return false
  return now - new Date(message.created_at).getTime() < SPEECH_RETRY_WINDOW_MS
}

/** The wait before the next automatic attempt, or null when no attempt is left. */
export function nextRetryDelayMs(attemptsMade: number): number | null {
  if (attemptsMade >= SPEECH_MAX_ATTEMPTS) return null
  return SPEECH_RETRY_DELAYS_MS[Math.max(0, attemptsMade - 1)] ?? null
}

/**
 * Whether a screen should keep asking for this message while no live updates arrive: transcription
 * polling while there is no transcript and it has not failed; analysis polling while there is a
 * transcript but the analysis has not finished (docs/product/playback.md).
 */
export function awaitingSpeech(message: { processing_status: string }): boolean {
  // the status stays 'processing' between the transcript and the analysis, so one rule covers both
  return message.processing_status === 'pending' || message.processing_status === 'processing'
}
