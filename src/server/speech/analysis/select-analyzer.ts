import type { Env } from '#server/env.ts'
import { DEFAULT_OPENAI_BASE_URL } from '#server/speech/openai-url.ts'
import type { Analyzer } from './analyzer.ts'
import { createOfflineAnalyzer } from './offline-analyzer.ts'
import { createOpenAiAnalyzer } from './openai-analyzer.ts'

export type AnalysisEnv = Pick<Env, 'OPENAI_BASE_URL' | 'OPENAI_API_KEY' | 'OPENAI_ANALYSIS_MODEL'>

/** Which analyser runs and why, for the start-up log and /api/health. */
export type AnalyzerChoice = { analyzer: Analyzer; reason: string }

/**
 * The OpenAI-compatible chat model when OPENAI_ANALYSIS_MODEL names one and there is somewhere to send it
 * (OPENAI_BASE_URL, or OPENAI_API_KEY for OpenAI itself); otherwise the offline lexicon analyser, which
 * always works. The reason never contains the API key.
 */
export function selectAnalyzer(env: AnalysisEnv): AnalyzerChoice {
  const model = env.OPENAI_ANALYSIS_MODEL
  if (!model)
    return {
      analyzer: createOfflineAnalyzer(),
      reason: 'offline analysis (wink-nlp and the emotion lexicon); OPENAI_ANALYSIS_MODEL is not set',
    }
  if (!env.OPENAI_BASE_URL && !env.OPENAI_API_KEY) {
    return {
      analyzer: createOfflineAnalyzer(),
      reason: 'offline analysis: OPENAI_ANALYSIS_MODEL is set but neither OPENAI_BASE_URL nor OPENAI_API_KEY is',
    }
  }
  const baseUrl = env.OPENAI_BASE_URL ?? DEFAULT_OPENAI_BASE_URL
  return {
    analyzer: createOpenAiAnalyzer({ baseUrl, apiKey: env.OPENAI_API_KEY, model }),
    reason: `openai analysis: model ${model} at ${baseUrl}`,
  }
}
