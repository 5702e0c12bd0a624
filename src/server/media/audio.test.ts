import { describe, expect, it } from 'vitest'
import { keptSpan, measureSpan, playbackFormOf, PLAYBACK_RENDITION, soundSpan, SOUND_LEVEL, TRIM_KEEP_SECONDS } from './audio.ts'

const blocks = (...runs: [level: number, count: number][]) => runs.flatMap(([level, count]) => Array<number>(count).fill(level))

describe('soundSpan', () => {
  it('spans from the first block over the level to the end of the last one', () => {
    // 1 s quiet, 2 s sound, 0.5 s quiet, in 50 ms blocks
    const span = soundSpan(blocks([0.001, 20], [0.5, 40], [0.002, 10]), 0.05, SOUND_LEVEL)
    expect(span?.start).toBeCloseTo(1)
    expect(span?.end).toBeCloseTo(3)
  })

  it('is null when nothing rises over the level', () => {
    expect(soundSpan(blocks([0.005, 30]), 0.05, SOUND_LEVEL)).toBeNull()
    expect(soundSpan([], 0.05, SOUND_LEVEL)).toBeNull()
  })
})

describe('keptSpan', () => {
  it('cuts silence over a second at either end down to a quarter second', () => {
    expect(keptSpan({ durationSeconds: 10, sound: { start: 3, end: 6 } })).toEqual({
      start: 3 - TRIM_KEEP_SECONDS,
      end: 6 + TRIM_KEEP_SECONDS,
    })
  })

  it('keeps a second or less of silence as it is', () => {
    expect(keptSpan({ durationSeconds: 5, sound: { start: 1, end: 4.2 } })).toEqual({ start: 0, end: 5 })
  })

  it('trims one end alone', () => {
    expect(keptSpan({ durationSeconds: 8, sound: { start: 0.5, end: 4 } })).toEqual({ start: 0, end: 4 + TRIM_KEEP_SECONDS })
  })

  it('keeps everything when no sound was found (a quiet take is not emptied)', () => {
    expect(keptSpan({ durationSeconds: 4, sound: null })).toEqual({ start: 0, end: 4 })
  })
})

describe('playbackFormOf', () => {
  it('keeps Opus in WebM and AAC in MP4 as recorded, and encodes anything else to AAC in MP4', () => {
    expect(playbackFormOf('opus')).toEqual({ mime: 'audio/webm', ext: 'webm', keepCodec: true })
    expect(playbackFormOf('aac')).toEqual({ mime: 'audio/mp4', ext: 'm4a', keepCodec: true })
    for (const codec of ['pcm_s16le', 'mp3', 'vorbis', null])
      expect(playbackFormOf(codec)).toEqual({ mime: PLAYBACK_RENDITION.mime, ext: PLAYBACK_RENDITION.ext, keepCodec: false })
  })
})

describe('measureSpan', () => {
  it('measures the kept span from the blocks already decoded: its length, and a waveform of its own peaks', () => {
    // 2 s of 50 ms blocks: quiet for the first second, then loud
    const blockPeaks = Array.from({ length: 40 }, (_, i) => (i < 20 ? 0.01 : 0.5))
    const whole = measureSpan({ blockPeaks }, { start: 0, end: 2 })
    expect(whole.durationSeconds).toBe(2)
    expect(whole.waveform).toHaveLength(64)
    expect(whole.waveform[0]).toBeCloseTo(0.02)
    const loudHalf = measureSpan({ blockPeaks }, { start: 1, end: 2 })
    expect(loudHalf.durationSeconds).toBe(1)
    expect(new Set(loudHalf.waveform)).toEqual(new Set([1]))
  })

  it('draws a quiet take as quiet: bars are scaled up to the loudest no further than to -20 dBFS (decision 211)', () => {
    // a hiss at -54 dBFS, under any voice but over the silence peak: it used to be drawn as full bars
    const hiss = measureSpan({ blockPeaks: Array.from({ length: 40 }, () => 0.002) }, { start: 0, end: 2 })
    expect(Math.max(...hiss.waveform)).toBeLessThan(0.05)
    // a quiet voice peaking at -26 dBFS still draws a readable waveform
    const quietVoice = measureSpan({ blockPeaks: Array.from({ length: 40 }, (_, i) => (i % 2 ? 0.05 : 0.01)) }, { start: 0, end: 2 })
    expect(Math.max(...quietVoice.waveform)).toBeCloseTo(0.5)
  })
})
