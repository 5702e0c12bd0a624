import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import type { Locale } from '#shared/locales.ts'
import { sessionMessages, talkSessions } from '#server/db/schema.ts'

export type SessionRow = typeof talkSessions.$inferSelect
export type SessionMessageRow = typeof sessionMessages.$inferSelect

export async function listSessionsForOwner(db: Executor, ownerId: string, limit: number): Promise<SessionRow[]> {
  return db
    .select()
    .from(talkSessions)
    .where(eq(talkSessions.profileId, ownerId))
    .orderBy(desc(talkSessions.createdAt), desc(talkSessions.id))
    .limit(limit)
}

/** How many sessions the person keeps. */
export async function countSessionsOf(db: Executor, ownerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(talkSessions).where(eq(talkSessions.profileId, ownerId))
  return row?.n ?? 0
}

/** How many notes each of these sessions holds (a session without notes is absent). */
export async function countMessagesBySession(db: Executor, sessionIds: string[]): Promise<Map<string, number>> {
  if (sessionIds.length === 0) return new Map()
  const rows = await db
    .select({ sessionId: sessionMessages.sessionId, n: count() })
    .from(sessionMessages)
    .where(inArray(sessionMessages.sessionId, sessionIds))
    .groupBy(sessionMessages.sessionId)
  return new Map(rows.map((row) => [row.sessionId, row.n]))
}

/**
 * Held until the transaction ends: a person's session count, or one session's note count, is read and grown by one
 * request at a time, so two creates at the limit minus one cannot both pass (decision 124).
 */
export async function lockSessionsOf(tx: Executor, ownerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'sessions:' + ownerId}))`)
}
export async function lockSessionNotes(tx: Executor, sessionId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'session-notes:' + sessionId}))`)
}

export async function getSessionForOwner(db: Executor, ownerId: string, id: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(talkSessions)
    .where(and(eq(talkSessions.id, id), eq(talkSessions.profileId, ownerId)))
  return row
}

/** The newest `limit` messages of each session, newest first (one query, ranked per session). */
export async function listLatestMessages(db: Executor, sessionIds: string[], limit: number): Promise<SessionMessageRow[]> {
  if (sessionIds.length === 0) return []
  const ranked = db
    .select({
      id: sessionMessages.id,
      rank: sql<number>`row_number() over (partition by ${sessionMessages.sessionId} order by ${sessionMessages.createdAt} desc, ${sessionMessages.id} desc)`.as(
        'rank',
      ),
    })
    .from(sessionMessages)
    .where(inArray(sessionMessages.sessionId, sessionIds))
    .as('ranked')
  return db
    .select({ ...getColumns() })
    .from(sessionMessages)
    .innerJoin(ranked, eq(ranked.id, sessionMessages.id))
    .where(sql`${ranked.rank} <= ${limit}`)
    .orderBy(desc(sessionMessages.createdAt), desc(sessionMessages.id))
}

const getColumns = () => ({
  id: sessionMessages.id,
  sessionId: sessionMessages.sessionId,
  text: sessionMessages.text,
  role: sessionMessages.role,
  audioKey: sessionMessages.audioKey,
  bytes: sessionMessages.bytes,
  transcriptStatus: sessionMessages.transcriptStatus,
  transcriptLanguage: sessionMessages.transcriptLanguage,
  createdAt: sessionMessages.createdAt,
})

export async function insertSession(db: Executor, values: typeof talkSessions.$inferInsert): Promise<SessionRow> {
  const [row] = await db.insert(talkSessions).values(values).returning()
  if (!row) throw new Error('session insert returned no row')
  return row
}

export async function insertSessionMessage(tx: Executor, values: typeof sessionMessages.$inferInsert): Promise<SessionMessageRow> {
  const [row] = await tx.insert(sessionMessages).values(values).returning()
  if (!row) throw new Error('session message insert returned no row')
  return row
}

/** One message of one of the owner's sessions (undefined for anyone else's). */
export async function getSessionMessageForOwner(
  db: Executor,
  ownerId: string,
  sessionId: string,
  messageId: string,
): Promise<SessionMessageRow | undefined> {
  const [row] = await db
    .select({ ...getColumns() })
    .from(sessionMessages)
    .innerJoin(talkSessions, eq(talkSessions.id, sessionMessages.sessionId))
    .where(and(eq(sessionMessages.id, messageId), eq(sessionMessages.sessionId, sessionId), eq(talkSessions.profileId, ownerId)))
  return row
}

/** Marks a recorded note's transcript as being made, unless it was made already or the note is gone. */
export async function claimSessionTranscript(db: Executor, id: string, audioKey: string) {
  const [row] = await db
    .update(sessionMessages)
    .set({ transcriptStatus: 'processing' })
    .where(
      and(
        eq(sessionMessages.id, id),
        eq(sessionMessages.audioKey, audioKey),
        inArray(sessionMessages.transcriptStatus, ['pending', 'processing']),
      ),
    )
    .returning({
      id: sessionMessages.id,
      // the note's owner's language, told to the engine (decision 227)
      // named in full: in an update's returning list drizzle leaves columns unqualified
      language: sql<Locale | null>`(
        select owner.language from sessions session join profiles owner on owner.id = session.profile_id
        where session.id = ${sessionMessages}.session_id)`,
    })
  return row
}

/** A failed transcript goes back to pending for a fresh round of attempts; answers the note, or undefined when it had not failed. */
export async function resetFailedSessionTranscript(db: Executor, id: string): Promise<SessionMessageRow | undefined> {
  const [row] = await db
    .update(sessionMessages)
    .set({ transcriptStatus: 'pending' })
    .where(and(eq(sessionMessages.id, id), eq(sessionMessages.transcriptStatus, 'failed')))
    .returning({ ...getColumns() })
  return row
}

/** The transcript of a recorded note goes into its text. */
export async function saveSessionTranscript(
  db: Executor,
  id: string,
  audioKey: string,
  outcome: { text: string | null; language: string | null; status: 'pending' | 'completed' | 'failed' },
): Promise<void> {
  await db
    .update(sessionMessages)
    .set({ text: outcome.text, transcriptLanguage: outcome.language, transcriptStatus: outcome.status })
    .where(and(eq(sessionMessages.id, id), eq(sessionMessages.audioKey, audioKey)))
}

/** Every one of the owner's sessions, oldest first (the data export, decision 59). */
export async function listAllSessionsOf(db: Executor, ownerId: string): Promise<SessionRow[]> {
  return db.select().from(talkSessions).where(eq(talkSessions.profileId, ownerId)).orderBy(talkSessions.createdAt, talkSessions.id)
}

/** Every message of every one of the owner's sessions, oldest first (the data export). */
export async function listAllSessionMessagesOf(db: Executor, ownerId: string): Promise<SessionMessageRow[]> {
  return db
    .select({ ...getColumns() })
    .from(sessionMessages)
    .innerJoin(talkSessions, eq(talkSessions.id, sessionMessages.sessionId))
    .where(eq(talkSessions.profileId, ownerId))
    .orderBy(sessionMessages.createdAt, sessionMessages.id)
}
