import { and, asc, eq, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { profilePhotos, profiles } from '#server/db/schema.ts'

export type PhotoRow = typeof profilePhotos.$inferSelect

export async function listPhotosOf(db: Executor, userId: string): Promise<PhotoRow[]> {
  return db
    .select()
    .from(profilePhotos)
    .where(eq(profilePhotos.userId, userId))
    .orderBy(asc(profilePhotos.displayOrder), asc(profilePhotos.createdAt))
}

/** Serialises one person's photo changes until the transaction ends, so two uploads at 9 cannot make 11. */
export async function lockPhotosOf(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'photos:' + userId}))`)
}

export async function insertPhoto(tx: Executor, values: typeof profilePhotos.$inferInsert): Promise<PhotoRow> {
  const [row] = await tx.insert(profilePhotos).values(values).returning()
  if (!row) throw new Error('photo insert returned no row')
  return row
}

export async function deletePhoto(tx: Executor, userId: string, id: string): Promise<PhotoRow | undefined> {
  const [row] = await tx
    .delete(profilePhotos)
    .where(and(eq(profilePhotos.id, id), eq(profilePhotos.userId, userId)))
    .returning()
  return row
}

export async function setDisplayOrder(tx: Executor, userId: string, id: string, displayOrder: number): Promise<void> {
  await tx
    .update(profilePhotos)
    .set({ displayOrder })
    .where(and(eq(profilePhotos.id, id), eq(profilePhotos.userId, userId)))
}

/** Makes `id` the one primary photo of `userId` (the old one is cleared first: one primary per person). */
export async function markPrimary(tx: Executor, userId: string, id: string): Promise<void> {
  await tx
    .update(profilePhotos)
    .set({ isPrimary: false })
    .where(and(eq(profilePhotos.userId, userId), eq(profilePhotos.isPrimary, true)))
  await tx
    .update(profilePhotos)
    .set({ isPrimary: true })
    .where(and(eq(profilePhotos.id, id), eq(profilePhotos.userId, userId)))
}

export async function setProfilePicture(tx: Executor, userId: string, key: string | null): Promise<void> {
  await tx.update(profiles).set({ profilePictureKey: key }).where(eq(profiles.id, userId))
}

/** Whether `key` is a rendition of a stored photo (the public picture route serves nothing else). */
export async function isPhotoBase(db: Executor, baseKey: string): Promise<boolean> {
  const [row] = await db.select({ id: profilePhotos.id }).from(profilePhotos).where(eq(profilePhotos.baseKey, baseKey))
  return Boolean(row)
}
