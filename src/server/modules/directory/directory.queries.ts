import { and, asc, eq, ne, sql } from 'drizzle-orm'
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
export async function findByExactEmail(db: Executor, email: string, excludeUserId: string): Promise<DirectoryRow[]> {
  return db
    .select(columns)
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(and(sql`lower(${user.email}) = lower(${email})`, ne(user.id, excludeUserId), listed, eq(profiles.findableByEmail, true)))
    .limit(1)
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The statement behind searchByName, unexecuted (the benchmark prints its plan). */
export function searchByNameQuery(db: Executor, query: string, excludeUserId: string) {
  const needle = query.toLowerCase()
  const pattern = `%${escapeLike(needle)}%`
  return db
    .select(columns)
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(and(sql`lower(${profiles.name}) like ${pattern}`, ne(profiles.id, excludeUserId), listed))
    .orderBy(
      sql`lower(${profiles.name}) = ${needle} desc`,
      sql`lower(${profiles.name}) like ${escapeLike(needle) + '%'} desc`,
      asc(profiles.name),
      asc(profiles.id),
    )
    .limit(DIRECTORY_RESULT_LIMIT)
}

/** Case-insensitive match anywhere in the name (trigram index on lower(name)); exact and prefix matches first. */
export async function searchByName(db: Executor, query: string, excludeUserId: string): Promise<DirectoryRow[]> {
  return searchByNameQuery(db, query, excludeUserId)
}
