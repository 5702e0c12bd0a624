import type { FastifyBaseLogger } from 'fastify'
import type { Env } from '#server/env.ts'
import type { Analyzer } from './analysis/analyzer.ts'
import { selectAnalyzer } from './analysis/select-analyzer.ts'
import type { EngineChoice } from './engine.ts'
import { startModelDownload, type ModelDownloadStatus } from './model-download.ts'
import { selectSpeechEngine } from './select-engine.ts'

/** What the caller may fix instead of the environment: tests put an engine or analyser double here. */
export type SpeechOptions = {
  choice?: EngineChoice
  analyzer?: Analyzer
  /** fetch the default whisper model in the background (`npm start` only, never tests) */
  autoDownload?: boolean
}

/** Which speech engine and analyser run, and why (health and the start-up log); read at each request. */
export type SpeechStatus = {
  readonly engine: string
  readonly reason: string
  readonly analyzer: string
  readonly model: ModelDownloadStatus | null
  readonly engineModel: string | null
}

/**
 * The instance's speech: the engine the environment selects (or the caller's), the analyser, and the whisper model's
 * download in the background when asked. The choice is replaced in place when a downloaded model is ready, so the
 * status reads it at each request.
 */
export async function createSpeech({ env, log, given }: { env: Env; log: Pick<FastifyBaseLogger, 'info'>; given?: SpeechOptions }) {
  const choice = given?.choice ?? (await selectSpeechEngine(env))
  const analyzerChoice = given?.analyzer ? { analyzer: given.analyzer, reason: 'given by the caller' } : selectAnalyzer(env)
  log.info({ engine: choice.name, analyzer: analyzerChoice.analyzer.name }, `speech: ${choice.reason}`)
  const modelDownload = given?.autoDownload ? startModelDownload({ env, choice, log: (line) => log.info(line) }) : null
  const status: SpeechStatus = {
    get engine() {
      return choice.name
    },
    get reason() {
      return choice.reason
    },
    get engineModel() {
      return choice.engine?.model ?? null
    },
    analyzer: analyzerChoice.analyzer.name,
    get model() {
      return modelDownload ? { ...modelDownload.status } : null
    },
  }
  return {
    choice,
    analyzer: analyzerChoice.analyzer,
    status,
    /** stops the engine's helper processes, if it has any */
    close: async () => {
      await choice.engine?.close?.()
    },
  }
}
