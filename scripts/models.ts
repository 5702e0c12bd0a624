import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseEnvOrExit } from '#server/env.ts'
import { downloadModel, MODEL_BASE_URL, ModelDownloadError, WHISPER_MODELS, type WhisperModelName } from '#server/speech/models.ts'

/** `npm run models [base.en|tiny.en]` */
async function main(args: string[]) {
  const name = (args[0] ?? 'base.en') as WhisperModelName
  const model = WHISPER_MODELS[name]
  if (!model) {
    console.error(`Unknown model "${args[0]}". Use one of: ${Object.keys(WHISPER_MODELS).join(', ')} (default base.en).`)
    process.exit(2)
  }
  const env = parseEnvOrExit(process.env)
  const say = (line: string) => console.log(`[models] ${line}`)
  const url = `${MODEL_BASE_URL}/${model.file}`
  try {
    const target = await downloadModel({ model, url, dir: path.join(env.dataDir, 'models'), log: say })
    say(`ready: ${target}`)
    say(`the server picks it up at its next start (TRANSCRIBE_ENGINE=auto or whisper)`)
  } catch (error) {
    if (!(error instanceof ModelDownloadError)) throw error
    console.error(`[models] Could not download the Whisper model ${name}: ${error.message}`)
    console.error(`[models] Check the network, or fetch ${url} by hand and set WHISPER_MODEL to its path.`)
    process.exit(1)
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2))
}
