import { describe, expect, it } from 'vitest'
import { estimateWordTimings, leadingSilenceOffset, pauseWeight, wordIndexAt, wordWeight, type WordTiming } from './word-timing.ts'

describe('wordWeight', () => {
  it('is the length without edge punctuation, clamped to 1..8', () => {
    expect(wordWeight('a')).toBe(1)
    expect(wordWeight('cat')).toBe(3)
    expect(wordWeight('hello,')).toBe(5)
    expect(wordWeight('"Yes!"')).toBe(3)
    expect(wordWeight("don't")).toBe(5)
    expect(wordWeight('extraordinary')).toBe(8)
    expect(wordWeight('—')).toBe(1)
  })
})

describe('pauseWeight', () => {
  it('is 6 after sentence-ending punctuation, 3 after a clause pause, else 0', () => {
    expect(pauseWeight('end.')).toBe(6)
    expect(pauseWeight('really?')).toBe(6)
    expect(pauseWeight('wow!')).toBe(6)
    expect(pauseWeight('"done."')).toBe(6)
    expect(pauseWeight('so,')).toBe(3)
    expect(pauseWeight('first;')).toBe(3)
    expect(pauseWeight('note:')).toBe(3)
    expect(pauseWeight('wait—')).toBe(3)
    expect(pauseWeight('wait-')).toBe(3)
    expect(pauseWeight('well-known')).toBe(0)
    expect(pauseWeight('word')).toBe(0)
  })
})

describe('estimateWordTimings', () => {
  it('shares the duration by word length when there is no punctuation', () => {
    // weights 2 + 3 = 5 units over 2.5 s: 0.5 s a unit
    expect(estimateWordTimings('hi you', 2.5)).toEqual([
      { word: 'hi', start: 0, end: 1 },
      { word: 'you', start: 1, end: 2.5 },
    ])
  })

  it('adds a pause of 6 after a sentence end and 3 after a comma, keeping the punctuation', () => {
    // "Hi," 2 + pause 3, "you." 3 + pause 6, "ok" 2: 16 units over 16 s
    expect(estimateWordTimings('Hi, you. ok', 16)).toEqual([
      { word: 'Hi,', start: 0, end: 2 },
      { word: 'you.', start: 5, end: 8 },
      { word: 'ok', start: 14, end: 16 },
    ])
  })

  it('counts the last word pause as trailing silence', () => {
    // "Yes." 3 + 6 = 9 units over 9 s
    expect(estimateWordTimings('Yes.', 9)).toEqual([{ word: 'Yes.', start: 0, end: 3 }])
  })

  it('caps long words at 8 units and gives one-letter words 1', () => {
    // 8 + 1 = 9 units over 4.5 s
    expect(estimateWordTimings('unbelievable I', 4.5)).toEqual([
      { word: 'unbelievable', start: 0, end: 4 },
      { word: 'I', start: 4, end: 4.5 },
    ])
  })

  it('starts after the leading silence and shares only the rest', () => {
    // 10 units over 10 - 0.27 s
    const words = estimateWordTimings('hello world', 10, 0.27)
    expect(words[0]).toEqual({ word: 'hello', start: 0.27, end: 5.135 })
    expect(words[1]).toEqual({ word: 'world', start: 5.135, end: 10 })
  })

  it('splits on any whitespace and ignores empty text', () => {
    expect(estimateWordTimings('  a \n b\t', 2).map((w) => w.word)).toEqual(['a', 'b'])
    expect(estimateWordTimings('   ', 5)).toEqual([])
  })

  it('never throws on a bad duration', () => {
    expect(estimateWordTimings('one two', Number.NaN)).toEqual([
      { word: 'one', start: 0, end: 0 },
      { word: 'two', start: 0, end: 0 },
    ])
    expect(estimateWordTimings('one', 1, 5)).toEqual([{ word: 'one', start: 1, end: 1 }])
  })

  it('ends the last unpunctuated word exactly at the duration on a real sentence', () => {
    const words = estimateWordTimings('And so, my fellow Americans, ask not what your country can do for you', 7.3, 0.3)
    expect(words).toHaveLength(14)
    expect(words[0]!.start).toBe(0.3)
    expect(words.at(-1)!.end).toBe(7.3)
    for (let i = 1; i < words.length; i++) expect(words[i]!.start).toBeGreaterThanOrEqual(words[i - 1]!.end)
  })
})

describe('leadingSilenceOffset', () => {
  const rate = 1000 // 100 samples a window
  const withSpeechFromWindow = (window: number, total = 10, amplitude = 0.5) => {
    const samples = new Float32Array(total * 100)
    for (let i = window * 100; i < samples.length; i++) samples[i] = i % 2 === 0 ? amplitude : -amplitude
    return samples
  }

  it('is the first loud window start times 0.9', () => {
    expect(leadingSilenceOffset(withSpeechFromWindow(3), rate)).toBe(0.27)
    expect(leadingSilenceOffset(withSpeechFromWindow(0), rate)).toBe(0)
    expect(leadingSilenceOffset(withSpeechFromWindow(10, 20), 1000)).toBe(0.9)
  })

  it('treats RMS just above the threshold as speech and just below as silence', () => {
    // 0.01 itself is not exact in a Float32Array (0.0099999998), so probe either side of it
    expect(leadingSilenceOffset(withSpeechFromWindow(2, 5, 0.0101), rate)).toBe(0.18)
    expect(leadingSilenceOffset(withSpeechFromWindow(2, 5, 0.0099), rate)).toBe(0.3)
  })

  it('ignores noise below the threshold before the voice', () => {
    const samples = withSpeechFromWindow(4)
    for (let i = 0; i < 400; i++) samples[i] = 0.005
    expect(leadingSilenceOffset(samples, rate)).toBe(0.36)
  })

  it('uses 16 kHz windows of 1600 samples', () => {
    const samples = new Float32Array(16000)
    samples.fill(0.2, 1600 * 5)
    expect(leadingSilenceOffset(samples, 16000)).toBe(0.45)
  })

  it('measures a final short window over its own length', () => {
    const samples = new Float32Array(250)
    samples.fill(0.3, 200)
    expect(leadingSilenceOffset(samples, rate)).toBe(0.18)
  })

  it('falls back to 0.3 s when detection fails', () => {
    expect(leadingSilenceOffset(new Float32Array(1000), rate)).toBe(0.3)
    expect(leadingSilenceOffset(new Float32Array(0), rate)).toBe(0.3)
    expect(leadingSilenceOffset(withSpeechFromWindow(0), 0)).toBe(0.3)
    expect(leadingSilenceOffset(withSpeechFromWindow(0), Number.NaN)).toBe(0.3)
    expect(leadingSilenceOffset(withSpeechFromWindow(0), 4)).toBe(0.3)
  })
})

describe('wordIndexAt', () => {
  const words: WordTiming[] = [
    { word: 'one', start: 0.5, end: 1 },
    { word: 'two', start: 1.5, end: 2 },
    { word: 'three', start: 2, end: 3 },
  ]

  it('is -1 before the first word and with no words', () => {
    expect(wordIndexAt(words, 0)).toBe(-1)
    expect(wordIndexAt(words, 0.499)).toBe(-1)
    expect(wordIndexAt([], 1)).toBe(-1)
    expect(wordIndexAt(words, Number.NaN)).toBe(-1)
  })

  it('is the word being spoken, starting at its start', () => {
    expect(wordIndexAt(words, 0.5)).toBe(0)
    expect(wordIndexAt(words, 1.7)).toBe(1)
    expect(wordIndexAt(words, 2)).toBe(2)
  })

  it('keeps the previous word through a gap and after the last word', () => {
    expect(wordIndexAt(words, 1.2)).toBe(0)
    expect(wordIndexAt(words, 99)).toBe(2)
  })

  it('finds the right word in a long transcript', () => {
    const many = estimateWordTimings('word '.repeat(1000), 600)
    expect(wordIndexAt(many, 0)).toBe(0)
    expect(wordIndexAt(many, 300.1)).toBe(500)
    expect(wordIndexAt(many, 600)).toBe(999)
  })
})
