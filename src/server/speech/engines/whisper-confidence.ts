import { deflateSync } from 'node:zlib'
import { clampConfidence } from '#shared/transcript-confidence.ts'

/** whisper's own rule (openai/whisper `compression_ratio_threshold`): text that compresses better than this is a loop */
export const WHISPER_COMPRESSION_RATIO_LIMIT = 2.4
/** below this ratio text reads like speech; between the two, confidence falls in a straight line */
const PLAIN_COMPRESSION_RATIO = 1.8
/** people speak at most about 4-5 words a second; more than 8 is whisper making words up */
const PLAUSIBLE_WORDS_PER_SECOND = 5
const IMPOSSIBLE_WORDS_PER_SECOND = 8
/** the most this estimate ever claims: it sees signs of trouble, not the model's probabilities */
const CEILING = 0.9
const FLOOR = 0.1

/** bytes of the text over bytes of its zlib deflate, as whisper's `compression_ratio` */
export function compressionRatio(text: string): number {
  const bytes = Buffer.from(text, 'utf8')
  return bytes.length === 0 ? 0 : bytes.length / deflateSync(bytes).length
}

const fall = (value: number, from: number, to: number) => (value <= from ? 1 : value >= to ? 0 : (to - value) / (to - from))

/**
 * An estimate of how sure whisper was, from its output alone: @napi-rs/whisper 0.0.4 exposes no token
 * probabilities (whisper.cpp's `whisper_full_get_token_p` is not bound), so this looks for whisper's two known
 * failure modes instead (decision 92): a repetition loop (the compression ratio whisper itself uses to reject a
 * decode) and words at a rate no one speaks (hallucinated text over noise). Clean speech-like output gets 0.9,
 * output showing both signs 0.1; no words gives null.
 */
export function whisperConfidence(text: string, durationSeconds: number): number | null {
  const words = text.split(/\s+/u).filter(Boolean).length
  if (words === 0) return null
  const loop = fall(compressionRatio(text), PLAIN_COMPRESSION_RATIO, WHISPER_COMPRESSION_RATIO_LIMIT)
  const rate = durationSeconds > 0 ? words / durationSeconds : 0
  const pace = fall(rate, PLAUSIBLE_WORDS_PER_SECOND, IMPOSSIBLE_WORDS_PER_SECOND)
  return clampConfidence(FLOOR + (CEILING - FLOOR) * loop * pace)
}
