import { eq } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { profiles, user } from '#server/db/schema.ts'

export type ProfileRow = typeof profiles.$inferSelect

/** Inserts the profile when it does not exist yet; returns the stored row either way. */
export async function ensureProfile(db: Executor, values: { id: string; name: string; fullName?: string | null }): Promise<ProfileRow> {
  await db
    .insert(profiles)
    .values({ id: values.id, name: values.name, fullName: values.fullName ?? values.name })
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
    Pick<ProfileRow, 'name' | 'fullName' | 'onboardingCompleted' | 'emailNotificationsEnabled' | 'findableByEmail' | 'pushShowsTranscript'>
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
