import type { Contact } from '#shared/contacts.ts'
import type { Message } from '#shared/messages.ts'

/** Maya Ortiz (c1), an active contact linked to user 'u1', for screen tests. */
export function testContact(overrides: Partial<Contact> = {}): Contact {
  return {
    id: 'c1',
    name: 'Maya Ortiz',
    avatar_url: null,
    contact_user_id: 'u1',
    display_order: 1,
    last_interaction: '2025-01-01T00:00:00.000Z',
    last_reply_from_them: null,
    consecutive_messages_sent: 0,
    archived_at: null,
    account_deleted: false,
    is_active: true,
    inactive_days: null,
    unread_count: 0,
    is_online: false,
    ...overrides,
  }
}

/** A message between 'me' and 'u1' for tests; `minutesAgo` sets created_at. */
export function testMessage(overrides: Partial<Message> & { minutesAgo?: number } = {}): Message {
  const { minutesAgo = 5, ...rest } = overrides
  return {
    id: 'm1',
    sender_id: 'u1',
    receiver_id: 'me',
    left_contact_id: null,
    audio_url: '/api/media/u1/a.webm?sig=x',
    mime_type: 'audio/webm',
    duration_seconds: 73,
    waveform: Array.from({ length: 64 }, (_, i) => (i % 8) / 8),
    created_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    is_read: false,
    liked: false,
    reply_to_id: null,
    reply_to: null,
    transcription: null,
    word_timestamps: null,
    transcript_confidence: null,
    transcript_engine: null,
    transcript_model: null,
    can_retranscribe: false,
    emotions: [],
    topics: [],
    sentiment: null,
    processing_status: 'pending',
    processing_error: null,
    ...rest,
  }
}
