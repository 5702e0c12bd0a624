/**
 * Signed media URLs (decision 21) carry `expires` (Unix seconds). The player renews a URL before playing when it
 * has less than this left: with the server's one-hour URLs, once the URL is older than 50 minutes, so a message
 * started on a screen left open for a while still has time to stream to its end.
 */
export const SIGNED_URL_RENEW_MARGIN_MS = 10 * 60 * 1000

/** When a signed URL stops working (ms since the epoch), or null when it does not say. */
export function signedUrlExpiresAt(url: string): number | null {
  let parsed: URL
  try {
    parsed = new URL(url, 'http://localhost')
  } catch {
    return null
  }
  const expires = parsed.searchParams.get('expires')
  if (expires === null || !/^\d+$/.test(expires)) return null
  return Number(expires) * 1000
}

/** Whether a URL can be given to the audio element as it is. URLs that do not say when they expire count as fresh. */
export function isSignedUrlFresh(url: string, now: number): boolean {
  const expiresAt = signedUrlExpiresAt(url)
  return expiresAt === null || expiresAt - now > SIGNED_URL_RENEW_MARGIN_MS
}
