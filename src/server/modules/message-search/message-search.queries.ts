import { and, asc, desc, eq, isNull, ne, not, or, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { alias, unionAll, type AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Database, Executor } from '#server/db/client.ts'
import { escapeLike } from '#server/db/like-pattern.ts'
import { preparedStatement } from '#server/db/prepared-statement.ts'
import { audioMessages, contacts, conversations, profiles, searchWords } from '#server/db/schema.ts'
import { cursorAtColumn, olderThan, type BoundMessagePosition, type MessagePosition } from '#server/modules/messages/message-cursor.ts'
import { readAsSeenBy } from '#server/modules/messages/messages.queries.ts'
import { contactName } from '#server/modules/contacts/contacts.queries.ts'

/**
 * What a message's document must hold: the whole words (and perhaps a prefix) as `to_tsquery('simple', …)` text, and
 * the words the word being typed can become, one of which must be there (decision 110). Both are bound parameters.
 * `words` are the whole words alone (no prefix), each of which must be there: the person's word keys find them
 * (decision 171).
 */
export type MessageTextMatch = { tsquery: string | null; anyOf: string[] | null; words: string[] }

type MessageSearchOptions = {
  /** null lists everything */
  match: MessageTextMatch | null
  /** continue below this row of a previous page */
  after: MessagePosition | null
  limit: number
}

/**
 * The same, as values or as placeholders of a statement built once (decision 114): `anyOf` as tsquery text and, for
 * the person's word keys, `anyOfWords` as the words themselves; `words` null when there is no whole word.
 */
export type BoundMessageSearchOptions = {
  match: {
    tsquery: string | Placeholder | null
    anyOf: string | Placeholder | null
    anyOfWords: string[] | Placeholder | null
    words: string[] | Placeholder | null
  } | null
  after: BoundMessagePosition | null
  limit: number | Placeholder
}

/** The caller's contact row for the other person when they deleted their account (decisions 120, 202). */
const leftContact = alias(contacts, 'left_contact')

const overviewColumns = (userId: string | Placeholder) => ({
  id: audioMessages.id,
  senderId: audioMessages.senderId,
  receiverId: audioMessages.receiverId,
  durationSeconds: audioMessages.durationSeconds,
  createdAt: audioMessages.createdAt,
  cursorAt: cursorAtColumn(),
  /** a message request's messages stay unheard to their sender until it is accepted (decision 200) */
  isRead: readAsSeenBy(userId).as('is_read'),
  transcription: audioMessages.transcription,
  emotions: audioMessages.emotions,
  topics: audioMessages.topics,
  processingStatus: audioMessages.processingStatus,
  leftContactId: audioMessages.leftContactId,
  /** the overview's Liked group: the message's one like, whoever of the two set it (decision 205) */
  liked: audioMessages.liked,
})

/**
 * The statement behind searchMessagesForUser, unexecuted (the benchmark prints its plan). The user's sent and
 * received messages are two branches, each read newest first from its own (person, created_at, id) index and cut at
 * `limit`, then merged: PostgreSQL stops early instead of sorting everything a person ever exchanged. A search
 * narrows each branch through the GIN index of the person's word keys (decision 171) or the one on (person,
 * search_vector) (decision 87), or, for a common word, filters while reading in order. The document's tsquery is
 * always a condition too: the word keys are hashes, and they know no prefix. The other person's contact, as the user
 * sees them, comes from a join, not a query per row.
 */
export function messageSearchQuery(db: Executor, userId: string | Placeholder, { match, after, limit }: BoundMessageSearchOptions) {
  const narrowing: SQL[] = []
  const tsqueries: SQL[] = []
  if (match?.tsquery) tsqueries.push(sql`to_tsquery('simple', ${match.tsquery})`)
  if (match?.anyOf) tsqueries.push(sql`${match.anyOf}::tsquery`)
  // one @@ with the parts joined by && (tsquery AND): the GIN index reads them in one scan
  if (tsqueries.length > 0) narrowing.push(sql`${audioMessages.searchVector} @@ (${sql.join(tsqueries, sql` && `)})`)
  if (after) narrowing.push(olderThan(after))
  // the expression of the word-key indexes (migration 0025), for the branch's person
  const wordKeys = (person: AnyPgColumn) => sql`hearth_person_words(${person}, tsvector_to_array(${audioMessages.searchVector}))`
  const ownWords = (person: AnyPgColumn) => [
    match?.words ? sql`${wordKeys(person)} @> hearth_person_words(${userId}, ${match.words}::text[])` : undefined,
    match?.anyOfWords ? sql`${wordKeys(person)} && hearth_person_words(${userId}, ${match.anyOfWords}::text[])` : undefined,
  ]
  const newestFirst = [desc(audioMessages.createdAt), desc(audioMessages.id)]
  const branch = (person: AnyPgColumn, own: SQL | undefined) =>
    db
      .select(overviewColumns(userId))
      .from(audioMessages)
      .where(and(own, ...ownWords(person), ...narrowing))
      .orderBy(...newestFirst)
      .limit(limit)
  // a message request's messages (pending, ignored or blocked) are read on /requests, not listed here: the overview
  // would link to a conversation that does not exist yet (decision 123)
  const fromARequest = sql`exists (select 1 from ${contacts} where ${contacts.userId} = ${userId} and ${contacts.contactUserId} = ${audioMessages.senderId} and ${contacts.requestStatus} is not null)`
  const mine = unionAll(
    branch(audioMessages.senderId, eq(audioMessages.senderId, userId)),
    branch(
      audioMessages.receiverId,
      // a sender who deleted their account is null (decision 202): the receiver keeps what they sent
      and(eq(audioMessages.receiverId, userId), or(isNull(audioMessages.senderId), ne(audioMessages.senderId, userId)), not(fromARequest)),
    ),
  ).as('mine')
  const otherUserId = sql<string | null>`case when ${mine.senderId} = ${userId} then ${mine.receiverId} else ${mine.senderId} end`
  return (
    db
      .select({
        id: mine.id,
        senderId: mine.senderId,
        receiverId: mine.receiverId,
        durationSeconds: mine.durationSeconds,
        createdAt: mine.createdAt,
        cursorAt: mine.cursorAt,
        isRead: mine.isRead,
        liked: mine.liked,
        transcription: mine.transcription,
        emotions: mine.emotions,
        topics: mine.topics,
        processingStatus: mine.processingStatus,
        // named, as every column here: the reader takes the rows by column name (decision 180)
        otherUserId: otherUserId.as('other_user_id'),
        contactId: sql<string | null>`coalesce(${contacts.id}, ${leftContact.id})`.as('contact_id'),
        // the name they gave themselves, for someone in the user's circle (decision 117); the name they had, for
        // someone who deleted their account (decision 120)
        contactName: sql<string | null>`case when ${contacts.id} is not null then ${contactName} else ${leftContact.name} end`.as(
          'contact_name',
        ),
        otherPictureKey: profiles.profilePictureKey,
      })
      .from(mine)
      // (user_id, contact_user_id) is unique: at most one contact row per message
      .leftJoin(contacts, and(eq(contacts.userId, userId), eq(contacts.contactUserId, otherUserId)))
      // a message with someone who deleted their account names the user's own row for them (decisions 120, 202)
      .leftJoin(leftContact, and(eq(leftContact.id, mine.leftContactId), eq(leftContact.userId, userId)))
      .leftJoin(profiles, eq(profiles.id, otherUserId))
      .orderBy(desc(mine.createdAt), desc(mine.id))
      .limit(limit)
  )
}

/**
 * `'sunday' | 'sundays'`: lexemes as tsquery input, each quoted (a quote or backslash doubled/escaped), so no word
 * of the vocabulary is read as an operator. Cast with ::tsquery, not to_tsquery: the words are lexemes already.
 */
export function anyOfTsquery(words: string[]): string {
  return words.map((word) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`).join(' | ')
}

/**
 * The vocabulary's words that start with `prefix`, in word order, at most `limit` (decision 110): reads a range of
 * its primary key (the database's collation is C, so the range is the prefix).
 */
function wordsStartingWithQuery(db: Executor, pattern: string | Placeholder, limit: number | Placeholder) {
  return db
    .select({ word: searchWords.word })
    .from(searchWords)
    .where(sql`${searchWords.word} like ${pattern}`)
    .orderBy(asc(searchWords.word))
    .limit(limit)
}

/**
 * A match as the statement binds it: the words being typed as one tsquery text and, for two words or more, the words
 * for the person's word keys (decision 171). One word keeps to the (person, document) index or the read in order: the
 * planner's estimate of how many of the person's messages hold it is what picks between the two, and a word-key
 * condition beside the person's would have it count the person twice.
 */
export const bindMatch = (match: MessageTextMatch | null): BoundMessageSearchOptions['match'] => {
  if (!match) return null
  const keyed = match.words.length + (match.anyOf ? 1 : 0) >= 2
  return {
    tsquery: match.tsquery,
    anyOf: match.anyOf ? anyOfTsquery(match.anyOf) : null,
    anyOfWords: keyed ? match.anyOf : null,
    words: keyed && match.words.length > 0 ? match.words : null,
  }
}

export type MessageSearchRow = Awaited<ReturnType<typeof messageSearchQuery>>[number]

/** A row of messageSearchQuery as PostgreSQL names its columns (timestamps as their text, as drizzle reads them). */
type StoredSearchRow = {
  id: string
  sender_id: string | null
  receiver_id: string | null
  duration_seconds: number
  created_at: string
  cursor_at: string
  is_read: boolean
  liked: boolean
  transcription: string | null
  emotions: string[]
  topics: string[]
  processing_status: MessageSearchRow['processingStatus']
  other_user_id: string | null
  contact_id: string | null
  contact_name: string | null
  profile_picture_key: string | null
}

const toSearchRow = (row: StoredSearchRow): MessageSearchRow => ({
  id: row.id,
  senderId: row.sender_id,
  receiverId: row.receiver_id,
  durationSeconds: row.duration_seconds,
  createdAt: new Date(row.created_at),
  cursorAt: row.cursor_at,
  isRead: row.is_read,
  liked: row.liked,
  transcription: row.transcription,
  emotions: row.emotions,
  topics: row.topics,
  processingStatus: row.processing_status,
  otherUserId: row.other_user_id,
  contactId: row.contact_id,
  contactName: row.contact_name,
  otherPictureKey: row.profile_picture_key,
})

type BoundMatch = NonNullable<BoundMessageSearchOptions['match']>
type SearchValues = {
  userId: string
  tsquery: BoundMatch['tsquery'] | undefined
  anyOf: BoundMatch['anyOf'] | undefined
  anyOfWords: BoundMatch['anyOfWords'] | undefined
  words: BoundMatch['words'] | undefined
  afterAt: string | undefined
  afterId: string | undefined
  limit: number
}

/**
 * Up to how many messages a person's searches with whole words run as named statements, planned once per connection
 * (decision 183). Any plan reads at most this many of their messages, so the plan PostgreSQL keeps for every value
 * is never far from the best one for these values, while planning each search cost more than running it.
 */
export const SEARCH_PLANNED_ONCE_UP_TO = 1_000

/**
 * The overview's statements, each built once per shape (with or without whole words, words being typed, a cursor)
 * and run with placeholder values (decision 114): drizzle's building of the SQL text costs ~0.35 ms of JavaScript a
 * statement. A search stays unnamed, so PostgreSQL plans each search with its values: whether a word is rare or
 * common, and how many messages the person has, decide the plan (decision 87). The overview without words is a named
 * prepared statement (decision 180): its plan depends on no value (each branch reads its person's newest messages
 * from its (person, created_at, id) index and stops at the page), and planning it cost more than running it. So is a
 * search of whole words for a person with few messages (decision 183); a prefix (`gar:*`) never is: a plan kept for
 * every value could gather every message of everyone with a word that starts so.
 */
export function messageSearchReader(db: Database, { plannedOnceUpTo = SEARCH_PLANNED_ONCE_UP_TO }: { plannedOnceUpTo?: number } = {}) {
  const placeholder = (name: string) => sql.placeholder(name)
  const shapes = new Map<string, ReturnType<typeof prepareSearch>>()
  const prepareSearch = (named: boolean, tsquery: boolean, anyOf: boolean, anyOfWords: boolean, words: boolean, after: boolean) => {
    const statement = messageSearchQuery(db, placeholder('userId'), {
      match:
        tsquery || anyOf
          ? {
              tsquery: tsquery ? placeholder('tsquery') : null,
              anyOf: anyOf ? placeholder('anyOf') : null,
              anyOfWords: anyOfWords ? placeholder('anyOfWords') : null,
              words: words ? placeholder('words') : null,
            }
          : null,
      after: after ? { createdAt: placeholder('afterAt'), id: placeholder('afterId') } : null,
      limit: placeholder('limit'),
    })
    const searchName = `overview_search_${[tsquery, anyOf, anyOfWords, words, after].map(Number).join('')}`
    const name = tsquery || anyOf ? (named ? searchName : '') : after ? 'overview_page_older' : 'overview_page'
    return preparedStatement<StoredSearchRow, SearchValues>(name, statement.getSQL())
  }
  const words = wordsStartingWithQuery(db, placeholder('pattern'), placeholder('limit')).prepare('')
  const messageTotal = preparedStatement<{ messages: number }, { userId: string }>(
    'person_message_total',
    sql`select coalesce(sum(${conversations.messageCount}), 0)::int as messages from ${conversations} where ${conversations.userId} = ${sql.placeholder('userId')}`,
  )
  /** Whether the person's search may keep one plan for every value: whole words only, and few messages. */
  const plannedOnce = async (userId: string, bound: BoundMessageSearchOptions['match']) => {
    if (!bound || (typeof bound.tsquery === 'string' && bound.tsquery.includes(':*'))) return false
    const [total] = await messageTotal(db, { userId })
    return (total?.messages ?? 0) <= plannedOnceUpTo
  }
  return {
    /**
     * The user's messages (sent or received), newest first, with the other person's contact as the user sees them,
     * in one statement. Answers at most `limit` rows.
     */
    async search(userId: string, { match, after, limit }: MessageSearchOptions): Promise<MessageSearchRow[]> {
      const bound = bindMatch(match)
      const shape = [
        await plannedOnce(userId, bound),
        Boolean(bound?.tsquery),
        Boolean(bound?.anyOf),
        Boolean(bound?.anyOfWords),
        Boolean(bound?.words),
        Boolean(after),
      ] as const
      const key = shape.join(' ')
      let statement = shapes.get(key)
      if (!statement) {
        statement = prepareSearch(...shape)
        shapes.set(key, statement)
      }
      const rows = await statement(db, {
        userId,
        tsquery: bound?.tsquery,
        anyOf: bound?.anyOf,
        anyOfWords: bound?.anyOfWords,
        words: bound?.words,
        afterAt: after?.createdAt,
        afterId: after?.id,
        limit,
      })
      return rows.map(toSearchRow)
    },
    /** The vocabulary's words that start with `prefix`, in word order, at most `limit` (decision 110). */
    async wordsStartingWith(prefix: string, limit: number): Promise<string[]> {
      const rows = await words.execute({ pattern: `${escapeLike(prefix)}%`, limit })
      return rows.map((row) => row.word)
    },
  }
}
export type MessageSearchReader = ReturnType<typeof messageSearchReader>
