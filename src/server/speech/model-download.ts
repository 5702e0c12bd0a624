import path from 'node:path'
import type { Env } from '#server/env.ts'
import type { EngineChoice, SpeechEngine } from './engine.ts'
import { createWhisperEngine } from './engines/whisper.ts'
import { downloadModel, MODEL_BASE_URL, WHISPER_MODELS, type ModelFile, type WhisperModelName } from './models.ts'

/** What /api/health shows of the background model download. */
export type ModelDownloadStatus = {
  model: string
  state: 'downloading' | 'ready' | 'failed'
  /** 0-100, of the whole file (a resumed download starts where it stopped) */
  percent: number
  detail: string | null
}

/** The model the first start fetches: base.en, the best English model of those Hearth knows (decision 26). */
export const DEFAULT_DOWNLOAD_MODEL: WhisperModelName = 'base.en'

export type ModelDownloadOptions = {
  env: Pick<Env, 'TRANSCRIBE_ENGINE' | 'WHISPER_MODEL' | 'MODEL_DOWNLOAD' | 'dataDir'>
  /** the running choice: replaced in place when the model is ready, so new work uses whisper at once */
  choice: EngineChoice
  log: (line: string) => void
  /** for tests: a local server and a generated model */
  model?: ModelFile
  url?: string
  fetch?: typeof fetch
  buildWhisper?: (modelPath: string) => SpeechEngine
}

/**
 * Starts fetching the default Whisper model in the background when it is worth it: `MODEL_DOWNLOAD` on,
 * `TRANSCRIBE_ENGINE=auto` (an engine named by hand is never swapped), no `WHISPER_MODEL`, and whisper not
 * already running. Until the model is there the best engine available goes on working; then whisper takes
 * new recordings without a restart (a recording already running finishes on the engine it started on).
 * Returns null when nothing is fetched; else the live status and a promise that settles when it is over
 * (it never rejects: a failure is logged and shown in the status, and the next start resumes it).
 */
export function startModelDownload(options: ModelDownloadOptions): { status: ModelDownloadStatus; done: Promise<void> } | null {
  const { env, choice, log } = options
  if (!env.MODEL_DOWNLOAD || env.TRANSCRIBE_ENGINE !== 'auto' || env.WHISPER_MODEL || choice.name === 'whisper') return null
  const model = options.model ?? WHISPER_MODELS[DEFAULT_DOWNLOAD_MODEL]
  const url = options.url ?? `${MODEL_BASE_URL}/${model.file}`
  const status: ModelDownloadStatus = { model: model.file, state: 'downloading', percent: 0, detail: null }
  const say = (line: string) => log(`model download: ${line}`)

  const done = (async () => {
    try {
      const modelPath = await downloadModel({
        model,
        url,
        dir: path.join(env.dataDir, 'models'),
        fetch: options.fetch,
        log: say,
        onProgress: (bytes, total) => (status.percent = Math.floor((bytes / total) * 100)),
      })
      const engine = (options.buildWhisper ?? ((file: string) => createWhisperEngine({ modelPath: file })))(modelPath)
      const previous = choice.engine
      choice.engine = engine
      choice.name = 'whisper'
      choice.reason = `whisper: model ${modelPath}, downloaded in the background (was ${choice.reason})`
      status.state = 'ready'
      status.percent = 100
      say(`ready; new recordings are transcribed by whisper (${modelPath})`)
      // work already given to the old engine keeps it until it finishes; it has no worker to stop otherwise
      void previous?.close?.()
    } catch (error) {
      status.state = 'failed'
      status.detail = (error as Error).message
      say(`${status.detail}; going on with ${choice.name}, the next start tries again`)
    }
  })()
  return { status, done }
}
