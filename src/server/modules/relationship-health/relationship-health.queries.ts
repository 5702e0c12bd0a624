import { count, desc, eq, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { preparedStatement } from '#server/db/prepared-statement.ts'
import { audioMessages, contactAnalytics, contactMeetings, contacts, profiles } from '#server/db/schema.ts'
import { contactName } from '#server/modules/contacts/contacts.queries.ts'

export type AnalyticsRow = typeof contactAnalytics.$inferSelect
export type MeetingRow = typeof contactMeetings.$inferSelect

const lockPairHealthStatement = preparedStatement<{ locked: string }, { key: string }>(
  'hearth_health_lock_pair',
  sql`select pg_advisory_xact_lock(hashtext(${sql.placeholder('key')}::text))::text as locked`,
)

/**
 * Serialises the refreshes of one pair until the transaction ends, so the last refresh to write has seen every
 * message committed before it (READ COMMITTED reads afresh at each statement). A prepared statement (decision 181).
 */
export async function lockPairHealth(tx: Executor, a: string, b: string) {
  const key = a < b ? `${a}|${b}` : `${b}|${a}`
  await lockPairHealthStatement(tx, { key: `health:${key}` })
}

/** One person's row for the other, with the dates of the meetings they noted: what a refresh computes a view from. */
export type PairView = {
  id: string
  userId: string
  contactUserId: string | null
  requestStatus: 'pending' | 'ignored' | 'blocked' | null
  name: string
  /** the meetings' dates, 'YYYY-MM-DD' */
  meetings: string[]
}

/** A message of the pair's history as the statement encodes it: its time in milliseconds since the epoch. */
type StoredHistoryRow = { senderId: string; at: number; sentiment: number | null; emotions: string[]; topics: string[]; liked: boolean }

const pairStatement = preparedStatement<{ views: PairView[]; history: StoredHistoryRow[] }, { a: string; b: string }>(
  'hearth_health_pair',
  sql`
    select
      (select coalesce(json_agg(view), '[]') from (
        select ${contacts.id} as id, ${contacts.userId} as "userId", ${contacts.contactUserId} as "contactUserId",
          ${contacts.requestStatus} as "requestStatus", ${contactName} as name,
          array(select ${contactMeetings.metOn}::text from ${contactMeetings} where ${contactMeetings.contactId} = ${contacts.id}) as meetings
        from ${contacts}
        left join ${profiles} on ${profiles.id} = ${contacts.contactUserId}
        where (${contacts.userId} = ${sql.placeholder('a')}::text and ${contacts.contactUserId} = ${sql.placeholder('b')}::text)
          or (${contacts.userId} = ${sql.placeholder('b')}::text and ${contacts.contactUserId} = ${sql.placeholder('a')}::text)
      ) view) as views,
      (select coalesce(json_agg(message order by message.at, message.id), '[]') from (
        select ${audioMessages.id} as id, ${audioMessages.senderId} as "senderId",
          floor(extract(epoch from ${audioMessages.createdAt}) * 1000) as at, ${audioMessages.sentiment} as sentiment,
          ${audioMessages.emotions} as emotions, ${audioMessages.topics} as topics,
          ${audioMessages.liked} as liked
        from ${audioMessages}
        where (${audioMessages.senderId} = ${sql.placeholder('a')}::text and ${audioMessages.receiverId} = ${sql.placeholder('b')}::text)
          or (${audioMessages.senderId} = ${sql.placeholder('b')}::text and ${audioMessages.receiverId} = ${sql.placeholder('a')}::text)
      ) message) as history`,
)

/**
 * What a refresh of the pair's health reads, in one prepared statement (decision 181): both directions of the
 * relationship that exist (a person may not have the other in their circle), each with its owner's meetings, and the
 * light columns of every message between the two, oldest first (the pair index serves both directions). The history
 * comes as one JSON value, which Node parses natively rather than field by field.
 */
export async function readPairForHealth(db: Executor, a: string, b: string) {
  const [row] = await pairStatement(db, { a, b })
  const history = (row?.history ?? []).map((message) => ({
    senderId: message.senderId,
    createdAt: new Date(message.at),
    sentiment: message.sentiment,
    emotions: message.emotions,
    topics: message.topics,
    liked: message.liked,
  }))
  return { views: row?.views ?? [], history }
}

const upsertAnalyticsStatement = preparedStatement<Record<string, never>, { rows: string }>(
  'hearth_health_upsert',
  sql`
    insert into ${contactAnalytics} (contact_id, user_id, score, trend, fallback, message_count, emotions_tracked,
      avg_sentiment, last_message_at, usual_gap_seconds, details, computed_at)
    select contact_id, user_id, score, trend, fallback, message_count, emotions_tracked, avg_sentiment, last_message_at,
      usual_gap_seconds, details, computed_at
    from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as r(contact_id uuid, user_id text, score integer,
      trend text, fallback boolean, message_count integer, emotions_tracked integer, avg_sentiment real,
      last_message_at timestamptz, usual_gap_seconds integer, details jsonb, computed_at timestamptz)
    on conflict (contact_id) do update set user_id = excluded.user_id, score = excluded.score, trend = excluded.trend,
      fallback = excluded.fallback, message_count = excluded.message_count, emotions_tracked = excluded.emotions_tracked,
      avg_sentiment = excluded.avg_sentiment, last_message_at = excluded.last_message_at,
      usual_gap_seconds = excluded.usual_gap_seconds, details = excluded.details, computed_at = excluded.computed_at`,
)

/** Each view's stored health, written or replaced, in one prepared statement for the pair (decision 181). */
export async function upsertAnalytics(tx: Executor, views: (typeof contactAnalytics.$inferInsert)[]) {
  if (views.length === 0) return
  const rows = views.map((view) => ({
    contact_id: view.contactId,
    user_id: view.userId,
    score: view.score,
    trend: view.trend,
    fallback: view.fallback,
    message_count: view.messageCount,
    emotions_tracked: view.emotionsTracked,
    avg_sentiment: view.avgSentiment ?? null,
    last_message_at: view.lastMessageAt ?? null,
    usual_gap_seconds: view.usualGapSeconds ?? null,
    details: view.details,
    computed_at: view.computedAt,
  }))
  await upsertAnalyticsStatement(tx, { rows: JSON.stringify(rows) })
}

export async function getAnalytics(db: Executor, contactId: string): Promise<AnalyticsRow | undefined> {
  const [row] = await db.select().from(contactAnalytics).where(eq(contactAnalytics.contactId, contactId))
  return row
}

/** Newest meetings first. */
export async function listRecentMeetings(db: Executor, contactId: string, limit: number): Promise<MeetingRow[]> {
  return db
    .select()
    .from(contactMeetings)
    .where(eq(contactMeetings.contactId, contactId))
    .orderBy(desc(contactMeetings.metOn), desc(contactMeetings.createdAt))
    .limit(limit)
}

export async function countMeetings(db: Executor, contactId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contactMeetings).where(eq(contactMeetings.contactId, contactId))
  return row?.n ?? 0
}

export async function insertMeeting(tx: Executor, values: typeof contactMeetings.$inferInsert): Promise<MeetingRow> {
  const [row] = await tx.insert(contactMeetings).values(values).returning()
  if (!row) throw new Error('meeting insert returned no row')
  return row
}
