import { z } from 'zod'
import { PUBLIC_PROFILE_DESCRIPTION_CHARS } from './limits.ts'
import { PROFILE_TEXTS, wordTimestampSchema } from './profile.ts'

export { wordTimestampSchema }

/** What anyone, signed in or not, may read about a person (spec 000: get_public_profile). */
export const publicProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  profile_picture_url: z.string().nullable(),
  photos: z.array(z.object({ id: z.string(), url: z.string(), is_primary: z.boolean() })),
  welcome_audio_url: z.string().nullable(),
  welcome_transcript: z.string().nullable(),
  welcome_word_timestamps: z.array(wordTimestampSchema).nullable(),
})
export type PublicProfile = z.infer<typeof publicProfileSchema>

export const PUBLIC_PROFILE_TEXTS = {
  loadFailed: 'Failed to load profile',
  notFound: PROFILE_TEXTS.notFound,
  photoUnavailable: 'Photo unavailable',
} as const

export function publicProfileDescription(profile: Pick<PublicProfile, 'name' | 'welcome_transcript'>): string {
  const transcript = profile.welcome_transcript?.trim()
  if (transcript) return transcript.slice(0, PUBLIC_PROFILE_DESCRIPTION_CHARS)
  return `${profile.name} is on Hearth, a voice-first app for small circles of close contacts.`
}
