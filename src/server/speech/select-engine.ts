import fs from 'node:fs/promises'
import path from 'node:path'
import type { Env } from '#server/env.ts'
import type { EngineChoice, SpeechEngine, SpeechEngineName } from './engine.ts'
import { createOpenAiEngine, type OpenAiEngineOptions } from './engines/openai.ts'
import { createPocketsphinxEngine, pocketsphinxAvailable } from './engines/pocketsphinx.ts'
import { createWhisperEngine } from './engines/whisper.ts'
import { DEFAULT_OPENAI_BASE_URL } from './openai-url.ts'

export type SpeechEnv = Pick<
  Env,
  'TRANSCRIBE_ENGINE' | 'WHISPER_MODEL' | 'OPENAI_BASE_URL' | 'OPENAI_API_KEY' | 'OPENAI_TRANSCRIBE_MODEL' | 'dataDir'
>

/** What selection looks at and how it builds the engine; tests swap them so nothing real is touched. */
export type EngineProbes = {
  fileExists(filePath: string): Promise<boolean>
  pocketsphinxInstalled(): Promise<boolean>
  build: {
    whisper(modelPath: string): SpeechEngine
    openai(options: OpenAiEngineOptions): SpeechEngine
    pocketsphinx(): SpeechEngine
  }
}

export const defaultProbes: EngineProbes = {
  fileExists: (filePath) =>
    fs.stat(filePath).then(
      (stat) => stat.isFile() && stat.size > 0,
      () => false,
    ),
  pocketsphinxInstalled: () => pocketsphinxAvailable(),
  build: {
    whisper: (modelPath) => createWhisperEngine({ modelPath }),
    openai: (options) => createOpenAiEngine(options),
    pocketsphinx: () => createPocketsphinxEngine(),
  },
}

/** `WHISPER_MODEL` when set (and then only it), else what `npm run models` downloads, best first. */
export function whisperModelCandidates(env: Pick<SpeechEnv, 'WHISPER_MODEL' | 'dataDir'>): string[] {
  if (env.WHISPER_MODEL) return [path.resolve(env.WHISPER_MODEL)]
  return ['ggml-base.en.bin', 'ggml-tiny.en.bin'].map((file) => path.join(env.dataDir, 'models', file))
}

type Attempt = { engine: SpeechEngine; detail: string } | { engine: null; missing: string }

/**
 * Picks the speech engine once at start-up. `auto` takes the best one available: whisper with a model on
 * disk, else an OpenAI-compatible endpoint when one is configured, else Debian's pocketsphinx, else none.
 * An engine named explicitly is never swapped for another: when it cannot run, the choice is no engine,
 * with a reason naming what is missing (messages then end `failed` with that reason).
 */
export async function selectSpeechEngine(env: SpeechEnv, probes: EngineProbes = defaultProbes): Promise<EngineChoice> {
  const tryWhisper = async (): Promise<Attempt> => {
    const candidates = whisperModelCandidates(env)
    for (const modelPath of candidates) {
      if (!(await probes.fileExists(modelPath))) continue
      try {
        return { engine: probes.build.whisper(modelPath), detail: `model ${modelPath}` }
      } catch (error) {
        // e.g. the native binding does not load on this platform
        return { engine: null, missing: `whisper could not start (${(error as Error).message})` }
      }
    }
    const where = candidates.length === 1 ? candidates[0] : candidates.join(' or ')
    return { engine: null, missing: `no Whisper model at ${where}` }
  }
  const tryOpenAi = (): Attempt => {
    if (!env.OPENAI_BASE_URL && !env.OPENAI_API_KEY) return { engine: null, missing: 'neither OPENAI_BASE_URL nor OPENAI_API_KEY is set' }
    const baseUrl = env.OPENAI_BASE_URL ?? DEFAULT_OPENAI_BASE_URL
    const engine = probes.build.openai({ baseUrl, apiKey: env.OPENAI_API_KEY, model: env.OPENAI_TRANSCRIBE_MODEL })
    // the endpoint, never the key
    return { engine, detail: `${baseUrl} with model ${env.OPENAI_TRANSCRIBE_MODEL}` }
  }
  const tryPocketsphinx = async (): Promise<Attempt> => {
    if (!(await probes.pocketsphinxInstalled()))
      return { engine: null, missing: 'pocketsphinx is not installed (apt-get install pocketsphinx pocketsphinx-en-us)' }
    return { engine: probes.build.pocketsphinx(), detail: 'Debian pocketsphinx found' }
  }
  const attempts: Record<SpeechEngineName, () => Attempt | Promise<Attempt>> = {
    whisper: tryWhisper,
    openai: tryOpenAi,
    pocketsphinx: tryPocketsphinx,
  }

  const wanted = env.TRANSCRIBE_ENGINE
  if (wanted === 'none') return { engine: null, name: 'none', reason: 'transcription turned off (TRANSCRIBE_ENGINE=none)' }
  if (wanted !== 'auto') {
    const attempt = await attempts[wanted]()
    if (attempt.engine) return { engine: attempt.engine, name: wanted, reason: `${wanted}: chosen by TRANSCRIBE_ENGINE, ${attempt.detail}` }
    return { engine: null, name: 'none', reason: `TRANSCRIBE_ENGINE=${wanted} but ${attempt.missing}` }
  }

  const whisper = await tryWhisper()
  if (whisper.engine) return { engine: whisper.engine, name: 'whisper', reason: `whisper: ${whisper.detail}` }
  // a WHISPER_MODEL that points nowhere is a mistake worth showing even when another engine runs
  const whisperNote = env.WHISPER_MODEL ? ` (${whisper.missing})` : ''
  const openai = tryOpenAi()
  if (openai.engine) return { engine: openai.engine, name: 'openai', reason: `openai: ${openai.detail}, no whisper model${whisperNote}` }
  const pocketsphinx = await tryPocketsphinx()
  if (pocketsphinx.engine) {
    return {
      engine: pocketsphinx.engine,
      name: 'pocketsphinx',
      reason: `pocketsphinx: ${pocketsphinx.detail}, no whisper model or OpenAI endpoint configured${whisperNote}`,
    }
  }
  return {
    engine: null,
    name: 'none',
    reason: `no engine available: install pocketsphinx, run npm run models, or set OPENAI_BASE_URL${whisperNote}`,
  }
}
