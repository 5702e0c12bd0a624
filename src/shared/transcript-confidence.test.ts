import { describe, expect, it } from 'vitest'
import {
  clampConfidence,
  isLowConfidenceWord,
  meanWordConfidence,
  strongerEngineAvailable,
  transcriptCarriesInsights,
  transcriptEngineRank,
  transcriptSureForStrangers,
} from './transcript-confidence.ts'

const words = (...confidences: (number | undefined)[]) =>
  confidences.map((confidence, i) => ({ word: `w${i}`, ...(confidence !== undefined && { confidence }) }))

describe('word confidence', () => {
  it('is faint below 0.5 only, and never without a figure', () => {
    expect(isLowConfidenceWord({ word: 'a', confidence: 0.49 })).toBe(true)
    expect(isLowConfidenceWord({ word: 'a', confidence: 0.5 })).toBe(false)
    expect(isLowConfidenceWord({ word: 'a' })).toBe(false)
  })

  it('clamps to 0..1 in thousandths and drops what is not a number', () => {
    expect(clampConfidence(1.0001)).toBe(1)
    expect(clampConfidence(-0.2)).toBe(0)
    expect(clampConfidence(0.12345)).toBe(0.123)
    expect(clampConfidence(Number.NaN)).toBeNull()
    expect(clampConfidence(null)).toBeNull()
  })

  it('averages the words that have a figure', () => {
    expect(meanWordConfidence(words(0.2, undefined, 0.6))).toBe(0.4)
    expect(meanWordConfidence(words(undefined))).toBeNull()
  })
})

describe('transcriptCarriesInsights', () => {
  it('needs three clear words and an overall confidence of at least 0.5', () => {
    expect(transcriptCarriesInsights({ text: 'a b c', words: words(0.9, 0.9, 0.9), confidence: 0.5 })).toBe(true)
    expect(transcriptCarriesInsights({ text: 'a b c', words: words(0.9, 0.9, 0.9), confidence: 0.49 })).toBe(false)
    expect(transcriptCarriesInsights({ text: 'a b c d', words: words(0.9, 0.9, 0.1, 0.2), confidence: 0.6 })).toBe(false)
  })

  it('gives an unknown confidence the benefit of the doubt, counting the text when there are no word times', () => {
    expect(transcriptCarriesInsights({ text: 'we met for coffee', words: null, confidence: null })).toBe(true)
    expect(transcriptCarriesInsights({ text: 'hi there', words: [], confidence: null })).toBe(false)
    expect(transcriptCarriesInsights({ text: '  ', words: null, confidence: 0.9 })).toBe(false)
  })
})

describe('engine ranks', () => {
  it('orders pocketsphinx below every whisper model, bigger models higher', () => {
    const ranks = [
      transcriptEngineRank(null, null),
      transcriptEngineRank('pocketsphinx', 'en-us'),
      transcriptEngineRank('whisper', 'ggml-tiny.en.bin'),
      transcriptEngineRank('whisper', 'ggml-base.en.bin'),
      transcriptEngineRank('whisper', 'ggml-small.en.bin'),
    ]
    expect(ranks).toEqual([0, 1, 2, 3, 4])
    expect(transcriptEngineRank('openai', 'whisper-1')).toBe(transcriptEngineRank('whisper', 'ggml-base.en.bin'))
  })

  it('offers to transcribe again only with a stronger engine running', () => {
    const base = { engine: 'whisper', model: 'ggml-base.en.bin' }
    expect(strongerEngineAvailable({ engine: 'pocketsphinx', model: 'en-us' }, base)).toBe(true)
    expect(strongerEngineAvailable({ engine: null, model: null }, base)).toBe(true)
    expect(strongerEngineAvailable(base, base)).toBe(false)
    expect(strongerEngineAvailable(base, { engine: 'openai', model: 'whisper-1' })).toBe(false)
    expect(strongerEngineAvailable({ engine: null, model: null }, { engine: 'none', model: null })).toBe(false)
  })
})

describe('transcriptSureForStrangers', () => {
  it('shows a welcome transcript whose words average 0.7 or more, or that has no confidences, and nothing empty', () => {
    expect(transcriptSureForStrangers('hello there friends', words(0.9, 0.7, 0.6))).toBe(true)
    expect(transcriptSureForStrangers('hello there', null)).toBe(true)
    expect(transcriptSureForStrangers('hello there', words(undefined, undefined))).toBe(true)
    expect(transcriptSureForStrangers('  ', null)).toBe(false)
    expect(transcriptSureForStrangers(null, null)).toBe(false)
  })

  it("holds back the basic engine's rough guess, even where it would carry insights", () => {
    const rough = words(0.5, 0.6, 0.5, 0.6)
    expect(transcriptCarriesInsights({ text: 'do you really we', words: rough, confidence: meanWordConfidence(rough) })).toBe(true)
    expect(transcriptSureForStrangers('do you really we', rough)).toBe(false)
  })
})
