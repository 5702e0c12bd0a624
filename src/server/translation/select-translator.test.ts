import { describe, expect, it } from 'vitest'
import { apertiumMode } from './apertium.ts'
import { selectTranslator, type TranslationEnv, type TranslationProbes } from './select-translator.ts'

const env = (values: Partial<TranslationEnv> = {}): TranslationEnv => ({ dataDir: '/srv/hearth', ...values })
const machine = (installed: boolean, modes: string[] = []): TranslationProbes => ({
  apertiumInstalled: () => Promise.resolve(installed),
  apertiumModes: () => Promise.resolve(new Set(modes)),
})

describe('selectTranslator (decision 228)', () => {
  it('takes Apertium when it and a pair are installed, else none, and never the endpoint unasked', async () => {
    const found = await selectTranslator(
      env({ OPENAI_BASE_URL: 'http://llm.local', OPENAI_TRANSLATION_MODEL: 'm' }),
      machine(true, ['eng-spa', 'spa-eng']),
    )
    expect(found.name).toBe('apertium')
    expect(found.translator?.rough).toBe(true)
    expect(found.reason).toContain('eng-spa, spa-eng')

    expect(await selectTranslator(env(), machine(false))).toMatchObject({
      name: 'none',
      translator: null,
      reason: expect.stringContaining('apt-get install apertium') as string,
    })
    expect((await selectTranslator(env(), machine(true, []))).name).toBe('none')
  })

  it('runs the OpenAI-compatible endpoint when named, and says what is missing when it cannot', async () => {
    const openai = await selectTranslator(
      env({
        TRANSLATION_ENGINE: 'openai',
        OPENAI_BASE_URL: 'http://llm.local/v1',
        OPENAI_API_KEY: 'sk-secret',
        OPENAI_TRANSLATION_MODEL: 'gpt-test',
      }),
      machine(true, ['eng-spa']),
    )
    expect(openai).toMatchObject({ name: 'openai', reason: 'openai translation: model gpt-test at http://llm.local/v1' })
    expect(openai.reason).not.toContain('sk-secret')
    expect(openai.translator?.rough).toBe(false)

    expect(
      (await selectTranslator(env({ TRANSLATION_ENGINE: 'openai', OPENAI_BASE_URL: 'http://llm.local' }), machine(true))).reason,
    ).toContain('OPENAI_TRANSLATION_MODEL is not set')
    expect((await selectTranslator(env({ TRANSLATION_ENGINE: 'openai', OPENAI_TRANSLATION_MODEL: 'm' }), machine(true))).name).toBe('none')
    expect((await selectTranslator(env({ TRANSLATION_ENGINE: 'apertium' }), machine(false))).reason).toMatch(
      /^TRANSLATION_ENGINE=apertium but/,
    )
    expect((await selectTranslator(env({ TRANSLATION_ENGINE: 'none' }), machine(true, ['eng-spa']))).name).toBe('none')
  })
})

describe('apertiumMode', () => {
  it('finds a pair by its three-letter or two-letter names, in the direction asked only', () => {
    const modes = new Set(['eng-spa', 'spa-eng', 'fr-es'])
    expect(apertiumMode(modes, 'es', 'en')).toBe('spa-eng')
    expect(apertiumMode(modes, 'fr', 'es')).toBe('fr-es')
    expect(apertiumMode(modes, 'es', 'fr')).toBeNull()
    expect(apertiumMode(modes, 'it', 'en')).toBeNull()
  })
})
