import { z } from 'zod'
import { LOCALES } from '#shared/locales.ts'
import { SpeechEngineError } from '#server/speech/engine.ts'
import { openAiUrl } from '#server/speech/openai-url.ts'
import { MAX_EMOTIONS, MAX_TOPICS, type Analysis, type Analyzer } from './analyzer.ts'
import { canonicalEmotion, EMOTION_LABELS } from './emotion-lexicon.ts'
import { canonicalTopic, TOPIC_LABELS } from './topic-map.ts'

export type OpenAiAnalyzerOptions = {
  /** OPENAI_BASE_URL; completed by `openAiUrl` */
  baseUrl: string
  /** sent as a bearer token when set; local servers often need none */
  apiKey?: string
  /** OPENAI_ANALYSIS_MODEL; it must support `response_format: json_schema` */
  model: string
  /** per request; default 60 s */
  timeoutMs?: number
  /** for tests; the global fetch otherwise */
  fetch?: typeof fetch
}

/** Labels longer than this, or of more than two words, are sentences rather than labels and are dropped. */
const MAX_LABEL_CHARS = 24
const MAX_LABEL_WORDS = 2
/** Enough of an error body to explain it in `processing_error`, not the whole page a proxy may send. */
const MAX_ERROR_BODY_CHARS = 300

const SYSTEM_PROMPT = [
  'You label short personal voice messages between close friends and family.',
  `emotions: up to ${MAX_EMOTIONS} feelings the speaker expresses, strongest first, each one lowercase adjective; prefer: ${EMOTION_LABELS.join(', ')}.`,
  `topics: up to ${MAX_TOPICS} subjects the message is about, strongest first, each one or two lowercase nouns; prefer: ${TOPIC_LABELS.join(', ')}.`,
  'sentiment: the overall tone from -1 (very negative) to 1 (very positive).',
  'Count a feeling only when the speaker has it: "not happy" is not happy. Use empty lists when nothing fits.',
].join('\n')

/**
 * Strict structured output: the server must answer exactly this shape. Limits (list lengths, the
 * sentiment range) are not in the schema, because strict mode on several servers rejects those keywords;
 * the prompt asks for them and `normalise` enforces them.
 */
export const ANALYSIS_JSON_SCHEMA = {
  name: 'message_analysis',
  strict: true,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['emotions', 'topics', 'sentiment'],
    properties: {
      emotions: { type: 'array', items: { type: 'string' }, description: 'feelings, strongest first' },
      topics: { type: 'array', items: { type: 'string' }, description: 'subjects, strongest first' },
      sentiment: { type: 'number', description: '-1 (very negative) to 1 (very positive)' },
    },
  },
} as const

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }) })).min(1),
})

const answerSchema = z.object({
  emotions: z.array(z.string()),
  topics: z.array(z.string()),
  sentiment: z.number(),
})

/**
 * Analysis by any OpenAI-compatible chat model: one POST to `/chat/completions` with a strict JSON schema,
 * the answer checked with zod and its labels normalised into the offline analyser's vocabulary.
 *
 * Failures are SpeechEngineErrors with a readable message for `processing_error`. Answers that retrying
 * cannot fix (400 bad request, 401/403 key, 404 model) are not retryable; time-outs, network errors,
 * 408/409/429/5xx and malformed answers are.
 */
export function createOpenAiAnalyzer(options: OpenAiAnalyzerOptions): Analyzer {
  const url = openAiUrl(options.baseUrl, '/chat/completions')
  const timeoutMs = options.timeoutMs ?? 60_000
  const doFetch = options.fetch ?? fetch

  return {
    name: 'openai',
    // a chat model reads every language Hearth speaks and answers the English labels it is asked for
    languages: LOCALES,
    async analyze(text: string, signal?: AbortSignal): Promise<Analysis> {
      if (text.trim() === '') return { emotions: [], topics: [], sentiment: 0 }
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' }
      if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`
      const body = JSON.stringify({
        model: options.model,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: text },
        ],
        response_format: { type: 'json_schema', json_schema: ANALYSIS_JSON_SCHEMA },
      })

      const timeout = AbortSignal.timeout(timeoutMs)
      const combined = signal ? AbortSignal.any([signal, timeout]) : timeout
      let status: number
      let responseText: string
      try {
        const response = await doFetch(url, { method: 'POST', headers, body, signal: combined })
        status = response.status
        responseText = await response.text()
      } catch (error) {
        if (timeout.aborted) throw new SpeechEngineError(`OpenAI analysis timed out after ${timeoutMs} ms (${url})`)
        if (signal?.aborted) {
          const timedOut = signal.reason instanceof Error && signal.reason.name === 'TimeoutError'
          throw new SpeechEngineError(timedOut ? `OpenAI analysis timed out (${url})` : 'OpenAI analysis was cancelled')
        }
        throw new SpeechEngineError(`OpenAI analysis request to ${url} failed: ${describeFetchError(error)}`)
      }

      if (status < 200 || status >= 300) {
        const retryable = status === 408 || status === 409 || status === 429 || status >= 500
        throw new SpeechEngineError(`OpenAI analysis failed with HTTP ${status}: ${errorDetail(responseText)}`, retryable)
      }
      return parseAnswer(responseText)
    },
  }
}

function parseAnswer(responseText: string): Analysis {
  const completion = completionSchema.safeParse(safeJson(responseText))
  if (!completion.success) throw new SpeechEngineError(`OpenAI analysis answer is not a chat completion: ${snippet(responseText)}`)
  const message = completion.data.choices[0]!.message
  if (message.refusal) throw new SpeechEngineError(`OpenAI analysis was refused: ${snippet(message.refusal)}`, false)
  const content = message.content ?? ''
  // Servers that ignore response_format sometimes fence the JSON as markdown.
  const json = content.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/i, '$1')
  const answer = answerSchema.safeParse(safeJson(json))
  if (!answer.success) {
    throw new SpeechEngineError(`OpenAI analysis answer does not match the schema (emotions, topics, sentiment): ${snippet(content)}`)
  }
  return normalise(answer.data)
}

/** Lowercase, trimmed, short, deduplicated labels in the offline vocabulary; sentiment clamped to -1..1. */
export function normalise(answer: Analysis): Analysis {
  const labels = (list: string[], canonical: (label: string) => string, limit: number) => {
    const out: string[] = []
    for (const raw of list) {
      const cleaned = raw
        .toLowerCase()
        .replace(/[_-]+/g, ' ')
        .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
        .replace(/\s+/g, ' ')
      if (cleaned === '' || cleaned.length > MAX_LABEL_CHARS || cleaned.split(' ').length > MAX_LABEL_WORDS) continue
      const label = canonical(cleaned)
      if (!out.includes(label)) out.push(label)
      if (out.length === limit) break
    }
    return out
  }
  const sentiment = Number.isFinite(answer.sentiment) ? Math.min(1, Math.max(-1, answer.sentiment)) : 0
  return {
    emotions: labels(answer.emotions, canonicalEmotion, MAX_EMOTIONS),
    topics: labels(answer.topics, canonicalTopic, MAX_TOPICS),
    sentiment: Math.round(sentiment * 1000) / 1000,
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat === '') return '(empty)'
  return flat.length > MAX_ERROR_BODY_CHARS ? `${flat.slice(0, MAX_ERROR_BODY_CHARS)}…` : flat
}

/** OpenAI-style servers answer `{ error: { message } }`; anything else is shown as a short snippet. */
function errorDetail(body: string): string {
  const parsed = z.object({ error: z.object({ message: z.string() }) }).safeParse(safeJson(body))
  return parsed.success ? snippet(parsed.data.error.message) : snippet(body)
}

function describeFetchError(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  // undici hides the reason (ECONNREFUSED, ENOTFOUND...) in `cause`
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : ''
  return `${error.message}${cause}`
}
