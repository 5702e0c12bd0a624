/**
 * How a recording's waveform is scaled for drawing, on the server (the measured waveform) and in the recorder (the
 * declared one and the preview): relative to its loudest bar, so a quiet but real voice still draws a readable
 * waveform, but never scaled up past this level (-20 dBFS, decision 211). A take whose loudest moment is under it draws
 * bars as quiet as it is, rather than the hiss of a muted microphone drawn as loud bars.
 */
export const WAVEFORM_REFERENCE_PEAK = 0.1

/** Peaks (0..1 of full scale) scaled for drawing: by the loudest of them, or by WAVEFORM_REFERENCE_PEAK if louder. */
export function scalePeaks(peaks: readonly number[]): number[] {
  const reference = Math.max(WAVEFORM_REFERENCE_PEAK, ...peaks)
  return peaks.map((peak) => Math.min(1, Math.max(0, peak) / reference))
}
