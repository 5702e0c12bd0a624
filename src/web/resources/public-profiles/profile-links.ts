import { publicProfilePath } from '#shared/public-profile.ts'

/** /auth, told to come back to the profile once signed in (`next`), with the same path as navigation state. */
export function signInToMessage(id: string): { to: string; state: { from: string } } {
  const from = publicProfilePath(id)
  return { to: `/auth?${new URLSearchParams({ next: from }).toString()}`, state: { from } }
}

/** Photos with the primary one first, the others in their given order. */
export function orderedPhotos<T extends { is_primary: boolean }>(photos: readonly T[]): T[] {
  return [...photos.filter((p) => p.is_primary), ...photos.filter((p) => !p.is_primary)]
}
