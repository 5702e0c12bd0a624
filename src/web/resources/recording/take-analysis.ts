import { scalePeaks } from '#shared/waveform.ts'

/**
 * The take's loudness, live and finished, so the recorder looks alive and catches a silent take: the level of one
 * frame of microphone samples (read through an AnalyserNode while recording), a watch that says when the input has
 * stayed near silence for a few seconds, then the finished take decoded once for its waveform's peaks and whether it
 * is near silent as a whole.
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

/** Reads the microphone's level through an AnalyserNode; null where Web Audio is missing (the meter then stays empty). */
export function createLevelReader(stream: MediaStream): { read: () => number | null; close: () => void } | null {
  const Context = typeof window !== 'undefined' ? window.AudioContext : undefined
  if (!Context) return null
  try {
    const context = new Context()
    const analyser = context.createAnalyser()
    analyser.fftSize = 2048
    context.createMediaStreamSource(stream).connect(analyser)
    const samples = new Float32Array(analyser.fftSize)
    // a context made without a gesture may start suspended; until it runs it reads silence, which is not the microphone's
    void context.resume().catch(() => {})
    return {
      read: () => {
        if (context.state !== 'running') return null
        analyser.getFloatTimeDomainData(samples)
        return rmsLevel(samples)
      },
      close: () => void context.close().catch(() => {}),
    }
  } catch {
    return null
  }
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

export type TakeAnalysis = {
  /** 64 peaks for the take's waveform, or null while decoding (and where the browser cannot decode) */
  peaks: number[] | null
  /** the whole take stays near silence: the recorder warns before it is sent */
  nearSilent: boolean
}

// a take is decoded once however often it is looked at: by its preview, then by its upload
const analysed = new WeakMap<Blob, Promise<TakeAnalysis>>()

/**
 * Decodes a finished take in the browser for its waveform and a silence check. The server measures again: the
 * waveform sent with the upload is only what a message shows until then (decision 174).
 */
export function analyseTake(blob: Blob): Promise<TakeAnalysis> {
  const known = analysed.get(blob)
  if (known) return known
  const made = decodeTake(blob)
  analysed.set(blob, made)
  return made
}

async function decodeTake(blob: Blob): Promise<TakeAnalysis> {
  const Offline = typeof window !== 'undefined' ? window.OfflineAudioContext : undefined
  if (!Offline) return { peaks: null, nearSilent: false }
  const buffer = await new Offline(1, 1, 44_100).decodeAudioData(await blob.arrayBuffer())
  const samples = buffer.getChannelData(0)
  return { peaks: peaksFromSamples(samples, 64), nearSilent: isNearSilent(samples) }
}
