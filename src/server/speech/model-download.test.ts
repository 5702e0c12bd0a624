import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { TINY_WHISPER_WORDS, whisperBindingLoads, tinyWhisperModel, writeToneWav } from '#server/test/whisper-model.ts'
import type { EngineChoice, SpeechEngine } from './engine.ts'
import { startModelDownload } from './model-download.ts'
import type { ModelFile } from './models.ts'

// a real (generated) whisper model, served by a local server in place of the model host
const bytes = tinyWhisperModel()
const model: ModelFile = {
  file: 'ggml-base.en.bin',
  bytes: bytes.length,
  sha256: createHash('sha256').update(bytes).digest('hex'),
  sha1: createHash('sha1').update(bytes).digest('hex'),
}
const server = http.createServer((req, res) => {
  const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '')
  if (req.url === '/model.bin' && range) res.writeHead(206).end(bytes.subarray(Number(range[1])))
  else if (req.url === '/model.bin') res.writeHead(200).end(bytes)
  else if (req.url === '/broken.bin') {
    res.writeHead(200, { 'content-length': String(bytes.length) })
    res.write(bytes.subarray(0, 1_000_000), () => res.destroy())
  } else if (req.url === '/other.bin') res.writeHead(200).end(Buffer.concat([bytes.subarray(1), Buffer.from('x')]))
  else res.writeHead(404).end()
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
const root = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-model-download-'))
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await fs.rm(root, { recursive: true, force: true })
})

const weaker: SpeechEngine = { name: 'test', transcribe: async () => ({ text: 'from the weaker engine', words: [], language: 'en' }) }
const weakChoice = (): EngineChoice => ({ engine: weaker, name: 'pocketsphinx', reason: 'pocketsphinx: Debian pocketsphinx found' })
const env = (dataDir: string, overrides: object = {}) => ({
  TRANSCRIBE_ENGINE: 'auto' as const,
  WHISPER_MODEL: undefined,
  MODEL_DOWNLOAD: true,
  dataDir,
  ...overrides,
})

describe('model download on start', () => {
  it('fetches nothing when turned off, when an engine is named, or when whisper already runs', () => {
    const log = () => undefined
    const dataDir = path.join(root, 'none')
    expect(startModelDownload({ env: env(dataDir, { MODEL_DOWNLOAD: false }), choice: weakChoice(), log, model })).toBeNull()
    expect(startModelDownload({ env: env(dataDir, { TRANSCRIBE_ENGINE: 'pocketsphinx' }), choice: weakChoice(), log, model })).toBeNull()
    expect(startModelDownload({ env: env(dataDir, { WHISPER_MODEL: '/models/x.bin' }), choice: weakChoice(), log, model })).toBeNull()
    const whisper: EngineChoice = { engine: weaker, name: 'whisper', reason: 'whisper: model' }
    expect(startModelDownload({ env: env(dataDir), choice: whisper, log, model })).toBeNull()
  })

  it('refuses a file whose checksum differs, removes it and keeps the engine it had', async () => {
    const dataDir = path.join(root, 'wrong')
    const choice = weakChoice()
    const lines: string[] = []
    const started = startModelDownload({ env: env(dataDir), choice, log: (line) => lines.push(line), model, url: `${origin}/other.bin` })!
    expect(started.status).toMatchObject({ state: 'downloading', model: 'ggml-base.en.bin' })
    await started.done
    expect(started.status.state).toBe('failed')
    expect(started.status.detail).toMatch(/is not the published file/)
    expect(await fs.readdir(path.join(dataDir, 'models'))).toEqual([])
    expect(choice.engine).toBe(weaker)
    expect(lines.at(-1)).toMatch(/going on with pocketsphinx, the next start tries again$/)
  })

  it.skipIf(!whisperBindingLoads)(
    'resumes an interrupted transfer at the next start, then switches new work to whisper without a restart',
    { timeout: 60_000 },
    async () => {
      const dataDir = path.join(root, 'resume')
      const first = weakChoice()
      const broken = startModelDownload({ env: env(dataDir), choice: first, log: () => undefined, model, url: `${origin}/broken.bin` })!
      await broken.done
      // what arrived before the connection dropped is kept and shown
      const kept = (await fs.stat(path.join(dataDir, 'models', 'ggml-base.en.bin.part'))).size
      expect(kept).toBeGreaterThan(0)
      expect(kept).toBeLessThanOrEqual(1_000_000)
      expect(broken.status).toMatchObject({ state: 'failed', percent: Math.floor((kept / bytes.length) * 100) })
      expect(first.engine).toBe(weaker)

      const choice = weakChoice()
      const lines: string[] = []
      const resumed = startModelDownload({ env: env(dataDir), choice, log: (line) => lines.push(line), model, url: `${origin}/model.bin` })!
      await resumed.done
      expect(lines[0]).toMatch(/^model download: resuming ggml-base.en.bin at \d+%/)
      expect(resumed.status).toEqual({ model: 'ggml-base.en.bin', state: 'ready', percent: 100, detail: null })
      expect(choice.name).toBe('whisper')
      expect(choice.reason).toMatch(/^whisper: model .*ggml-base.en.bin, downloaded in the background \(was pocketsphinx/)
      try {
        const wavPath = await writeToneWav(path.join(root, 'tone.wav'), 3)
        const transcript = await choice.engine!.transcribe({ wavPath, durationSeconds: 3, signal: new AbortController().signal })
        expect(transcript.text).toBe(TINY_WHISPER_WORDS.join(' '))
      } finally {
        await choice.engine?.close?.()
      }
    },
  )
})
