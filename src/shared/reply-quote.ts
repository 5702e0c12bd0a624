import { formatDuration } from './duration.ts'

/**
 * A reply's quote of the message it answers (decision 205), as every chat app shows one: who said it and its first
 * words, or its length while it has no words.
 */

/** At most this many words, and this many characters, of the answered message's transcript. */
export const REPLY_EXCERPT_WORDS = 12
export const REPLY_EXCERPT_CHARS = 80

/** The first words of a transcript, cut at a word with '…' when there is more; null for none (or only spaces). */
export function replyExcerpt(transcription: string | null): string | null {
  const words = (transcription ?? '').trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return null
  let text = ''
  let used = 0
  for (const word of words.slice(0, REPLY_EXCERPT_WORDS)) {
    const next = text ? `${text} ${word}` : word
    if (next.length > REPLY_EXCERPT_CHARS) break
    text = next
    used += 1
  }
  // one very long first word: its start
  if (used === 0) return `${words[0]?.slice(0, REPLY_EXCERPT_CHARS)}…`
  return used < words.length ? `${text}…` : text
}

/** What the quote shows: "You" or the other person's name, then the words or the length ('Voice message 0:12'). */
export function replyQuoteLabel(
  quote: { sender_id: string; excerpt: string | null; duration_seconds: number },
  { ownUserId, contactName }: { ownUserId: string; contactName: string },
): { who: string; text: string } {
  return {
    who: quote.sender_id === ownUserId ? 'You' : contactName,
    text: quote.excerpt ?? `Voice message ${formatDuration(quote.duration_seconds)}`,
  }
}
