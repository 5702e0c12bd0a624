import type { Locale } from '#shared/locales.ts'

/**
 * One interface for every translation engine (decision 228): a transcript's text in its language in, the same in a
 * reader's language out. Chosen once at start-up by TRANSLATION_ENGINE, as speech engines are.
 */
export type TranslationEngineName = 'openai' | 'apertium'

export type Translator = {
  name: TranslationEngineName
  /** a rough machine translation (Apertium's shallow rules): a screen marks it so */
  rough: boolean
  /** whether it has a way from `from` (a transcript's ISO 639-1 code) to `to` */
  canTranslate(from: string, to: Locale): boolean
  /** rejects with a TranslationError when it fails; `signal` aborts it */
  translate(input: { text: string; from: string; to: Locale; signal: AbortSignal }): Promise<string>
}

/** Which translator runs and why, for the start-up log and /api/config. */
export type TranslatorChoice = { translator: Translator | null; name: TranslationEngineName | 'none'; reason: string }

/** A translation attempt that failed; its message is for the log, never for the reader. */
export class TranslationError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'TranslationError'
  }
}

/** A language's English name for a prompt ('es' → 'Spanish'); the code itself when the runtime does not know it. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code
  } catch {
    return code
  }
}
