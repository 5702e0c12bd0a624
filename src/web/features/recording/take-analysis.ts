import { useEffect, useState } from 'react'
import { isNearSilent, peaksFromSamples } from './level-meter.ts'

export type TakeAnalysis = {
  /** 64 peaks for the preview's waveform, or null while decoding (and where the browser cannot decode) */
  peaks: number[] | null
  /** the whole take stays near silence: the recorder warns before it is sent */
  nearSilent: boolean
}

/** Decodes a finished take in the browser for its waveform and a silence check (the server checks again). */
async function analyseTake(blob: Blob): Promise<TakeAnalysis> {
  const Offline = typeof window !== 'undefined' ? window.OfflineAudioContext : undefined
  if (!Offline) return { peaks: null, nearSilent: false }
  const buffer = await new Offline(1, 1, 44_100).decodeAudioData(await blob.arrayBuffer())
  const samples = buffer.getChannelData(0)
  return { peaks: peaksFromSamples(samples, 64), nearSilent: isNearSilent(samples) }
}

/** The waveform and silence check of a take, worked out once per blob. */
export function useTakeAnalysis(blob: Blob | null): TakeAnalysis {
  const [analysis, setAnalysis] = useState<{ blob: Blob; result: TakeAnalysis } | null>(null)
  useEffect(() => {
    if (!blob) return
    let cancelled = false
    analyseTake(blob)
      .then((result) => {
        if (!cancelled) setAnalysis({ blob, result })
      })
      // an undecodable take still plays and sends; it only has no drawn waveform
      .catch(() => {
        if (!cancelled) setAnalysis({ blob, result: { peaks: null, nearSilent: false } })
      })
    return () => {
      cancelled = true
    }
  }, [blob])
  return analysis && analysis.blob === blob ? analysis.result : { peaks: null, nearSilent: false }
}
