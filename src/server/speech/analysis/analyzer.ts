/**
 * Analysis of a transcript: short lowercase labels ordered by strength, and a sentiment score in -1..1.
 */
export type Analysis = {
  emotions: string[]
  topics: string[]
  /** -1 (very negative) .. 1 (very positive) */
  sentiment: number
}

export type Analyzer = {
  name: 'offline' | 'openai' | 'test'
  analyze(text: string, signal?: AbortSignal): Promise<Analysis>
}
