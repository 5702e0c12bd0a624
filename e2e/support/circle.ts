import type { Executor } from '#server/db/client.ts'
import { insertConnectedPair, type InsertedPerson } from '#server/test/data.ts'
import { MAX_ACTIVE_CONTACTS } from '#shared/limits.ts'

/**
 * Fills `owner`'s circle to its limit straight in the database: each friend is made by `insertUser` (the fixture, so
 * they are deleted after the test) and joined to the owner as two people who chose each other. Answers the owner's
 * contact id for each friend, in order ('Friend 1' first).
 */
export async function fillCircle(
  db: Executor,
  owner: InsertedPerson,
  insertUser: (options: { name: string }) => Promise<InsertedPerson>,
): Promise<string[]> {
  const friends = await Promise.all(Array.from({ length: MAX_ACTIVE_CONTACTS }, (_, i) => insertUser({ name: `Friend ${i + 1}` })))
  const ids: string[] = []
  for (const friend of friends) ids.push((await insertConnectedPair(db, owner, friend, { mutual: true })).aToB)
  return ids
}
