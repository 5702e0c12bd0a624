import { and, asc, desc, eq, ne, not, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import type { Database } from '#server/db/client.ts'
import { escapeLike } from '#server/db/like-pattern.ts'
import { audioMessages, contacts, conversations, profiles, searchWords } from '#server/db/schema.ts'
import { cursorAtColumn, olderThan, type BoundMessagePosition, type MessagePosition } from '#server/modules/messages/message-cursor.ts'
import { likedBy } from '#server/modules/messages/messages.queries.ts'

/**
 * How many words of the vocabulary the word being typed may become (decision 110). Past that (a letter or two, 's'),
 * it stays a prefix: a prefix that many words share is common, and PostgreSQL then reads the person's messages newest
 * first and keeps those that match.
 */
export const MESSAGE_SEARCH_MAX_EXPANSION = 64

/**
 * What a message's document must hold (decisions 87, 110): every whole word, and, while a word is being typed, one
 * of the vocabulary's words it can become. The words are `messageSearchParts`' terms: letters, marks and digits.
 */
export type MessageTextMatch = { words: string[]; typing: string | null }

type MessageSearchOptions = {
  /** null lists everything */
  match: MessageTextMatch | null
  /** continue below this row of a previous page */
  after: MessagePosition | null
  limit: number
}

type Bound<T> = T | Placeholder

/**
 * A match as the statement binds it, as values or as placeholders of a statement built once (decision 114): the
 * whole words as `to_tsquery('simple', …)` text and as a space-separated list (for their counts in the vocabulary),
 * and the word being typed with its LIKE pattern.
 */
export type BoundMessageTextMatch = {
  whole: Bound<string> | null
  wholeWords: Bound<string> | null
  typing: { word: Bound<string>; pattern: Bound<string> } | null
}

export type BoundMessageSearchOptions = {
  match: BoundMessageTextMatch | null
  after: BoundMessagePosition | null
  limit: Bound<number>
}

export const bindMatch = (match: MessageTextMatch | null): BoundMessageTextMatch | null =>
  match && {
    whole: match.words.length > 0 ? match.words.join(' & ') : null,
    wholeWords: match.words.length > 0 ? match.words.join(' ') : null,
    typing: match.typing === null ? null : { word: match.typing, pattern: `${escapeLike(match.typing)}%` },
  }

const overviewColumns = (userId: string | Placeholder) => ({
  id: audioMessages.id,
  senderId: audioMessages.senderId,
  receiverId: audioMessages.receiverId,
  durationSeconds: audioMessages.durationSeconds,
  createdAt: audioMessages.createdAt,
  cursorAt: cursorAtColumn(),
  isRead: audioMessages.isRead,
  transcription: audioMessages.transcription,
  emotions: audioMessages.emotions,
  topics: audioMessages.topics,
  processingStatus: audioMessages.processingStatus,
  /** the overview's Liked group is what this person liked (decision 42) */
  liked: likedBy(userId).as('liked'),
})

/** A lexeme as tsquery input, quoted (a quote doubled, a backslash escaped): no word is read as an operator. */
export const quotedLexeme = (word: SQL) => sql`'''' || replace(replace(${word}, '\\', '\\\\'), '''', '''''') || ''''`

/**
 * What a search's words become, computed in the statement itself (decisions 110, 114): `query`, the tsquery, and
 * `common`, which way to read. The word being typed becomes the vocabulary's words that start with it (a range of
 * its primary key: the collation is C), as `'sunday' | 'sundays'` beside the whole words; past
 * MESSAGE_SEARCH_MAX_EXPANSION, a prefix (`sun:*`); none, the word itself, which nothing holds.
 *
 * The tsquery is not known when the statement is planned, so the statement says which way to read, as the planner
 * would from the words' frequencies (decision 87): `common` when reading the person's messages newest first and
 * keeping those that match reads fewer rows than gathering every match of the person and sorting them. With f the
 * share of messages that hold the words (their counts in the vocabulary over the table's row estimate, whole words
 * multiplied in) and n the person's messages per direction, the first reads about limit / f rows and the second
 * f x n: common when f x f x n >= limit. A prefix past the cap is common.
 */
export function searchTermsQuery(db: Database, userId: Bound<string>, match: BoundMessageTextMatch, limit: Bound<number>) {
  const rows = sql`(select greatest(reltuples, 1) from pg_class where oid = 'audio_messages'::regclass)`
  // a whole word the vocabulary lacks matches nothing: its share is 0
  const wholeShare = match.wholeWords
    ? sql`(select case when count(*) < cardinality(string_to_array(${match.wholeWords}::text, ' ')) then 0
               else exp(sum(ln(${searchWords.messages}::float8 / ${rows}))) end
             from ${searchWords} where ${searchWords.word} = any(string_to_array(${match.wholeWords}::text, ' ')))`
    : sql`1`
  const personMessages = sql`(select coalesce(sum(${conversations.messageCount}), 0) from ${conversations} where ${conversations.userId} = ${userId})`
  const isCommon = (share: SQL) => sql`power(${share}, 2) * ${personMessages} / 2 >= ${limit}`
  const whole = match.whole ? sql`to_tsquery('simple', ${match.whole})` : null
  if (!match.typing) {
    if (!whole) throw new Error('a search needs words')
    const terms = db
      .select({ query: sql<string>`${whole}`.as('query'), common: sql<boolean>`${isCommon(wholeShare)}`.as('common') })
      .from(sql`(values (1)) as one`)
    return db.$with('terms').as(terms)
  }
  const candidates = db
    .select({ word: searchWords.word, messages: searchWords.messages })
    .from(searchWords)
    .where(sql`${searchWords.word} like ${match.typing.pattern}`)
    .orderBy(asc(searchWords.word))
    .limit(MESSAGE_SEARCH_MAX_EXPANSION + 1)
    .as('candidates')
  const wholeAnd = whole ? sql`${whole} && ` : sql``
  const tooMany = sql`count(*) > ${sql.raw(String(MESSAGE_SEARCH_MAX_EXPANSION))}`
  const terms = db
    .select({
      query: sql<string>`case when ${tooMany} then ${wholeAnd}to_tsquery('simple', ${match.typing.word}::text || ':*')
          else ${wholeAnd}coalesce(string_agg(${quotedLexeme(sql`${candidates.word}`)}, ' | ' order by ${candidates.word}),
            ${quotedLexeme(sql`${match.typing.word}::text`)})::tsquery end`.as('query'),
      common: sql<boolean>`${tooMany} or ${isCommon(sql`coalesce(sum(${candidates.messages}), 0) / ${rows} * ${wholeShare}`)}`.as('common'),
    })
    .from(candidates)
  return db.$with('terms').as(terms)
}

/**
 * The statement behind a search, unexecuted (the benchmark prints its plan). The user's sent and received messages
 * are two branches, each read newest first from its own (person, created_at, id) index and cut at `limit`, then
 * merged: PostgreSQL stops early instead of sorting everything a person ever exchanged. A search narrows each branch
 * through the GIN index on (person, search_vector) (decision 87), or, for common words, filters while reading in
 * order: each direction has both ways, and `terms` lets one of them run (decision 114). The other person's contact,
 * as the user sees them, comes from a join, not a query per row.
 */
export function messageSearchQuery(db: Database, userId: Bound<string>, { match, after, limit }: BoundMessageSearchOptions) {
  const terms = match ? searchTermsQuery(db, userId, match, limit) : null
  const newestFirst = [desc(audioMessages.createdAt), desc(audioMessages.id)]
  const branch = (own: SQL | undefined, narrowing: SQL[]) =>
    db
      .select(overviewColumns(userId))
      .from(audioMessages)
      .where(and(own, ...narrowing, after ? olderThan(after) : undefined))
      .orderBy(...newestFirst)
      .limit(limit)
  const sent = eq(audioMessages.senderId, userId)
  const received = and(eq(audioMessages.receiverId, userId), ne(audioMessages.senderId, userId))
  let branches
  if (terms) {
    const matches = sql`${audioMessages.searchVector} @@ (select ${terms.query} from ${terms})`
    const common = sql`(select ${terms.common} from ${terms})`
    // the GIN index serves `matches`; wrapped in `is true` it cannot, so that branch reads in order
    const gathered = [matches, not(common)]
    const inOrder = [sql`(${matches}) is true`, common]
    branches = unionAll(branch(sent, gathered), branch(sent, inOrder), branch(received, gathered), branch(received, inOrder))
  } else {
    branches = unionAll(branch(sent, []), branch(received, []))
  }
  const mine = branches.as('mine')
  const otherUserId = sql<string | null>`case when ${mine.senderId} = ${userId} then ${mine.receiverId} else ${mine.senderId} end`
  return (
    (terms ? db.with(terms) : db)
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
        otherUserId,
        contactId: contacts.id,
        contactName: contacts.name,
        otherPictureKey: profiles.profilePictureKey,
      })
      .from(mine)
      // (user_id, contact_user_id) is unique: at most one contact row per message
      .leftJoin(contacts, and(eq(contacts.userId, userId), eq(contacts.contactUserId, otherUserId)))
      .leftJoin(profiles, eq(profiles.id, otherUserId))
      .orderBy(desc(mine.createdAt), desc(mine.id))
      .limit(limit)
  )
}

export type MessageSearchRow = Awaited<ReturnType<typeof messageSearchQuery>>[number]

/**
 * The overview's statement, built once per shape (words or none, whole words, a word being typed, a cursor) and kept
 * as a named prepared statement (decision 114): a read then costs neither drizzle's building of the SQL text (~0.35 ms
 * of JavaScript) nor PostgreSQL's parsing and planning (0.3-0.9 ms). A plan made for other values serves, because
 * nothing in it depends on them: which way each direction is read is decided as it runs (`searchTermsQuery`).
 */
export function messageSearchReader(db: Database) {
  const placeholder = (name: string) => sql.placeholder(name)
  const shapeOf = (match: MessageTextMatch | null, after: boolean) =>
    `overview_${match ? 'search' : 'all'}${match?.words.length ? '_whole' : ''}${match?.typing ? '_typing' : ''}${after ? '_after' : ''}`
  const prepare = (match: MessageTextMatch | null, after: boolean) =>
    messageSearchQuery(db, placeholder('userId'), {
      match: match && {
        whole: match.words.length > 0 ? placeholder('whole') : null,
        wholeWords: match.words.length > 0 ? placeholder('wholeWords') : null,
        typing: match.typing === null ? null : { word: placeholder('typing'), pattern: placeholder('pattern') },
      },
      after: after ? { createdAt: placeholder('afterAt'), id: placeholder('afterId') } : null,
      limit: placeholder('limit'),
    }).prepare(shapeOf(match, after))
  const shapes = new Map<string, ReturnType<typeof prepare>>()
  return {
    /**
     * The user's messages (sent or received), newest first, with the other person's contact as the user sees them,
     * in one statement. Answers at most `limit` rows.
     */
    async search(userId: string, { match, after, limit }: MessageSearchOptions): Promise<MessageSearchRow[]> {
      const key = shapeOf(match, after !== null)
      let statement = shapes.get(key)
      if (!statement) {
        statement = prepare(match, after !== null)
        shapes.set(key, statement)
      }
      const bound = bindMatch(match)
      return statement.execute({
        userId,
        whole: bound?.whole,
        wholeWords: bound?.wholeWords,
        typing: bound?.typing?.word,
        pattern: bound?.typing?.pattern,
        afterAt: after?.createdAt,
        afterId: after?.id,
        limit,
      })
    },
  }
}
