import fs from 'node:fs/promises'
import path from 'node:path'
import type { Env } from '#server/env.ts'
import { DEFAULT_OPENAI_BASE_URL } from '#server/speech/openai-url.ts'
import { APERTIUM_BINARY, createApertiumTranslator, installedApertiumModes } from './apertium.ts'
import { createOpenAiTranslator } from './openai-translator.ts'
import type { TranslatorChoice } from './translator.ts'

export type TranslationEnv = Pick<Env, 'TRANSLATION_ENGINE' | 'OPENAI_BASE_URL' | 'OPENAI_API_KEY' | 'OPENAI_TRANSLATION_MODEL' | 'dataDir'>

/** What selection looks at; tests swap them so nothing installed decides. */
export type TranslationProbes = {
  apertiumInstalled(): Promise<boolean>
  apertiumModes(): Promise<Set<string>>
}

const defaultProbes: TranslationProbes = {
  apertiumInstalled: () =>
    fs.access(APERTIUM_BINARY, fs.constants.X_OK).then(
      () => true,
      () => false,
    ),
  apertiumModes: () => installedApertiumModes(),
}

/**
 * Picks the translation engine once at start-up (decision 228). TRANSLATION_ENGINE names it; unset, Apertium runs
 * when it and at least one pair are installed (it is offline and sends nothing anywhere), else none. The OpenAI-
 * compatible endpoint is never chosen unasked: it sends transcripts out. An engine named but unable to run gives no
 * engine, with a reason naming what is missing. The reason never contains the API key.
 */
export async function selectTranslator(env: TranslationEnv, probes: TranslationProbes = defaultProbes): Promise<TranslatorChoice> {
  const wanted = env.TRANSLATION_ENGINE
  if (wanted === 'none') return { translator: null, name: 'none', reason: 'translation turned off (TRANSLATION_ENGINE=none)' }
  if (wanted === 'openai') {
    if (!env.OPENAI_TRANSLATION_MODEL)
      return { translator: null, name: 'none', reason: 'TRANSLATION_ENGINE=openai but OPENAI_TRANSLATION_MODEL is not set' }
    if (!env.OPENAI_BASE_URL && !env.OPENAI_API_KEY)
      return { translator: null, name: 'none', reason: 'TRANSLATION_ENGINE=openai but neither OPENAI_BASE_URL nor OPENAI_API_KEY is set' }
    const baseUrl = env.OPENAI_BASE_URL ?? DEFAULT_OPENAI_BASE_URL
    return {
      translator: createOpenAiTranslator({ baseUrl, apiKey: env.OPENAI_API_KEY, model: env.OPENAI_TRANSLATION_MODEL }),
      name: 'openai',
      reason: `openai translation: model ${env.OPENAI_TRANSLATION_MODEL} at ${baseUrl}`,
    }
  }
  const missing = 'apertium is not installed (apt-get install apertium apertium-eng-spa)'
  if (!(await probes.apertiumInstalled()))
    return { translator: null, name: 'none', reason: wanted ? `TRANSLATION_ENGINE=apertium but ${missing}` : `no translation: ${missing}` }
  const modes = await probes.apertiumModes()
  if (modes.size === 0) {
    const noPair = 'no Apertium language pair is installed (apt-get install apertium-eng-spa)'
    return { translator: null, name: 'none', reason: wanted ? `TRANSLATION_ENGINE=apertium but ${noPair}` : `no translation: ${noPair}` }
  }
  return {
    translator: createApertiumTranslator({ modes, tmpDir: path.join(env.dataDir, 'tmp') }),
    name: 'apertium',
    reason: `apertium translation (rough), pairs ${[...modes].sort().join(', ')}`,
  }
}
