import { createHmac, timingSafeEqual } from 'node:crypto'
import { SIGNED_URL_TTL_SECONDS } from '#shared/limits.ts'

export const MEDIA_PATH = '/api/media'

const signatureOf = (secret: string, key: string, expires: number) =>
  createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url')

/** A same-origin URL that serves `key` until it expires; whoever holds it may read the object. */
export function signMediaUrl(secret: string, key: string, { ttlSeconds = SIGNED_URL_TTL_SECONDS, now = Date.now() } = {}): string {
  const expires = Math.floor(now / 1000) + ttlSeconds
  return `${MEDIA_PATH}/${key}?expires=${expires}&signature=${signatureOf(secret, key, expires)}`
}

/**
 * The one way a person's picture becomes a URL (contacts, directory, profiles), or null when they have none and
 * the client draws initials. Pictures are public renditions of photos (decision 57): see the photos module.
 */
export type PictureUrl = (key: string | null) => string | null

export type MediaUrlCheck = 'valid' | 'expired' | 'invalid'

export function verifyMediaUrl(
  secret: string,
  key: string,
  expires: string | undefined,
  signature: string | undefined,
  now = Date.now(),
): MediaUrlCheck {
  const expiresAt = Number(expires)
  if (!signature || !Number.isInteger(expiresAt)) return 'invalid'
  const expected = Buffer.from(signatureOf(secret, key, expiresAt))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid'
  return expiresAt * 1000 < now ? 'expired' : 'valid'
}
