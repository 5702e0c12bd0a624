import { eq } from 'drizzle-orm'
import { isLocale, type Locale } from '#shared/locales.ts'
import type { Executor } from '#server/db/client.ts'
import { profiles } from '#server/db/schema.ts'

/** The language a person reads Hearth in (`profiles.language`): null while it is not known, or without a profile. */
export async function getLanguageOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ language: profiles.language }).from(profiles).where(eq(profiles.id, userId))
  return row?.language ?? null
}

/** The language a person reads Hearth in, as one Hearth speaks: the speaker's language for speech (decision 227). */
export async function getLocaleOf(db: Executor, userId: string): Promise<Locale | null> {
  const language = await getLanguageOf(db, userId)
  return isLocale(language) ? language : null
}
