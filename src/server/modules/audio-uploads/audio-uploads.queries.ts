import { and, eq, lt } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'
import { audioUploads } from '../../db/schema.ts'

export type AudioUploadRow = typeof audioUploads.$inferSelect

export async function insertAudioUpload(db: Executor, values: typeof audioUploads.$inferInsert): Promise<AudioUploadRow> {
  const [row] = await db.insert(audioUploads).values(values).returning()
  if (!row) throw new Error('audio upload insert returned no row')
  return row
}

/** Locks the caller's own upload until the transaction ends (a send consumes it once). */
export async function lockOwnAudioUpload(tx: Executor, userId: string, id: string): Promise<AudioUploadRow | undefined> {
  const [row] = await tx
    .select()
    .from(audioUploads)
    .where(and(eq(audioUploads.id, id), eq(audioUploads.userId, userId)))
    .for('update')
  return row
}

export async function deleteAudioUpload(tx: Executor, id: string): Promise<void> {
  await tx.delete(audioUploads).where(eq(audioUploads.id, id))
}

/** Removes uploads older than `before` that no message took; returns their object keys. */
export async function deleteAbandonedUploads(db: Executor, before: Date): Promise<string[]> {
  const rows = await db.delete(audioUploads).where(lt(audioUploads.createdAt, before)).returning({ key: audioUploads.objectKey })
  return rows.map((r) => r.key)
}
