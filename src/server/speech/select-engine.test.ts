import { describe, expect, it } from 'vitest'
import type { SpeechEngine } from './engine.ts'
import type { OpenAiEngineOptions } from './engines/openai.ts'
import { selectSpeechEngine, type EngineProbes, type SpeechEnv } from './select-engine.ts'

const DATA = '/srv/hearth'
const BASE_MODEL = `${DATA}/models/ggml-base.en.bin`
const TINY_MODEL = `${DATA}/models/ggml-tiny.en.bin`

type Built = { whisper: string[]; openai: OpenAiEngineOptions[]; pocketsphinx: number }

/** Probes over an imaginary machine: these files exist, pocketsphinx is or is not installed. */
function machine({
  files = [],
  pocketsphinx = false,
  whisperFails = false,
}: { files?: string[]; pocketsphinx?: boolean; whisperFails?: boolean } = {}) {
  const built: Built = { whisper: [], openai: [], pocketsphinx: 0 }
  const fake = (label: string): SpeechEngine => ({ name: 'test', transcribe: () => Promise.reject(new Error(label)) })
  const probes: EngineProbes = {
    fileExists: (file) => Promise.resolve(files.includes(file)),
    pocketsphinxInstalled: () => Promise.resolve(pocketsphinx),
    build: {
      whisper: (modelPath) => {
        if (whisperFails) throw new Error('Cannot find native binding')
        built.whisper.push(modelPath)
        return fake('whisper')
      },
      openai: (options) => {
        built.openai.push(options)
        return fake('openai')
      },
      pocketsphinx: () => {
        built.pocketsphinx++
        return fake('pocketsphinx')
      },
    },
  }
  return { probes, built }
}

const env = (overrides: Partial<SpeechEnv> = {}): SpeechEnv => ({
  TRANSCRIBE_ENGINE: 'auto',
  WHISPER_MODEL: undefined,
  OPENAI_BASE_URL: undefined,
  OPENAI_API_KEY: undefined,
  OPENAI_TRANSCRIBE_MODEL: 'whisper-1',
  dataDir: DATA,
  ...overrides,
})

describe('selectSpeechEngine with TRANSCRIBE_ENGINE=auto', () => {
  it('prefers whisper when a downloaded model is there, base.en before tiny.en', async () => {
    const { probes, built } = machine({ files: [BASE_MODEL, TINY_MODEL], pocketsphinx: true })
    const choice = await selectSpeechEngine(env({ OPENAI_BASE_URL: 'http://localhost:8000/v1' }), probes)
    expect(choice.name).toBe('whisper')
    expect(choice.engine).not.toBeNull()
    expect(choice.reason).toBe(`whisper: model ${BASE_MODEL}`)
    expect(built).toEqual({ whisper: [BASE_MODEL], openai: [], pocketsphinx: 0 })
  })

  it('finds tiny.en alone', async () => {
    const { probes, built } = machine({ files: [TINY_MODEL] })
    expect((await selectSpeechEngine(env(), probes)).name).toBe('whisper')
    expect(built.whisper).toEqual([TINY_MODEL])
  })

  it('uses WHISPER_MODEL, and only it, when set', async () => {
    const { probes, built } = machine({ files: ['/models/custom.bin', BASE_MODEL] })
    expect((await selectSpeechEngine(env({ WHISPER_MODEL: '/models/custom.bin' }), probes)).name).toBe('whisper')
    expect(built.whisper).toEqual(['/models/custom.bin'])
  })

  it('falls back to the OpenAI endpoint without a model, never showing the key', async () => {
    const { probes, built } = machine({ pocketsphinx: true })
    const choice = await selectSpeechEngine(
      env({
        OPENAI_BASE_URL: 'http://localhost:8000/v1',
        OPENAI_API_KEY: 'sk-secret',
        OPENAI_TRANSCRIBE_MODEL: 'Systran/faster-whisper-small',
      }),
      probes,
    )
    expect(choice.name).toBe('openai')
    expect(choice.reason).toBe('openai: http://localhost:8000/v1 with model Systran/faster-whisper-small, no whisper model')
    expect(choice.reason).not.toContain('sk-secret')
    expect(built.openai).toEqual([{ baseUrl: 'http://localhost:8000/v1', apiKey: 'sk-secret', model: 'Systran/faster-whisper-small' }])
  })

  it('uses OpenAI itself when only the key is set', async () => {
    const { probes, built } = machine()
    expect((await selectSpeechEngine(env({ OPENAI_API_KEY: 'sk-secret' }), probes)).name).toBe('openai')
    expect(built.openai[0]?.baseUrl).toBe('https://api.openai.com/v1')
  })

  it('falls back to pocketsphinx when nothing better is there', async () => {
    const { probes, built } = machine({ pocketsphinx: true })
    const choice = await selectSpeechEngine(env(), probes)
    expect(choice.name).toBe('pocketsphinx')
    expect(choice.reason).toBe('pocketsphinx: Debian pocketsphinx found, no whisper model or OpenAI endpoint configured')
    expect(built.pocketsphinx).toBe(1)
  })

  it('mentions a WHISPER_MODEL that points nowhere', async () => {
    const { probes } = machine({ pocketsphinx: true })
    const choice = await selectSpeechEngine(env({ WHISPER_MODEL: '/models/typo.bin' }), probes)
    expect(choice.name).toBe('pocketsphinx')
    expect(choice.reason).toContain('(no Whisper model at /models/typo.bin)')
  })

  it('moves on when the whisper binding cannot start on this machine', async () => {
    const { probes } = machine({ files: [BASE_MODEL], pocketsphinx: true, whisperFails: true })
    expect((await selectSpeechEngine(env(), probes)).name).toBe('pocketsphinx')
  })

  it('gives no engine, and says how to get one, when nothing is available', async () => {
    const { probes } = machine()
    expect(await selectSpeechEngine(env(), probes)).toEqual({
      engine: null,
      name: 'none',
      reason: 'no engine available: install pocketsphinx, run npm run models, or set OPENAI_BASE_URL',
    })
  })
})

describe('selectSpeechEngine with an engine named', () => {
  it('turns transcription off with none, whatever is installed', async () => {
    const { probes, built } = machine({ files: [BASE_MODEL], pocketsphinx: true })
    expect(await selectSpeechEngine(env({ TRANSCRIBE_ENGINE: 'none', OPENAI_API_KEY: 'sk' }), probes)).toEqual({
      engine: null,
      name: 'none',
      reason: 'transcription turned off (TRANSCRIBE_ENGINE=none)',
    })
    expect(built).toEqual({ whisper: [], openai: [], pocketsphinx: 0 })
  })

  it('uses the named engine even when a better one is there', async () => {
    const { probes } = machine({ files: [BASE_MODEL], pocketsphinx: true })
    const choice = await selectSpeechEngine(env({ TRANSCRIBE_ENGINE: 'pocketsphinx' }), probes)
    expect(choice.name).toBe('pocketsphinx')
    expect(choice.reason).toBe('pocketsphinx: chosen by TRANSCRIBE_ENGINE, Debian pocketsphinx found')
  })

  it.each([
    ['whisper', {}, `TRANSCRIBE_ENGINE=whisper but no Whisper model at ${BASE_MODEL} or ${TINY_MODEL}`],
    ['whisper', { WHISPER_MODEL: '/models/custom.bin' }, 'TRANSCRIBE_ENGINE=whisper but no Whisper model at /models/custom.bin'],
    ['openai', {}, 'TRANSCRIBE_ENGINE=openai but neither OPENAI_BASE_URL nor OPENAI_API_KEY is set'],
    [
      'pocketsphinx',
      {},
      'TRANSCRIBE_ENGINE=pocketsphinx but pocketsphinx is not installed (apt-get install pocketsphinx pocketsphinx-en-us)',
    ],
  ] as const)('gives no engine when %s cannot run (%o), never another one', async (name, overrides, reason) => {
    // everything else is available, to show nothing stands in for the named engine
    const { probes, built } = machine({ files: name === 'whisper' ? [] : [BASE_MODEL], pocketsphinx: name !== 'pocketsphinx' })
    const choice = await selectSpeechEngine(
      env({ TRANSCRIBE_ENGINE: name, ...(name === 'openai' ? {} : { OPENAI_API_KEY: 'sk' }), ...overrides }),
      probes,
    )
    expect(choice).toEqual({ engine: null, name: 'none', reason })
    expect(built).toEqual({ whisper: [], openai: [], pocketsphinx: 0 })
  })

  it('builds the named whisper engine from WHISPER_MODEL', async () => {
    const { probes, built } = machine({ files: ['/models/custom.bin'] })
    const choice = await selectSpeechEngine(env({ TRANSCRIBE_ENGINE: 'whisper', WHISPER_MODEL: '/models/custom.bin' }), probes)
    expect(choice.name).toBe('whisper')
    expect(choice.reason).toBe('whisper: chosen by TRANSCRIBE_ENGINE, model /models/custom.bin')
    expect(built.whisper).toEqual(['/models/custom.bin'])
  })
})
