import { createIntl } from 'react-intl'
import { describe, expect, it } from 'vitest'
import type { InvitationPreview } from '#shared/invitations.ts'
import { timeLeft } from './components/your-invitations.tsx'
import { nextTranscriptPoll } from './queries.ts'

const preview = (over: Partial<InvitationPreview> = {}): InvitationPreview => ({
  invitation: { id: 'i', recipient_name: null, note: null, expires_at: new Date().toISOString() },
  inviter: { name: 'Ada', avatar_url: null },
  invited_email: null,
  transcript: null,
  transcription_status: 'pending',
  personal_message_signed_url: '/api/media/a/b.webm',
  ...over,
})

describe('the landing page polls the transcript from 1 s, doubling to 8 s (docs/product/invitations.md)', () => {
  it('waits 1, 2, 4, 8, 8 s while the transcript is on its way', () => {
    expect([0, 1, 2, 3, 4].map((n) => nextTranscriptPoll(preview(), n))).toEqual([1000, 2000, 4000, 8000, 8000])
  })
  it('stops once there is a transcript, it failed, or there is no message', () => {
    expect(nextTranscriptPoll(preview({ transcript: 'hi', transcription_status: 'completed' }), 2)).toBe(false)
    expect(nextTranscriptPoll(preview({ transcription_status: 'failed' }), 2)).toBe(false)
    expect(nextTranscriptPoll(preview({ personal_message_signed_url: null }), 0)).toBe(false)
    expect(nextTranscriptPoll(undefined, 0)).toBe(false)
  })
})

describe("'Your invitations' time left", () => {
  const intl = createIntl({ locale: 'en', defaultLocale: 'en', messages: {} })
  const now = Date.parse('2026-11-23T12:00:00Z')
  const at = (ms: number) => new Date(now + ms).toISOString()
  it('counts whole days up, as the mail says 7 days', () => {
    expect(timeLeft(intl, at(7 * 86_400_000 - 5000), now)).toBe('7 days left')
    expect(timeLeft(intl, at(86_400_000 + 1000), now)).toBe('2 days left')
    expect(timeLeft(intl, at(86_400_000), now)).toBe('1 day left')
    expect(timeLeft(intl, at(5 * 3_600_000 + 10), now)).toBe('5 hours left')
    expect(timeLeft(intl, at(60_000), now)).toBe('Less than an hour left')
    expect(timeLeft(intl, at(-1), now)).toBeNull()
  })
})
