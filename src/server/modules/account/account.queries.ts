import { and, desc, eq, gt, ne } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { session } from '#server/db/schema.ts'

export type SessionRow = Pick<typeof session.$inferSelect, 'id' | 'userAgent' | 'createdAt' | 'updatedAt'>

/** The person's sessions that have not expired, the most recently active first. */
export async function listLiveSessionsForUser(db: Executor, userId: string, now: Date): Promise<SessionRow[]> {
  return db
    .select({ id: session.id, userAgent: session.userAgent, createdAt: session.createdAt, updatedAt: session.updatedAt })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, now)))
    .orderBy(desc(session.updatedAt))
}

/** Deletes one of the person's sessions; answers whether there was one (someone else's id deletes nothing). */
export async function deleteSessionOfUser(db: Executor, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .returning({ id: session.id })
  return rows.length > 0
}

/** Deletes every session of the person but `keepId`; answers how many went. */
export async function deleteOtherSessionsOfUser(db: Executor, userId: string, keepId: string): Promise<number> {
  const rows = await db
    .delete(session)
    .where(and(eq(session.userId, userId), ne(session.id, keepId)))
    .returning({ id: session.id })
  return rows.length
}
