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
 * The one way a person's picture becomes a URL (contacts, directory, profiles): signed like any stored media,
 * or null when they have none, and the client then draws a generated avatar. Photos arrive in a later issue;
 * until then no picture key is ever written.
 */
export type PictureUrl = (key: string | null) => string | null
export const pictureUrlSigner =
  (sign: (key: string) => string): PictureUrl =>
  (key) =>
    key ? sign(key) : null

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
