import type { Message } from '#shared/messages.ts'

/** A message between 'me' and 'u1' for tests; `minutesAgo` sets created_at. */
export function testMessage(overrides: Partial<Message> & { minutesAgo?: number } = {}): Message {
  const { minutesAgo = 5, ...rest } = overrides
  return {
    id: 'm1',
    sender_id: 'u1',
    receiver_id: 'me',
    audio_url: '/api/media/u1/a.webm?sig=x',
    mime_type: 'audio/webm',
    duration_seconds: 73,
    waveform: Array.from({ length: 64 }, (_, i) => (i % 8) / 8),
    created_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    is_read: false,
    liked: false,
    reply_to_id: null,
    transcription: null,
    word_timestamps: null,
    emotions: [],
    topics: [],
    processing_status: 'pending',
    processing_error: null,
    ...rest,
  }
}
