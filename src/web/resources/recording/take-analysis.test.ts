import { describe, expect, it } from 'vitest'
import {
  createSilenceWatch,
  isNearSilent,
  meterLevel,
  peaksFromSamples,
  rmsLevel,
  SILENCE_LEVEL,
  SILENCE_WARNING_MS,
} from './take-analysis.ts'

const RATE = 8000

/** `seconds` of a sine at `frequency` Hz with peak `amplitude`. */
function sine(seconds: number, amplitude: number, frequency = 220): Float32Array {
  return Float32Array.from({ length: Math.round(seconds * RATE) }, (_, i) => amplitude * Math.sin((2 * Math.PI * frequency * i) / RATE))
}

/** Seeded white noise with peak `amplitude` (a hissing but muted microphone). */
function noise(seconds: number, amplitude: number): Float32Array {
  let seed = 7
  return Float32Array.from({ length: Math.round(seconds * RATE) }, () => {
    seed = (seed * 16807) % 2147483647
    return ((seed / 2147483647) * 2 - 1) * amplitude
  })
}

describe('rmsLevel and meterLevel', () => {
  it('measures a sine at its amplitude over root two', () => {
    expect(rmsLevel(sine(0.1, 0.5))).toBeCloseTo(0.5 / Math.SQRT2, 2)
    expect(rmsLevel(new Float32Array(0))).toBe(0)
    expect(rmsLevel(new Float32Array(800))).toBe(0)
  })

  it('maps -50..-10 dBFS onto 0..1', () => {
    expect(meterLevel(0)).toBe(0)
    expect(meterLevel(10 ** (-60 / 20))).toBe(0)
    expect(meterLevel(10 ** (-30 / 20))).toBeCloseTo(0.5)
    expect(meterLevel(1)).toBe(1)
    expect(meterLevel(rmsLevel(sine(0.1, 0.2)))).toBeGreaterThan(meterLevel(rmsLevel(sine(0.1, 0.02))))
  })
})

describe('createSilenceWatch', () => {
  /** Feeds a signal in 100 ms frames; returns the first time (ms) the watch said silent, or null. */
  function firstSilentAt(signal: Float32Array): number | null {
    const watch = createSilenceWatch()
    const frame = RATE / 10
    for (let start = 0; start + frame <= signal.length; start += frame) {
      const at = (start / RATE) * 1000
      if (watch.push(rmsLevel(signal.subarray(start, start + frame)), at)) return at
    }
    return null
  }

  it('never warns while someone speaks', () => {
    expect(firstSilentAt(sine(10, 0.3))).toBeNull()
  })

  it('warns after three seconds of a muted microphone, hiss included', () => {
    expect(firstSilentAt(new Float32Array(10 * RATE))).toBe(SILENCE_WARNING_MS)
    expect(firstSilentAt(noise(10, SILENCE_LEVEL / 2))).toBe(SILENCE_WARNING_MS)
  })

  it('counts from when the voice stopped, and a word resets it', () => {
    const speechThenQuiet = Float32Array.from([...sine(2, 0.3), ...new Float32Array(5 * RATE)])
    expect(firstSilentAt(speechThenQuiet)).toBe(2000 + SILENCE_WARNING_MS)
    const watch = createSilenceWatch()
    expect(watch.push(0, 0)).toBe(false)
    expect(watch.push(0, 2900)).toBe(false)
    expect(watch.push(0.2, 2950)).toBe(false)
    expect(watch.push(0, 3000)).toBe(false)
    expect(watch.push(0, 6000)).toBe(true)
    watch.reset()
    expect(watch.push(0, 6100)).toBe(false)
  })
})

describe('peaksFromSamples and isNearSilent', () => {
  it('draws one peak per slice, scaled to the loudest', () => {
    const signal = Float32Array.from([...sine(1, 0.1), ...sine(1, 0.4)])
    const peaks = peaksFromSamples(signal, 8)
    expect(peaks).toHaveLength(8)
    expect(Math.max(...peaks)).toBe(1)
    expect(peaks[0]).toBeCloseTo(0.25, 1)
    expect(peaks[7]).toBeCloseTo(1, 1)
    expect(peaksFromSamples(new Float32Array(0))).toEqual([])
    expect(peaksFromSamples(new Float32Array(100), 4)).toEqual([0, 0, 0, 0])
  })

  it("draws a muted microphone's faint hiss as low bars, not as loud ones (decision 211)", () => {
    expect(Math.max(...peaksFromSamples(noise(1, 0.002), 16))).toBeLessThan(0.05)
    expect(Math.max(...peaksFromSamples(sine(1, 0.05), 16))).toBeCloseTo(0.5, 1)
  })

  it('calls digital silence and faint hiss near silent, and a voice not', () => {
    expect(isNearSilent(new Float32Array(RATE))).toBe(true)
    expect(isNearSilent(noise(1, 0.01))).toBe(true)
    expect(isNearSilent(sine(1, 0.1))).toBe(false)
    expect(isNearSilent(Float32Array.from([...new Float32Array(RATE), ...sine(0.2, 0.3)]))).toBe(false)
  })
})
