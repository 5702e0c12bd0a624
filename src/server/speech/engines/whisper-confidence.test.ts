import { describe, expect, it } from 'vitest'
import { compressionRatio, whisperConfidence, WHISPER_COMPRESSION_RATIO_LIMIT } from './whisper-confidence.ts'

const SENTENCE = 'Thank you so much for the birthday gift. It made me cry happy tears. I am grateful to have you in my life.'

describe('whisperConfidence', () => {
  it('gives speech-like output at a speaking pace the ceiling', () => {
    expect(compressionRatio(SENTENCE)).toBeLessThan(1.8)
    expect(whisperConfidence(SENTENCE, 7)).toBe(0.9)
  })

  it('gives a repetition loop (whisper rejects its own decode past ratio 2.4) the floor', () => {
    const loop = Array.from({ length: 30 }, () => 'I am going to the shop.').join(' ')
    expect(compressionRatio(loop)).toBeGreaterThan(WHISPER_COMPRESSION_RATIO_LIMIT)
    expect(whisperConfidence(loop, 60)).toBe(0.1)
  })

  it('lowers confidence for more words a second than anyone speaks', () => {
    // 24 words in 4 s is 6 a second: a third of the way from plausible (5) to impossible (8)
    const confidence = whisperConfidence(SENTENCE, 4)!
    expect(confidence).toBeLessThan(0.9)
    expect(confidence).toBeGreaterThan(0.1)
    expect(whisperConfidence(SENTENCE, 2)).toBe(0.1)
  })

  it('says nothing about no words', () => {
    expect(whisperConfidence('  ', 3)).toBeNull()
  })
})
