import { and, eq, ne, sql, type SQL } from 'drizzle-orm'
import { DIRECTORY_RESULT_LIMIT } from '#shared/directory.ts'
import type { Executor } from '#server/db/client.ts'
import { escapeLike } from '#server/db/like-pattern.ts'
import { profiles, user } from '#server/db/schema.ts'

export type DirectoryRow = { id: string; name: string; pictureKey: string | null }

const columns = { id: profiles.id, name: profiles.name, pictureKey: profiles.profilePictureKey }

/** Only people who confirmed their address are listed. */
const listed = eq(user.emailVerified, true)

/**
 * Uses the unique index on lower(email): exact address only, never a prefix or a pattern. Only people who chose
 * to be found by their address are returned, so a search does not tell whether an address has an account.
 */
export function findByExactEmailQuery(db: Executor, email: string, excludeUserId: string) {
  return db
    .select(columns)
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(and(sql`lower(${user.email}) = lower(${email})`, ne(user.id, excludeUserId), listed, eq(profiles.findableByEmail, true)))
    .limit(1)
}

export async function findByExactEmail(db: Executor, email: string, excludeUserId: string): Promise<DirectoryRow[]> {
  return findByExactEmailQuery(db, email, excludeUserId)
}

/**
 * How many names, in name order, a search walks looking for the 20 first that hold its text elsewhere than at the
 * start, before it asks the trigram index instead (decision 109). Walking 4,000 index entries costs about a
 * millisecond; a text that one name in 200 holds finds its 20 within them when those names are spread through the
 * order, and a text rarer than that is cheap through the trigram index, which then reads few rows (500 at 100,000).
 */
export const DIRECTORY_WALK_LIMIT = 4000

/**
 * The statement behind searchByName, unexecuted (the benchmark prints its plans). Exact matches come first, then
 * names that start with the text, then names that hold it elsewhere, each by name (decision 97). It reads profiles
 * alone, listed people only (decision 109), and each rank stops at 20. Exact and prefix read a range of the
 * lower(name) index, whose entries carry the name order, so their sort never touches the table. Names holding the
 * text elsewhere are first looked for in the first DIRECTORY_WALK_LIMIT names of the (name, id) order: when 20 are
 * there they are the answer (a common text), otherwise PostgreSQL answers from its statistics of lower(name), through
 * the trigram index for a rare text. That rank is not read at all once the first two fill the page.
 */
export function searchByNameStatement(query: string, excludeUserId: string): SQL {
  const needle = query.toLowerCase()
  const prefix = `${escapeLike(needle)}%`
  const anywhere = `%${escapeLike(needle)}%`
  const limit = DIRECTORY_RESULT_LIMIT
  return sql`
    with exact as (
      select id, name from profiles
      where listed and lower(name) = ${needle} and id <> ${excludeUserId}
      order by name, id limit ${limit}
    ), prefixed as (
      select id, name from profiles
      where listed and lower(name) like ${prefix} and lower(name) <> ${needle} and id <> ${excludeUserId}
      order by name, id limit ${limit}
    ), walked as (
      select id, name from (
        select id, name from profiles where listed and id <> ${excludeUserId} order by name, id limit ${DIRECTORY_WALK_LIMIT}
      ) first_names
      where (select count(*) from exact) + (select count(*) from prefixed) < ${limit}
        and lower(name) like ${anywhere} and lower(name) not like ${prefix}
      order by name, id limit ${limit}
    ), elsewhere as (
      select id, name from walked where (select count(*) from walked) = ${limit}
      union all (
        select id, name from profiles
        where (select count(*) from walked) < ${limit}
          and (select count(*) from exact) + (select count(*) from prefixed) < ${limit}
          and listed and lower(name) like ${anywhere} and lower(name) not like ${prefix} and id <> ${excludeUserId}
        order by name, id limit ${limit}
      )
    ), ranked as (
      select 0 as rank, id, name from exact
      union all select 1, id, name from prefixed
      union all select 2, id, name from elsewhere
      order by rank, name, id limit ${limit}
    )
    select ranked.id, ranked.name, profiles.profile_picture_key as "pictureKey"
    from ranked join profiles on profiles.id = ranked.id
    order by ranked.rank, ranked.name, ranked.id`
}

/** Case-insensitive match anywhere in the name, exact and prefix matches first, listed people only. */
export async function searchByName(db: Executor, query: string, excludeUserId: string): Promise<DirectoryRow[]> {
  const result = await db.execute<DirectoryRow>(searchByNameStatement(query, excludeUserId))
  return result.rows
}
