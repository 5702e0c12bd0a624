import { z } from 'zod'
import type { Locale } from '#shared/locales.ts'
import { openAiUrl } from '#server/speech/openai-url.ts'
import { languageName, TranslationError, type Translator } from './translator.ts'

export type OpenAiTranslatorOptions = {
  /** OPENAI_BASE_URL; completed by `openAiUrl` */
  baseUrl: string
  /** sent as a bearer token when set; local servers often need none */
  apiKey?: string
  /** OPENAI_TRANSLATION_MODEL */
  model: string
  /** per request; default 60 s */
  timeoutMs?: number
}

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullish() }) })).min(1),
})

/**
 * A transcript translated by an OpenAI-compatible chat model (OpenAI itself, LocalAI, Ollama, vLLM...): one request
 * per message and language, the transcript's text sent to the configured endpoint (docs/security.md). It reads every
 * language a multilingual speech engine hears, so it takes any pair.
 */
export function createOpenAiTranslator(options: OpenAiTranslatorOptions): Translator {
  const url = openAiUrl(options.baseUrl, '/chat/completions')
  const timeoutMs = options.timeoutMs ?? 60_000
  return {
    name: 'openai',
    rough: false,
    canTranslate: () => true,
    async translate({ text, from, to, signal }: { text: string; from: string; to: Locale; signal: AbortSignal }) {
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' }
      if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`
      const body = {
        model: options.model,
        temperature: 0,
        messages: [
          {
            role: 'system',
            content:
              `Translate the user's voice message transcript from ${languageName(from)} to ${languageName(to)}. ` +
              'Keep its meaning, tone and warmth; it is a personal message between family or friends. ' +
              'Answer with the translation only, nothing before or after it.',
          },
          { role: 'user', content: text },
        ],
      }
      let response: Response
      let answer: string
      try {
        response = await fetch(url, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
          signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
        })
        answer = await response.text()
      } catch (error) {
        throw new TranslationError(`translation request to ${url} failed: ${(error as Error).message}`)
      }
      if (!response.ok) throw new TranslationError(`translation at ${url} answered HTTP ${response.status}: ${answer.slice(0, 300)}`)
      let parsed: z.infer<typeof completionSchema>
      try {
        parsed = completionSchema.parse(JSON.parse(answer))
      } catch {
        throw new TranslationError(`translation at ${url} answered something that is not a chat completion`)
      }
      const translated = parsed.choices[0]?.message.content?.trim()
      if (!translated) throw new TranslationError(`translation at ${url} answered no text`)
      return translated
    },
  }
}
