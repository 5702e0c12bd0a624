/**
 * Word timing for the playback highlight, shared by the server (fallback timestamps when an engine gives
 * none) and the web (leading-silence offset and the word under the playhead; docs/product/playback.md). The leading
 * silence ends where a 100 ms window first reaches an RMS of 0.01, times 0.9 (0.3 s when it cannot be measured).
 * Without timestamps, each word weighs its length (1-8 characters) plus a pause of 6 after a sentence, 3 after a clause.
 */

/** `confidence`: 0..1 when the speech engine reported one (see transcript-confidence.ts) */
export type WordTiming = { word: string; start: number; end: number; confidence?: number }

/** RMS at or above this marks the first window with speech. */
export const SILENCE_RMS_THRESHOLD = 0.01
export const SILENCE_WINDOW_SECONDS = 0.1
/** The offset is taken a little early so the highlight never lags the voice. */
export const SILENCE_OFFSET_FACTOR = 0.9
/** Used when no window reaches the threshold or the audio cannot be read. */
export const FALLBACK_LEADING_SILENCE_SECONDS = 0.3

const MIN_WORD_WEIGHT = 1
const MAX_WORD_WEIGHT = 8
export const SENTENCE_PAUSE_WEIGHT = 6
export const CLAUSE_PAUSE_WEIGHT = 3

// Closing quotes and brackets may follow the punctuation that ends a word: `"Yes."` or `(soon),`.
// The typographic marks are written as escapes (’ ” », the ellipsis, the hyphens and dashes): one character outside
// ASCII makes V8 hold the whole compiled server's source at two bytes a character (decision 184).
const CLOSERS = /["'\u2019\u201d\u00bb)\]}]+$/u
const SENTENCE_END = /[.!?\u2026]$/u
const CLAUSE_END = /[,;:\-\u2010-\u2015]$/u
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu

/** Time units a word takes: its length without leading and trailing punctuation, clamped to 1..8. */
export function wordWeight(word: string): number {
  const length = [...word.replace(EDGE_PUNCTUATION, '')].length
  return Math.min(MAX_WORD_WEIGHT, Math.max(MIN_WORD_WEIGHT, length))
}

/** Time units of silence after a word: 6 after . ! ? (or …), 3 after , ; : or a dash, else 0. */
export function pauseWeight(word: string): number {
  const bare = word.replace(CLOSERS, '')
  if (SENTENCE_END.test(bare)) return SENTENCE_PAUSE_WEIGHT
  if (CLAUSE_END.test(bare)) return CLAUSE_PAUSE_WEIGHT
  return 0
}

const round3 = (seconds: number) => Math.round(seconds * 1000) / 1000

/**
 * The spec's fallback when an engine gives no word times.
 *
 * Rule: words are the whitespace-separated pieces of `text`, kept exactly as written (punctuation
 * included). Each word has a speaking weight (`wordWeight`: its length without edge punctuation, clamped
 * to 1..8) followed by a pause weight (`pauseWeight`: 6 after sentence-ending . ! ?, 3 after , ; : or a
 * dash, else 0; the last word's pause counts too, as trailing silence). The time from
 * `leadingSilenceSeconds` to `durationSeconds` is shared in proportion to the weights: a word starts
 * where the previous word's pause ended and lasts `wordWeight × unit`, where unit = available time / sum
 * of all weights. Times are rounded to milliseconds. A bad or too-short duration leaves every word at
 * the offset with no length rather than throwing, so a transcript can always be shown.
 */
export function estimateWordTimings(text: string, durationSeconds: number, leadingSilenceSeconds = 0): WordTiming[] {
  const words = text.split(/\s+/u).filter((w) => w !== '')
  if (words.length === 0) return []
  const duration = Number.isFinite(durationSeconds) && durationSeconds > 0 ? durationSeconds : 0
  const offset = Number.isFinite(leadingSilenceSeconds) ? Math.min(Math.max(leadingSilenceSeconds, 0), duration) : 0
  const weights = words.map((word) => ({ word, speak: wordWeight(word), pause: pauseWeight(word) }))
  const total = weights.reduce((sum, w) => sum + w.speak + w.pause, 0)
  const unit = (duration - offset) / total

  const timings: WordTiming[] = []
  let cursor = offset
  for (const w of weights) {
    const start = cursor
    const end = start + w.speak * unit
    timings.push({ word: w.word, start: round3(start), end: round3(end) })
    cursor = end + w.pause * unit
  }
  return timings
}

/**
 * Seconds of silence before the voice starts, for shifting the highlight. RMS is measured over
 * consecutive 100 ms windows (a final shorter window counts over its own length); the first window with
 * RMS ≥ 0.01 at index i gives start = i × 0.1 s, and the answer is start × 0.9. When no window reaches
 * the threshold, the input is empty or the sample rate is unusable, the answer is the spec's 0.3 s.
 */
export function leadingSilenceOffset(samples: Float32Array, sampleRate: number): number {
  if (!Number.isFinite(sampleRate) || sampleRate <= 0 || samples.length === 0) return FALLBACK_LEADING_SILENCE_SECONDS
  const windowSize = Math.round(sampleRate * SILENCE_WINDOW_SECONDS)
  if (windowSize < 1) return FALLBACK_LEADING_SILENCE_SECONDS

  for (let index = 0; index * windowSize < samples.length; index++) {
    const from = index * windowSize
    const to = Math.min(from + windowSize, samples.length)
    let sumOfSquares = 0
    for (let i = from; i < to; i++) sumOfSquares += samples[i]! * samples[i]!
    const rms = Math.sqrt(sumOfSquares / (to - from))
    if (rms >= SILENCE_RMS_THRESHOLD) {
      // index × 0.1 × 0.9 in whole milliseconds, so 3 windows give exactly 0.27 and not 0.27000000000000002.
      return Math.round(index * SILENCE_WINDOW_SECONDS * SILENCE_OFFSET_FACTOR * 1000) / 1000
    }
  }
  return FALLBACK_LEADING_SILENCE_SECONDS
}

/**
 * Index of the word being spoken at `timeSeconds`: the last word whose start is at or before that time.
 * Between two words (and after the last one) the previous word stays highlighted, so the highlight does
 * not flicker through pauses; before the first word starts, or with no words, the answer is -1.
 * Words must be in speaking order (sorted by start); the search is binary because the player asks every
 * 200 ms over transcripts of up to ten minutes.
 */
export function wordIndexAt(words: readonly WordTiming[], timeSeconds: number): number {
  if (words.length === 0 || Number.isNaN(timeSeconds) || timeSeconds < words[0]!.start) return -1
  let low = 0
  let high = words.length - 1
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    if (words[mid]!.start <= timeSeconds) low = mid
    else high = mid - 1
  }
  return low
}
