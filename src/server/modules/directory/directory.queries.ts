import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import { DIRECTORY_RESULT_LIMIT } from '#shared/directory.ts'
import type { Executor } from '#server/db/client.ts'
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

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * The statement behind searchByName, unexecuted (the benchmark prints its plans). Exact matches come first, then
 * names that start with the text, then names that hold it elsewhere, each by name. One ORDER BY with the rank as
 * its first key made PostgreSQL find and sort every match of the whole table, so each rank is its own branch with
 * its own limit (decision 97): exact and prefix read a range of the lower(name) index, anywhere reads what the
 * trigram index names. No index on the name order: walking it until 20 rows match is a full scan when few do.
 */
export function searchByNameQuery(db: Executor, query: string, excludeUserId: string) {
  const needle = query.toLowerCase()
  const prefix = `${escapeLike(needle)}%`
  const lowerName = sql`lower(${profiles.name})`
  const branch = (rank: number, matches: SQL) =>
    db
      .select({ ...columns, rank: sql<number>`${rank}::int`.as('rank') })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(and(matches, ne(profiles.id, excludeUserId), listed))
      .orderBy(asc(profiles.name), asc(profiles.id))
      .limit(DIRECTORY_RESULT_LIMIT)
  const ranked = unionAll(
    branch(0, sql`${lowerName} = ${needle}`),
    branch(1, sql`${lowerName} like ${prefix} and ${lowerName} <> ${needle}`),
    branch(2, sql`${lowerName} like ${`%${escapeLike(needle)}%`} and ${lowerName} not like ${prefix}`),
  ).as('ranked')
  return db
    .select({ id: ranked.id, name: ranked.name, pictureKey: ranked.pictureKey })
    .from(ranked)
    .orderBy(asc(ranked.rank), asc(ranked.name), asc(ranked.id))
    .limit(DIRECTORY_RESULT_LIMIT)
}

/** Case-insensitive match anywhere in the name (trigram index on lower(name)); exact and prefix matches first. */
export async function searchByName(db: Executor, query: string, excludeUserId: string): Promise<DirectoryRow[]> {
  return searchByNameQuery(db, query, excludeUserId)
}
