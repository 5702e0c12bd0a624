import { scalePeaks } from '#shared/waveform.ts'
/**
 * Pure loudness helpers of the recorder, so it looks alive and catches a silent take: the level of one frame of
 * microphone samples, a watch that says when the input has stayed near silence for a few seconds, the peaks of a
 * finished take for its waveform, and whether that take is near silent as a whole.
 */

/** Below this level (RMS of samples in -1..1, about -40 dBFS) the microphone counts as hearing nothing. */
export const SILENCE_LEVEL = 0.01
/** "We can't hear you" appears after this long below SILENCE_LEVEL. */
export const SILENCE_WARNING_MS = 3000
/** How many recent levels the live meter shows. */
export const LIVE_LEVEL_BARS = 48
/** The recorder samples the level this often. */
export const LEVEL_SAMPLE_MS = 100
/** The cap notice appears this long before the 10-minute limit. */
export const CAP_NOTICE_SECONDS = 60

/** The root mean square of samples in -1..1. */
export function rmsLevel(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0
  let sum = 0
  for (let index = 0; index < samples.length; index += 1) {
    const value = samples[index] ?? 0
    sum += value * value
  }
  return Math.sqrt(sum / samples.length)
}

/**
 * A level for the meter, 0..1: speech sits around RMS 0.02-0.3, so the scale is logarithmic from -50 dBFS (0) to
 * -10 dBFS (1), which lets a quiet voice move the bars as visibly as a loud one.
 */
export function meterLevel(rms: number): number {
  if (rms <= 0) return 0
  const db = 20 * Math.log10(rms)
  return Math.min(Math.max((db + 50) / 40, 0), 1)
}

export type SilenceWatch = {
  /** feeds one level (RMS) measured at `atMs`; returns whether the input has now been near silent for long enough */
  push: (rms: number, atMs: number) => boolean
  reset: () => void
}

/** Says "silent" once every level for `afterMs` stayed under `threshold`; one loud level resets it. */
export function createSilenceWatch({ threshold = SILENCE_LEVEL, afterMs = SILENCE_WARNING_MS } = {}): SilenceWatch {
  let quietSince: number | null = null
  return {
    push(rms, atMs) {
      if (rms >= threshold) {
        quietSince = null
        return false
      }
      quietSince ??= atMs
      return atMs - quietSince >= afterMs
    },
    reset() {
      quietSince = null
    },
  }
}

/** The peaks (the loudest absolute sample of each slice, 0..1) of a take, `bars` of them, for its waveform. */
export function peaksFromSamples(samples: ArrayLike<number>, bars = 64): number[] {
  if (samples.length === 0) return []
  const size = Math.max(1, Math.floor(samples.length / bars))
  const peaks: number[] = []
  for (let bar = 0; bar < bars; bar += 1) {
    const from = bar * size
    if (from >= samples.length) break
    let peak = 0
    for (let index = from; index < Math.min(from + size, samples.length); index += 1) peak = Math.max(peak, Math.abs(samples[index] ?? 0))
    peaks.push(Math.min(peak, 1))
  }
  // scaled to the loudest bar, so a quiet but real voice still draws a readable waveform, but a near-silent take's
  // bars stay as low as it is (decision 211)
  return scalePeaks(peaks)
}

/** A take whose loudest sample stays under this (about -34 dBFS) is near silent: the client warns before sending. */
export const NEAR_SILENT_PEAK = 0.02

/** Whether a take is near silent as a whole: no sample reaches NEAR_SILENT_PEAK. */
export function isNearSilent(samples: ArrayLike<number>): boolean {
  for (let index = 0; index < samples.length; index += 1) if (Math.abs(samples[index] ?? 0) >= NEAR_SILENT_PEAK) return false
  return true
}
