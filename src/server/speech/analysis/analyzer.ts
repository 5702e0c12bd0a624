/**
 * Analysis of a transcript: short lowercase labels ordered by strength, and a sentiment score in -1..1.
 */
export type Analysis = {
  emotions: string[]
  topics: string[]
  /** -1 (very negative) .. 1 (very positive) */
  sentiment: number
}

/** At most this many labels leave an analyser; the UI never shows more than 5 of either. */
export const MAX_EMOTIONS = 5
export const MAX_TOPICS = 8

export type Analyzer = {
  name: 'offline' | 'openai' | 'test'
  analyze(text: string, signal?: AbortSignal): Promise<Analysis>
}
