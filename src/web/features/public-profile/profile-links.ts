import type { PublicProfile } from '#shared/public-profile.ts'

/** The canonical address of a public profile (/profile/{id} shows the same page). */
export function publicProfilePath(id: string): string {
  return `/u/${encodeURIComponent(id)}`
}

/** /auth, told to come back to the profile once signed in (`next`), with the same path as navigation state. */
export function signInToMessage(id: string): { to: string; state: { from: string } } {
  const from = publicProfilePath(id)
  return { to: `/auth?${new URLSearchParams({ next: from }).toString()}`, state: { from } }
}

/** The picture that represents the person: the primary photo, else the profile picture, else the first photo. */
export function profileImageUrl(profile: Pick<PublicProfile, 'photos' | 'profile_picture_url'>): string | null {
  return profile.photos.find((photo) => photo.is_primary)?.url ?? profile.profile_picture_url ?? profile.photos[0]?.url ?? null
}

/** Photos with the primary one first, the others in their given order. */
export function orderedPhotos<T extends { is_primary: boolean }>(photos: readonly T[]): T[] {
  return [...photos.filter((p) => p.is_primary), ...photos.filter((p) => !p.is_primary)]
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
