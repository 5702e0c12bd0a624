import { sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { session, user } from '#server/db/schema.ts'

export type SessionRow = { sessionId: string; id: string; email: string; name: string; emailVerified: boolean }

export type SessionLifetime = {
  /** a session lives this long after it was created or last extended (seconds) */
  expiresIn: number
  /** a session in use is extended once it is this old since it was created or last extended (seconds) */
  updateAge: number
  /** false when the person chose not to be remembered: their session is never extended */
  extend: boolean
}

/**
 * The session a token names and its person, in one statement (decision 106): what Better Auth's getSession does in
 * two reads and, when due, a write. A session that has expired is deleted and answers nothing; one older than
 * `updateAge` since it was last extended is extended by `expiresIn` (sliding expiry). A session that is due but can no
 * longer be extended (deleted by another statement meanwhile) answers nothing either.
 */
export async function readSessionByToken(db: Executor, token: string, lifetime: SessionLifetime): Promise<SessionRow | undefined> {
  const expiresIn = sql`make_interval(secs => ${lifetime.expiresIn})`
  const dueAt = sql`make_interval(secs => ${lifetime.expiresIn - lifetime.updateAge})`
  const result = await db.execute<SessionRow>(sql`
    with found as (
      select ${session.id} as id, ${session.userId} as user_id, ${session.expiresAt} <= now() as expired,
        ${lifetime.extend}::boolean and ${session.expiresAt} <= now() + ${dueAt} as due
      from ${session} where ${session.token} = ${token}
    ),
    ended as (
      delete from ${session} where ${session.id} in (select id from found where expired)
    ),
    extended as (
      update ${session} set expires_at = now() + ${expiresIn}, updated_at = now()
      where ${session.id} in (select id from found where due and not expired)
      returning ${session.id} as id
    )
    select found.id as "sessionId", ${user.id} as id, ${user.email} as email, ${user.name} as name,
      ${user.emailVerified} as "emailVerified"
    from found join ${user} on ${user.id} = found.user_id
    where not found.expired and (not found.due or exists (select 1 from extended))`)
  return result.rows[0]
}
