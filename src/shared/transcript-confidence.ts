/**
 * How sure a speech engine was of a transcript, and what that allows (docs/product/playback.md, decision 92). Shared by
 * the server (which skips the analysis of a transcript too unsure to carry it) and the web (faint words, the
 * held-back insights). Every confidence is a probability-like number from 0 (a guess) to 1 (certain).
 */

/** A word below this is shown faintly: the engine thought it more likely wrong than right. */
export const LOW_WORD_CONFIDENCE = 0.5
/** A transcript whose overall confidence is below this carries no mood, tags or tips. */
export const MIN_TRANSCRIPT_CONFIDENCE = 0.5
/** ...nor one with fewer clear words than this (a mood is not read from one or two words). */
export const MIN_CLEAR_WORDS = 3

export const CONFIDENCE_TEXTS = {
  notEnoughClearWords: 'Not enough clear words to read the mood',
  faintWordsHint: 'Faint words are ones the speech engine was unsure of.',
  retranscribe: 'Transcribe again',
  retranscribeHint: 'A stronger speech engine is available now.',
  retranscribing: 'Transcribing again...',
  retranscribeFailed: 'Could not transcribe again',
  nothingBetter: 'No stronger speech engine is available for this message',
} as const

export type ConfidentWord = { word: string; confidence?: number }

/** Clamps an engine's number into 0..1 (pocketsphinx prints posteriors such as 1.000100); not a number gives null. */
export function clampConfidence(value: number | null | undefined): number | null {
  if (value == null || !Number.isFinite(value)) return null
  return Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000
}

/** A word is faint when its engine gave it a confidence below LOW_WORD_CONFIDENCE; a word without one is not. */
export function isLowConfidenceWord(word: ConfidentWord): boolean {
  return word.confidence !== undefined && word.confidence < LOW_WORD_CONFIDENCE
}

/** The mean of the words' confidences, or null when no word has one. */
export function meanWordConfidence(words: readonly ConfidentWord[]): number | null {
  const known = words.flatMap((w) => (w.confidence === undefined ? [] : [w.confidence]))
  if (known.length === 0) return null
  return clampConfidence(known.reduce((sum, c) => sum + c, 0) / known.length)
}

/**
 * The rule, once: a transcript can carry insights, tags and tips when it has at least MIN_CLEAR_WORDS clear words
 * (words not faint by `isLowConfidenceWord`; with no word list, the text's words count) and its overall confidence,
 * when the engine reported one, is at least MIN_TRANSCRIPT_CONFIDENCE. An unknown confidence (a transcript made
 * before confidences were kept) is given the benefit of the doubt.
 */
export function transcriptCarriesInsights(transcript: {
  text: string | null
  words: readonly ConfidentWord[] | null
  confidence: number | null
}): boolean {
  if (!transcript.text?.trim()) return false
  const words =
    transcript.words && transcript.words.length > 0
      ? transcript.words
      : transcript.text
          .trim()
          .split(/\s+/u)
          .map((word) => ({ word }))
  const clear = words.filter((w) => !isLowConfidenceWord(w)).length
  if (clear < MIN_CLEAR_WORDS) return false
  return transcript.confidence === null || transcript.confidence >= MIN_TRANSCRIPT_CONFIDENCE
}

/**
 * A welcome message's transcript is shown to strangers (the public profile, its link preview and the page crawlers
 * read) only when its words were this sure on average (decision 210). Higher than the bar for insights: a stranger
 * has no voice to check the words against, and the basic offline engine's rough guesses average 0.3-0.5.
 */
export const MIN_PUBLIC_TRANSCRIPT_CONFIDENCE = 0.7

/**
 * Whether a welcome transcript is sure enough to show to strangers: it has words, and where they have confidences
 * they average at least MIN_PUBLIC_TRANSCRIPT_CONFIDENCE. Words without confidences (whisper gives none per word, and
 * transcripts made before decision 92) count as sure, as they do for insights.
 */
export function transcriptSureForStrangers(text: string | null, words: readonly ConfidentWord[] | null): boolean {
  if (!text?.trim()) return false
  const confidence = meanWordConfidence(words ?? [])
  return confidence === null || confidence >= MIN_PUBLIC_TRANSCRIPT_CONFIDENCE
}

/**
 * How strong an engine and model are, for "transcribe again with a stronger engine": measured (decision 93)
 * pocketsphinx is far behind every whisper model; a bigger whisper model beats a smaller one; an OpenAI-compatible
 * endpoint counts like whisper base. An unknown engine (a transcript made before engines were recorded) ranks 0.
 */
export function transcriptEngineRank(engine: string | null, model: string | null): number {
  if (engine === 'pocketsphinx') return 1
  if (engine === 'openai') return 3
  if (engine !== 'whisper') return 0
  const name = model ?? ''
  if (/large/.test(name)) return 6
  if (/medium/.test(name)) return 5
  if (/small/.test(name)) return 4
  if (/tiny/.test(name)) return 2
  return 3
}

/** Whether a transcript made by `made` would come out better from the engine now `active`. */
export function strongerEngineAvailable(
  made: { engine: string | null; model: string | null },
  active: { engine: string | null; model: string | null },
): boolean {
  const activeRank = transcriptEngineRank(active.engine, active.model)
  return activeRank > 0 && activeRank > transcriptEngineRank(made.engine, made.model)
}
