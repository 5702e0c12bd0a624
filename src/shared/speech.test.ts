import { describe, expect, it } from 'vitest'
import { awaitingSpeech, canRetryTranscription, nextRetryDelayMs, SPEECH_RETRY_WINDOW_MS } from './speech.ts'

describe('speech rules', () => {
  it('waits 3 s then 10 s between attempts and stops after the third', () => {
    expect(nextRetryDelayMs(1)).toBe(3_000)
    expect(nextRetryDelayMs(2)).toBe(10_000)
    expect(nextRetryDelayMs(3)).toBeNull()
    expect(nextRetryDelayMs(7)).toBeNull()
  })

  it('allows a retry only of a failed message and only within 2 hours of sending', () => {
    const now = Date.parse('2026-11-23T12:00:00Z')
    const sent = (msAgo: number) => new Date(now - msAgo).toISOString()
    expect(canRetryTranscription({ processing_status: 'failed', created_at: sent(60_000) }, now)).toBe(true)
    expect(canRetryTranscription({ processing_status: 'failed', created_at: sent(SPEECH_RETRY_WINDOW_MS + 1) }, now)).toBe(false)
    expect(canRetryTranscription({ processing_status: 'completed', created_at: sent(60_000) }, now)).toBe(false)
    expect(canRetryTranscription({ processing_status: 'pending', created_at: sent(60_000) }, now)).toBe(false)
  })

  it('keeps asking while a message is pending or processing, and stops once it completed or failed', () => {
    expect(awaitingSpeech({ processing_status: 'pending' })).toBe(true)
    expect(awaitingSpeech({ processing_status: 'processing' })).toBe(true)
    expect(awaitingSpeech({ processing_status: 'completed' })).toBe(false)
    expect(awaitingSpeech({ processing_status: 'failed' })).toBe(false)
  })
})
