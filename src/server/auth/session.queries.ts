import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { preparedStatement } from '#server/db/prepared-statement.ts'
import { session, user } from '#server/db/schema.ts'

export type SessionRow = { sessionId: string; expiresAt: Date; id: string; email: string; name: string; emailVerified: boolean }
/** as the prepared statement answers it: drizzle's connections give timestamps as PostgreSQL's text */
type SessionRowRead = Omit<SessionRow, 'expiresAt'> & { expiresAt: string }

export type SessionLifetime = {
  /** a session lives this long after it was created or last extended (seconds) */
  expiresIn: number
  /** a session in use is extended once it is this old since it was created or last extended (seconds) */
  updateAge: number
  /** false when the person chose not to be remembered: their session is never extended */
  extend: boolean
}

type SessionValues = { token: string; expiresIn: number; dueIn: number; extend: boolean }

/** The statement behind readSessionByToken, prepared: it runs on every signed-in request (decision 115). */
const readSession = preparedStatement<SessionRowRead, SessionValues>(
  'hearth_read_session',
  sql`
    with found as (
      select ${session.id} as id, ${session.userId} as user_id, ${session.expiresAt} as expires_at,
        ${session.expiresAt} <= now() as expired,
        ${sql.placeholder('extend')}::boolean
          and ${session.expiresAt} <= now() + make_interval(secs => ${sql.placeholder('dueIn')}::double precision) as due
      from ${session} where ${session.token} = ${sql.placeholder('token')}::text
    ),
    ended as (
      delete from ${session} where ${session.id} in (select id from found where expired)
    ),
    extended as (
      update ${session} set expires_at = now() + make_interval(secs => ${sql.placeholder('expiresIn')}::double precision),
        updated_at = now()
      where ${session.id} in (select id from found where due and not expired)
      returning ${session.id} as id, ${session.expiresAt} as expires_at
    )
    select found.id as "sessionId", coalesce((select expires_at from extended), found.expires_at) as "expiresAt",
      ${user.id} as id, ${user.email} as email, ${user.name} as name, ${user.emailVerified} as "emailVerified"
    from found join ${user} on ${user.id} = found.user_id
    where not found.expired and (not found.due or exists (select 1 from extended))`,
)

/**
 * The session a token names and its person, in one statement (decision 106): what Better Auth's getSession does in
 * two reads and, when due, a write. A session that has expired is deleted and answers nothing; one older than
 * `updateAge` since it was last extended is extended by `expiresIn` (sliding expiry). A session that is due but can no
 * longer be extended (deleted by another statement meanwhile) answers nothing either. A prepared statement (decision
 * 115).
 */
export async function readSessionByToken(db: Database, token: string, lifetime: SessionLifetime): Promise<SessionRow | undefined> {
  const rows = await readSession(db, {
    token,
    expiresIn: lifetime.expiresIn,
    dueIn: lifetime.expiresIn - lifetime.updateAge,
    extend: lifetime.extend,
  })
  const row = rows[0]
  return row && { ...row, expiresAt: new Date(row.expiresAt) }
}
