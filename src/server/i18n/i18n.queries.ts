import { eq } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { profiles } from '#server/db/schema.ts'

/** The language a person reads Hearth in (`profiles.language`): null while it is not known, or without a profile. */
export async function getLanguageOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ language: profiles.language }).from(profiles).where(eq(profiles.id, userId))
  return row?.language ?? null
}
