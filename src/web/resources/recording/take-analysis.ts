import { isNearSilent, peaksFromSamples } from './level-meter.ts'

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
