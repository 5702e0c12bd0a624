import { describe, expect, it } from 'vitest'
import type { Profile } from '#shared/profile.ts'
import { welcomeTranscriptRefetchInterval } from './queries.ts'

const profile = (status: Profile['welcome_transcript_status'], audio: string | null = 'https://hearth.test/media/w.webm'): Profile => ({
  id: 'u1',
  name: 'Robin',
  full_name: 'Robin',
  email: 'robin@example.test',
  welcome_audio_url: audio,
  welcome_transcript: status === 'completed' ? 'Hello there' : null,
  welcome_transcript_status: status,
  welcome_word_timestamps: null,
  profile_picture_url: null,
  onboarding_completed: true,
  email_notifications_enabled: true,
  findable_by_email: false,
  push_shows_transcript: false,
  language: null,
})

describe('welcome transcript polling (docs/product/settings.md)', () => {
  it('polls every 3 s while processing, stops after 120 s', () => {
    const state = { sawInFlight: false, refreshed: false }
    expect(welcomeTranscriptRefetchInterval(profile('processing'), 0, 1_000, state)).toBe(3_000)
    expect(welcomeTranscriptRefetchInterval(profile('pending'), 0, 119_999, state)).toBe(3_000)
    expect(welcomeTranscriptRefetchInterval(profile('processing'), 0, 120_000, state)).toBe(false)
  })

  it('fetches once more 1 s after completion, then stops', () => {
    const state = { sawInFlight: false, refreshed: false }
    welcomeTranscriptRefetchInterval(profile('processing'), 0, 1_000, state)
    expect(welcomeTranscriptRefetchInterval(profile('completed'), 0, 4_000, state)).toBe(1_000)
    expect(welcomeTranscriptRefetchInterval(profile('completed'), 0, 5_000, state)).toBe(false)
  })

  it('does not poll a transcript that was already there, failed, or without audio', () => {
    const state = { sawInFlight: false, refreshed: false }
    expect(welcomeTranscriptRefetchInterval(profile('completed'), 0, 1_000, state)).toBe(false)
    expect(welcomeTranscriptRefetchInterval(profile('failed'), 0, 1_000, state)).toBe(false)
    expect(welcomeTranscriptRefetchInterval(profile('processing', null), 0, 1_000, state)).toBe(false)
  })
})
