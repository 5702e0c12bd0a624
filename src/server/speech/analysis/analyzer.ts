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
  /**
   * The languages whose transcripts it can read (decision 227): the offline analyser's word lists are English; a chat
   * model reads them all. Absent: English alone.
   */
  languages?: readonly string[]
  analyze(text: string, signal?: AbortSignal): Promise<Analysis>
}

/**
 * Whether `analyzer` can read a transcript in `language`. An unknown language (null) counts as English: transcripts
 * made before languages were kept came from English-only engines.
 */
export function analyzerReads(analyzer: Pick<Analyzer, 'languages'>, language: string | null): boolean {
  return (analyzer.languages ?? ['en']).includes(language ?? 'en')
}
