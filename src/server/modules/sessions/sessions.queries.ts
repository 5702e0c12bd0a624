import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
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
