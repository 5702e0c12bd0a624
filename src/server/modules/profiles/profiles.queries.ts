import { and, eq, sql } from 'drizzle-orm'
import type { Locale } from '#shared/locales.ts'
import type { Executor } from '#server/db/client.ts'
import { profiles, user } from '#server/db/schema.ts'
import type { TranscriptWord } from '#server/speech/engine.ts'

export type ProfileRow = typeof profiles.$inferSelect

/** Inserts the profile when it does not exist yet; returns the stored row either way. */
export async function ensureProfile(
  db: Executor,
  values: { id: string; name: string; fullName?: string | null; language?: Locale | null },
): Promise<ProfileRow> {
  await db
    .insert(profiles)
    .values({ id: values.id, name: values.name, fullName: values.fullName ?? values.name, language: values.language ?? null })
    .onConflictDoNothing()
  const [row] = await db.select().from(profiles).where(eq(profiles.id, values.id))
  if (!row) throw new Error(`profile ${values.id} could not be created`)
  return row
}

export async function getProfileById(db: Executor, id: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id))
  return row
}

export async function updateProfileById(
  db: Executor,
  id: string,
  changes: Partial<
    Pick<
      ProfileRow,
      'name' | 'fullName' | 'onboardingCompleted' | 'emailNotificationsEnabled' | 'findableByEmail' | 'pushShowsTranscript' | 'language'
    >
  >,
): Promise<ProfileRow | undefined> {
  const [row] = await db.update(profiles).set(changes).where(eq(profiles.id, id)).returning()
  return row
}

/** Sets the welcome recording; answers the key it replaced (to delete), if any. */
export async function setWelcomeAudio(tx: Executor, id: string, objectKey: string): Promise<{ previousKey: string | null } | undefined> {
  const [before] = await tx.select({ key: profiles.welcomeAudioKey }).from(profiles).where(eq(profiles.id, id)).for('update')
  if (!before) return undefined
  await tx
    .update(profiles)
    .set({ welcomeAudioKey: objectKey, welcomeTranscript: null, welcomeWordTimestamps: null, welcomeTranscriptStatus: 'pending' })
    .where(eq(profiles.id, id))
  return { previousKey: before.key }
}

/** The account's own name (Better Auth's user row), which mails greet: it follows the profile's name. */
export async function setAccountName(db: Executor, id: string, name: string): Promise<void> {
  await db.update(user).set({ name, updatedAt: new Date() }).where(eq(user.id, id))
}

/* ---- the welcome message's transcript (its job is in profiles.jobs.ts) ---- */

export type WelcomeRow = {
  id: string
  welcomeAudioKey: string | null
  welcomeTranscriptStatus: string | null
  language: Locale | null
}

/** Claims the welcome transcript while the profile still holds this recording. */
export async function claimWelcome(db: Executor, userId: string, audioKey: string): Promise<WelcomeRow | undefined> {
  const [row] = await db
    .update(profiles)
    .set({ welcomeTranscriptStatus: 'processing' })
    .where(and(eq(profiles.id, userId), eq(profiles.welcomeAudioKey, audioKey), sql`${profiles.welcomeTranscript} is null`))
    .returning({
      id: profiles.id,
      welcomeAudioKey: profiles.welcomeAudioKey,
      welcomeTranscriptStatus: profiles.welcomeTranscriptStatus,
      // the speaker's language, told to the engine (decision 227)
      language: profiles.language,
    })
  return row
}

export async function saveWelcomeTranscript(
  db: Executor,
  userId: string,
  audioKey: string,
  heard: { text: string; words: TranscriptWord[]; language: string | null },
) {
  await db
    .update(profiles)
    .set({
      welcomeTranscript: heard.text,
      welcomeWordTimestamps: heard.words,
      welcomeTranscriptLanguage: heard.language,
      welcomeTranscriptStatus: 'completed',
    })
    .where(and(eq(profiles.id, userId), eq(profiles.welcomeAudioKey, audioKey)))
}

export async function setWelcomeStatus(db: Executor, userId: string, audioKey: string, status: 'pending' | 'failed') {
  await db
    .update(profiles)
    .set({ welcomeTranscriptStatus: status })
    .where(and(eq(profiles.id, userId), eq(profiles.welcomeAudioKey, audioKey)))
}
