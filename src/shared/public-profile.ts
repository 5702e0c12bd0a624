import { z } from 'zod/mini'
import { PUBLIC_PROFILE_DESCRIPTION_CHARS } from './limits.ts'
import { wordTimestampSchema } from './profile.ts'

export { wordTimestampSchema }

/**
 * What anyone, signed in or not, may read about a person (docs/product/directory.md; decision 124): `photos` is the
 * whole gallery only for someone who opted in to being found, for the person and for people they chose, else the
 * primary photo alone.
 */
export const publicProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  profile_picture_url: z.nullable(z.string()),
  photos: z.array(z.object({ id: z.string(), url: z.string(), is_primary: z.boolean() })),
  welcome_audio_url: z.nullable(z.string()),
  welcome_transcript: z.nullable(z.string()),
  welcome_word_timestamps: z.nullable(z.array(wordTimestampSchema)),
  /** the person opted in to being found: the page may be indexed and carries Person data */
  findable: z.boolean(),
})
export type PublicProfile = z.infer<typeof publicProfileSchema>

export function publicProfileDescription(profile: Pick<PublicProfile, 'name' | 'welcome_transcript'>): string {
  const transcript = profile.welcome_transcript?.trim()
  if (transcript) return transcript.slice(0, PUBLIC_PROFILE_DESCRIPTION_CHARS)
  return `${profile.name} is on Hearth, a voice-first app for small circles of close contacts.`
}

/** The canonical address of a public profile (/profile/{id} shows the same page). */
export function publicProfilePath(id: string): string {
  return `/u/${encodeURIComponent(id)}`
}

/** The picture that represents the person: the primary photo, else the profile picture, else the first photo. */
export function profileImageUrl(profile: Pick<PublicProfile, 'photos' | 'profile_picture_url'>): string | null {
  return profile.photos.find((photo) => photo.is_primary)?.url ?? profile.profile_picture_url ?? profile.photos[0]?.url ?? null
}

/** schema.org Person data of a public profile (JSON-LD), with absolute addresses. */
export function personStructuredData(profile: PublicProfile, origin: string): Record<string, unknown> {
  const image = profileImageUrl(profile)
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: profile.name,
    url: new URL(publicProfilePath(profile.id), origin).href,
    ...(image ? { image: new URL(image, origin).href } : {}),
  }
}
