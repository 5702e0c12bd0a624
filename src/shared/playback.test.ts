import { describe, expect, it } from 'vitest'
import {
  nextPresetRate,
  clampPlaybackRate,
  conversationPosition,
  formatPlaybackRate,
  nextUnplayed,
  PLAYBACK_RATE_PRESETS,
  skipTarget,
  transcriptWords,
} from './playback.ts'
import { estimateWordTimings, wordIndexAt } from './word-timing.ts'

describe('clampPlaybackRate', () => {
  it('keeps speeds inside 1.0-2.0 on 0.1 steps', () => {
    expect(clampPlaybackRate(1)).toBe(1)
    expect(clampPlaybackRate(1.25)).toBe(1.3)
    expect(clampPlaybackRate(1.44)).toBe(1.4)
    expect(clampPlaybackRate(1.1 + 0.2)).toBe(1.3)
    expect(clampPlaybackRate(0.5)).toBe(1)
    expect(clampPlaybackRate(0.96)).toBe(1)
    expect(clampPlaybackRate(2.04)).toBe(2)
    expect(clampPlaybackRate(7)).toBe(2)
  })

  it('gives the default for anything that is not a finite number', () => {
    expect(clampPlaybackRate(Number.NaN)).toBe(1)
    expect(clampPlaybackRate(Number.POSITIVE_INFINITY)).toBe(1)
  })

  it('leaves every preset as it is and writes it short', () => {
    for (const preset of PLAYBACK_RATE_PRESETS) expect(clampPlaybackRate(preset)).toBe(preset)
    expect(PLAYBACK_RATE_PRESETS.map(formatPlaybackRate)).toEqual(['1×', '1.2×', '1.5×', '1.8×', '2×'])
  })
})

describe('nextPresetRate (the speed pill)', () => {
  it('cycles the presets and wraps, and moves a fine speed on to the next preset', () => {
    expect([1, 1.2, 1.5, 1.8, 2].map(nextPresetRate)).toEqual([1.2, 1.5, 1.8, 2, 1])
    expect(nextPresetRate(1.3)).toBe(1.5)
    expect(nextPresetRate(1.9)).toBe(2)
    expect(nextPresetRate(Number.NaN)).toBe(1.2)
  })
})

describe('skipTarget', () => {
  it('moves 15 s either way without leaving the recording', () => {
    expect(skipTarget(20, 15, 60)).toBe(35)
    expect(skipTarget(20, -15, 60)).toBe(5)
    expect(skipTarget(10, -15, 60)).toBe(0)
    expect(skipTarget(50, 15, 60)).toBe(60)
  })

  it('does not cap forward while the end is unknown', () => {
    expect(skipTarget(50, 15, 0)).toBe(65)
    expect(skipTarget(Number.NaN, 15, Number.POSITIVE_INFINITY)).toBe(15)
  })
})

describe('transcriptWords', () => {
  const timed = [
    { word: 'hello', start: 0.4, end: 0.8 },
    { word: 'there', start: 0.9, end: 1.3 },
    { word: 'friend', start: 1.5, end: 2 },
  ]

  it('shows the written words at the engine times when both count the same words', () => {
    expect(transcriptWords({ transcription: 'Hello there, friend!', word_timestamps: timed }, 3)).toEqual([
      { word: 'Hello', start: 0.4, end: 0.8 },
      { word: 'there,', start: 0.9, end: 1.3 },
      { word: 'friend!', start: 1.5, end: 2 },
    ])
  })

  it("keeps the engine's words when the counts differ, in speaking order", () => {
    const shuffled = [timed[2]!, timed[0]!, timed[1]!]
    expect(transcriptWords({ transcription: 'Hello there', word_timestamps: shuffled }, 3).map((w) => w.word)).toEqual([
      'hello',
      'there',
      'friend',
    ])
  })

  it('falls back to the spec weighting after the 0.3 s silence when there are no word times', () => {
    const text = 'Call me when you land.'
    expect(transcriptWords({ transcription: text, word_timestamps: null }, 6)).toEqual(estimateWordTimings(text, 6, 0.3))
    expect(transcriptWords({ transcription: text, word_timestamps: [] }, 6)[0]?.start).toBe(0.3)
  })

  it('has no words without a transcription', () => {
    expect(transcriptWords({ transcription: null, word_timestamps: null }, 6)).toEqual([])
    expect(transcriptWords({ transcription: '   ', word_timestamps: null }, 6)).toEqual([])
  })

  it('lets the highlight follow the playhead through the fallback words', () => {
    const words = transcriptWords({ transcription: 'one two three four', word_timestamps: null }, 4.3)
    const indexes = [0, 0.3, 1.4, 2.4, 3.4, 4.3].map((t) => wordIndexAt(words, t))
    expect(indexes).toEqual([-1, 0, 1, 2, 3, 3])
  })
})

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString()
const message = (id: string, minute: number, extra: { receiver_id?: string; is_read?: boolean } = {}) => ({
  id,
  created_at: at(minute),
  receiver_id: extra.receiver_id ?? 'me',
  is_read: extra.is_read ?? true,
})

describe('conversationPosition', () => {
  const newestFirst = [message('c', 3), message('b', 2), message('a', 1)]

  it('counts oldest to newest with the neighbours', () => {
    expect(conversationPosition(newestFirst, 3, 'a')).toEqual({ index: 1, total: 3, previousId: null, nextId: 'b' })
    expect(conversationPosition(newestFirst, 3, 'b')).toEqual({ index: 2, total: 3, previousId: 'a', nextId: 'c' })
    expect(conversationPosition(newestFirst, 3, 'c')).toEqual({ index: 3, total: 3, previousId: 'b', nextId: null })
  })

  it('counts from the whole conversation when only the newest page is loaded', () => {
    expect(conversationPosition(newestFirst, 60, 'a')).toEqual({ index: 58, total: 60, previousId: null, nextId: 'b' })
    expect(conversationPosition(newestFirst, 60, 'c')?.index).toBe(60)
  })

  it('is null for a message outside the page', () => {
    expect(conversationPosition(newestFirst, 3, 'z')).toBeNull()
  })
})

describe('nextUnplayed', () => {
  const messages = [
    message('1', 1, { is_read: false }),
    message('2', 2),
    message('3', 3, { is_read: false }),
    message('4', 4, { receiver_id: 'them', is_read: false }),
    message('5', 5, { is_read: false }),
  ]

  it('plays on with the oldest unheard received message after this one', () => {
    expect(nextUnplayed(messages, '2', 'me')).toBe('3')
    expect(nextUnplayed(messages, '3', 'me')).toBe('5')
  })

  it('goes back to an older unheard one when none is after, and never to own messages or itself', () => {
    expect(nextUnplayed(messages, '5', 'me')).toBe('1')
    expect(nextUnplayed([message('x', 1, { is_read: false })], 'x', 'me')).toBeNull()
    expect(nextUnplayed([message('4', 4, { receiver_id: 'them', is_read: false })], '2', 'me')).toBeNull()
  })
})
