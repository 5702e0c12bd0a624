import { z } from 'zod/mini'
import { messageCursorSchema, messageSchema } from './messages.ts'

/** The overview's search box (docs/product/messages-overview.md): longer queries are refused (400). */
export const MESSAGE_SEARCH_MAX_QUERY = 200
/** Words of a query that take part in the search; more are ignored. */
export const MESSAGE_SEARCH_MAX_TERMS = 10
/** Characters kept of one word. */
export const MESSAGE_SEARCH_MAX_TERM_LENGTH = 60

/** The overview pages with the same cursor as a conversation. */
export const messageSearchCursorSchema = messageCursorSchema

/** GET /api/messages?q=&cursor= */
export const messageSearchQuerySchema = z.object({
  q: z._default(
    z.string().check(z.maxLength(MESSAGE_SEARCH_MAX_QUERY, `Search text is limited to ${MESSAGE_SEARCH_MAX_QUERY} characters`)),
    '',
  ),
  cursor: z.optional(messageSearchCursorSchema),
})
export type MessageSearchQuery = z.infer<typeof messageSearchQuerySchema>

/**
 * One message of the overview: what a card shows, plus who the other person is as the caller sees them
 * (`contact_id` and `name` are null when the caller has no contact for them: the card says 'Unknown').
 * No audio URL: a card opens /playback/{id}, which asks for the signed one.
 */
export const overviewMessageSchema = z.extend(
  z.pick(messageSchema, {
    id: true,
    sender_id: true,
    receiver_id: true,
    duration_seconds: true,
    created_at: true,
    is_read: true,
    liked: true,
    transcription: true,
    emotions: true,
    topics: true,
    processing_status: true,
  }),
  {
    other_person: z.object({
      /** null once that person deleted their account (decision 202) */
      user_id: z.nullable(z.string()),
      contact_id: z.nullable(z.string()),
      name: z.nullable(z.string()),
      picture_url: z.nullable(z.string()),
    }),
  },
)
export type OverviewMessage = z.infer<typeof overviewMessageSchema>

/** A page of at most 50, newest first; `next_cursor` is null on the last page. */
export const messageSearchResultSchema = z.object({
  messages: z.array(overviewMessageSchema),
  next_cursor: z.nullable(z.string()),
})
export type MessageSearchResult = z.infer<typeof messageSearchResultSchema>

/**
 * The words of a search query, lowercased and deduplicated: runs of letters, combining marks and digits. Everything
 * else (quotes, `&`, `|`, `!`, `:`, `*`, brackets, dashes) only separates words, so nothing a person types can become
 * a text-search operator. A query without words searches for nothing and lists every message.
 */
export function messageSearchTerms(query: string): string[] {
  const words =
    query
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? []
  return [...new Set(words.map((word) => word.slice(0, MESSAGE_SEARCH_MAX_TERM_LENGTH)))].slice(0, MESSAGE_SEARCH_MAX_TERMS)
}

/**
 * What a search asks for (decision 87): every word must match as a whole word, except the last one while it is still
 * being typed (the query does not end in a space), which matches as a prefix ('exci' finds 'excited'). Null when
 * there are no words.
 */
export function messageSearchParts(query: string): { words: string[]; typing: string | null } | null {
  const terms = messageSearchTerms(query)
  if (terms.length === 0) return null
  const last = /\s$/u.test(query) ? undefined : messageSearchTerms(query.slice(query.search(/[\p{L}\p{M}\p{N}]+[^\p{L}\p{M}\p{N}]*$/u)))[0]
  const typing = last !== undefined && terms.includes(last) ? last : null
  return { words: terms.filter((term) => term !== typing), typing }
}

/**
 * The `to_tsquery('simple', …)` text for a search: its whole words joined with `&`, and the word being typed as a
 * prefix (`coffee & sun:*`). Null when there are no words. The server expands the prefix into the words it can
 * become where it can (decision 110). The result is passed as a bound parameter, never spliced into SQL.
 */
export function messageSearchTsquery(query: string): string | null {
  const parts = messageSearchParts(query)
  if (!parts) return null
  return messageSearchTerms(query)
    .map((term) => (term === parts.typing ? `${term}:*` : term))
    .join(' & ')
}
