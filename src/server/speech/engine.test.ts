import { describe, expect, it } from 'vitest'
import { ALL_LOCALES, ENGLISH_ONLY, engineHears } from './engine.ts'
import { isEnglishOnlyModel } from './engines/whisper.ts'
import { analyzerReads } from './analysis/analyzer.ts'

describe('which languages an engine hears (decision 227)', () => {
  it('reads an English-only whisper model from its name, and takes every other model as multilingual', () => {
    expect(isEnglishOnlyModel('/srv/hearth/models/ggml-base.en.bin')).toBe(true)
    expect(isEnglishOnlyModel('ggml-tiny.en-q5_1.bin')).toBe(true)
    expect(isEnglishOnlyModel('/models/ggml-base.bin')).toBe(false)
    expect(isEnglishOnlyModel('ggml-large-v3-turbo.bin')).toBe(false)
    // a folder named like a model does not count
    expect(isEnglishOnlyModel('/models/my.en/ggml-small.bin')).toBe(false)
  })

  it('lets an engine hear what it declares, English alone when it declares nothing, and any unknown language', () => {
    expect(engineHears({ languages: ENGLISH_ONLY }, 'es')).toBe(false)
    expect(engineHears({ languages: ENGLISH_ONLY }, 'en')).toBe(true)
    expect(engineHears({ languages: ALL_LOCALES }, 'ar')).toBe(true)
    expect(engineHears({}, 'fr')).toBe(false)
    expect(engineHears({ languages: ENGLISH_ONLY }, null)).toBe(true)
  })

  it('lets an analyser read its languages only, an unknown one counting as English', () => {
    expect(analyzerReads({ languages: ['en'] }, 'es')).toBe(false)
    expect(analyzerReads({}, 'en')).toBe(true)
    expect(analyzerReads({}, null)).toBe(true)
    expect(analyzerReads({ languages: ALL_LOCALES }, 'de')).toBe(true)
  })
})
