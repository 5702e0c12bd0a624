import fs from 'node:fs'
import { ALL_LOCALES, SpeechEngineError, type SpeechEngine, type Transcript, type TranscriptWord } from '#server/speech/engine.ts'
import { clampConfidence } from '#shared/transcript-confidence.ts'
import { openAiUrl } from '#server/speech/openai-url.ts'
import { languageCode } from './languages.ts'

export type OpenAiEngineOptions = {
  /** the API root, e.g. `https://api.openai.com/v1`; see `transcriptionUrl` */
  baseUrl: string
  /** sent as a bearer token when set; local servers often need none */
  apiKey?: string
  /** e.g. `whisper-1`; it must support `response_format=verbose_json` */
  model: string
  /** per request; default 5 minutes, a 10-minute recording upload included */
  timeoutMs?: number
  /** for tests; the global fetch otherwise */
  fetch?: typeof fetch
}

/**
 * `{baseUrl}/audio/transcriptions` by the rule of `openAiUrl` (the OpenAI SDKs' rule, shared with the
 * analysis model): the base URL is the API root; only a bare origin gets `/v1`. So
 * `https://api.openai.com` and `https://api.openai.com/v1/` both give
 * `https://api.openai.com/v1/audio/transcriptions`; `http://host/proxy/openai` keeps its path.
 */
export function transcriptionUrl(baseUrl: string): string {
  return openAiUrl(baseUrl, '/audio/transcriptions')
}

/**
 * Any OpenAI-compatible transcription endpoint (OpenAI itself, LocalAI, speaches / faster-whisper-server, …):
 * one multipart POST per recording asking for `verbose_json` with word timestamps. A server that only
 * answers segments gives no words, and the pipeline falls back to its own word timing.
 */
export function createOpenAiEngine(options: OpenAiEngineOptions): SpeechEngine {
  const url = transcriptionUrl(options.baseUrl)
  const timeoutMs = options.timeoutMs ?? 300_000
  const doFetch = options.fetch ?? fetch
  return {
    name: 'openai',
    model: options.model,
    // OpenAI's models hear many languages; a local server's model is the owner's choice, assumed as able
    languages: ALL_LOCALES,
    async transcribe({ wavPath, signal, language }) {
      const form = new FormData()
      // openAsBlob reads from disk as the body is sent, instead of holding the whole file in memory
      form.append('file', await fs.openAsBlob(wavPath, { type: 'audio/wav' }), 'speech.wav')
      form.append('model', options.model)
      form.append('response_format', 'verbose_json')
      form.append('timestamp_granularities[]', 'word')
      // ISO-639-1, as the API takes it; without it the model detects the language and names it in its answer
      if (language) form.append('language', language)
      const headers: Record<string, string> = { accept: 'application/json' }
      if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`

      const timeout = AbortSignal.timeout(timeoutMs)
      let response: Response
      let body: string
      try {
        response = await doFetch(url, { method: 'POST', body: form, headers, signal: AbortSignal.any([signal, timeout]) })
        body = await response.text()
      } catch (error) {
        if (timeout.aborted)
          throw new SpeechEngineError(`OpenAI transcription request timed out after ${Math.round(timeoutMs / 1000)} s (${url})`)
        if (signal.aborted) throw new SpeechEngineError(`OpenAI transcription timed out or was cancelled (${url})`)
        throw new SpeechEngineError(`OpenAI transcription request failed (${url}): ${describeFetchError(error)}`)
      }
      if (!response.ok) {
        const retryable = response.status >= 500 || response.status === 408 || response.status === 429
        throw new SpeechEngineError(
          `OpenAI transcription failed with HTTP ${response.status}: ${serverMessage(body) || response.statusText}`,
          retryable,
        )
      }
      return parseVerboseJson(body)
    },
  }
}

function describeFetchError(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  // undici hides the useful part (ECONNREFUSED, ENOTFOUND) in `cause`
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : ''
  return `${error.message}${cause}`
}

/** The `{ error: { message } }` OpenAI sends, a plain `{ message }` or `{ detail }`, or the start of the body. */
function serverMessage(body: string): string {
  try {
    const json: unknown = JSON.parse(body)
    if (json && typeof json === 'object') {
      const record = json as Record<string, unknown>
      const error = record.error
      if (error && typeof error === 'object' && typeof (error as Record<string, unknown>).message === 'string')
        return (error as { message: string }).message
      if (typeof error === 'string') return error
      if (typeof record.message === 'string') return record.message
      if (typeof record.detail === 'string') return record.detail
    }
  } catch {
    // not JSON: fall through to the raw text
  }
  return body.trim().slice(0, 300)
}

type Segment = { start: number; end: number; confidence: number }

/** A segment's `avg_logprob` (mean log-probability of its tokens) as a probability: exp(avg_logprob), 0..1. */
function segmentsOf(value: unknown): Segment[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item: unknown) => {
    if (!item || typeof item !== 'object') return []
    const { start, end, avg_logprob: logprob } = item as Record<string, unknown>
    if (typeof start !== 'number' || typeof end !== 'number' || typeof logprob !== 'number') return []
    const confidence = clampConfidence(Math.exp(logprob))
    return confidence === null ? [] : [{ start, end, confidence }]
  })
}

/**
 * Parses `verbose_json`; also accepts the plain `json` shape (`{ text }`), which has no words. Confidence comes
 * from the segments' `avg_logprob`: each word takes the confidence of the segment its middle falls in, and the
 * transcript's is the segments' mean weighted by their length (null when no segment has one).
 */
export function parseVerboseJson(body: string): Transcript {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    throw new SpeechEngineError(`OpenAI transcription answered something that is not JSON: ${body.trim().slice(0, 120) || '(empty body)'}`)
  }
  if (!json || typeof json !== 'object' || typeof (json as { text?: unknown }).text !== 'string') {
    throw new SpeechEngineError('OpenAI transcription answered JSON without a text field')
  }
  const record = json as { text: string; language?: unknown; words?: unknown; segments?: unknown }
  const segments = segmentsOf(record.segments)
  const words: TranscriptWord[] = []
  if (Array.isArray(record.words)) {
    for (const item of record.words as unknown[]) {
      if (!item || typeof item !== 'object') continue
      const { word, start, end } = item as Record<string, unknown>
      if (typeof word !== 'string' || typeof start !== 'number' || typeof end !== 'number') continue
      const trimmed = word.trim()
      if (!trimmed) continue
      const middle = (start + end) / 2
      const segment = segments.find((s) => middle >= s.start && middle <= s.end)
      words.push({ word: trimmed, start, end, ...(segment && { confidence: segment.confidence }) })
    }
  }
  return {
    text: record.text.trim(),
    words,
    language: typeof record.language === 'string' ? languageCode(record.language) : null,
    confidence: weightedConfidence(segments),
  }
}

function weightedConfidence(segments: Segment[]): number | null {
  if (segments.length === 0) return null
  const weight = (s: Segment) => Math.max(s.end - s.start, 0.01)
  const total = segments.reduce((sum, s) => sum + weight(s), 0)
  return clampConfidence(segments.reduce((sum, s) => sum + s.confidence * weight(s), 0) / total)
}
