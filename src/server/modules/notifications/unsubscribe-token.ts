import { createHmac, timingSafeEqual } from 'node:crypto'

// Domain-separated from the media URL signatures made with the same key.
const signatureOf = (secret: string, userId: string) =>
  createHmac('sha256', secret).update(`email-unsubscribe\n${userId}`).digest('base64url')

/**
 * The token of a new-message mail's unsubscribe link: the person's id and its signature. It never expires (decision
 * 63): a mail read months later must still turn the mail off, and all it can do is turn one switch off.
 */
export function signUnsubscribeToken(secret: string, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${signatureOf(secret, userId)}`
}

/** The person a token names, or null when it was not signed by us. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  const [encodedId, signature] = token.split('.')
  if (!encodedId || !signature) return null
  const userId = Buffer.from(encodedId, 'base64url').toString('utf8')
  const expected = Buffer.from(signatureOf(secret, userId))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  return userId
}
