import { and, eq, sql } from 'drizzle-orm'
import type { Locale } from '#shared/locales.ts'
import type { Executor } from '#server/db/client.ts'
import { messageTranslations } from '#server/db/schema.ts'

export type TranslationRow = typeof messageTranslations.$inferSelect

/** The kept translation of a message into `language`, when one was made from this very transcript by this engine. */
export async function getKeptTranslation(
  db: Executor,
  { messageId, language, sourceHash, engine }: { messageId: string; language: Locale; sourceHash: string; engine: string },
): Promise<TranslationRow | undefined> {
  const [row] = await db
    .select()
    .from(messageTranslations)
    .where(
      and(
        eq(messageTranslations.messageId, messageId),
        eq(messageTranslations.language, language),
        eq(messageTranslations.sourceHash, sourceHash),
        eq(messageTranslations.engine, engine),
      ),
    )
  return row
}

/** Keeps a translation, in place of an earlier one of the same message and language (an older transcript's). */
export async function keepTranslation(db: Executor, row: Omit<TranslationRow, 'createdAt'>): Promise<void> {
  await db
    .insert(messageTranslations)
    .values(row)
    .onConflictDoUpdate({
      target: [messageTranslations.messageId, messageTranslations.language],
      set: {
        fromLanguage: row.fromLanguage,
        text: row.text,
        engine: row.engine,
        rough: row.rough,
        sourceHash: row.sourceHash,
        createdAt: sql`now()`,
      },
    })
}
