import { describe, expect, it } from 'vitest'
import { declaredRecording, declaredWaveformHeader } from './messages.ts'

describe('declaredRecording', () => {
  const peaks = Array.from({ length: 64 }, (_, i) => i / 63)

  it('reads a declared length and a waveform of 64 peaks written as the recorder writes them', () => {
    const declared = declaredRecording({ seconds: '12.34', waveform: declaredWaveformHeader(peaks) })
    expect(declared.durationSeconds).toBe(12.34)
    expect(declared.waveform).toHaveLength(64)
    expect(declared.waveform?.[63]).toBe(1)
    expect(declared.waveform?.[1]).toBe(0.02)
  })

  it('ignores what does not parse, each value on its own', () => {
    expect(declaredRecording({ seconds: undefined, waveform: undefined })).toEqual({ durationSeconds: null, waveform: null })
    for (const seconds of ['', 'ten', '-1', '1e3', '12.34567', ['1', '2']]) {
      expect(declaredRecording({ seconds, waveform: undefined }).durationSeconds).toBeNull()
    }
    const tooFew = declaredWaveformHeader(peaks.slice(1))
    const overOne = declaredWaveformHeader(peaks).replace(/1\.00$/, '1.50')
    const notNumbers = Array.from({ length: 64 }, () => 'x').join(',')
    for (const waveform of [tooFew, overOne, notNumbers, '']) {
      expect(declaredRecording({ seconds: '3', waveform })).toEqual({ durationSeconds: 3, waveform: null })
    }
  })
})
