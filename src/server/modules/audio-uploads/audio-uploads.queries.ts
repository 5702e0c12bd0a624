import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { audioMessages, audioUploads } from '#server/db/schema.ts'

export type AudioUploadRow = typeof audioUploads.$inferSelect

export async function insertAudioUpload(db: Executor, values: typeof audioUploads.$inferInsert): Promise<AudioUploadRow> {
  const [row] = await db.insert(audioUploads).values(values).returning()
  if (!row) throw new Error('audio upload insert returned no row')
  return row
}

export async function getOwnAudioUpload(db: Executor, userId: string, id: string): Promise<AudioUploadRow | undefined> {
  const [row] = await db
    .select()
    .from(audioUploads)
    .where(and(eq(audioUploads.id, id), eq(audioUploads.userId, userId)))
  return row
}

/**
 * Writes what the one pass measured and the key of the playable form onto an upload, only while it still holds the
 * received bytes it was read with: of two passes at once one writes. Answers whether this one did.
 */
export async function saveMeasuredUpload(
  db: Executor,
  read: Pick<AudioUploadRow, 'id' | 'objectKey'>,
  measured: Pick<AudioUploadRow, 'objectKey' | 'mimeType' | 'bytes' | 'durationSeconds' | 'waveform'>,
): Promise<boolean> {
  const rows = await db
    .update(audioUploads)
    .set({ ...measured, audioMeasuredAt: new Date() })
    .where(and(eq(audioUploads.id, read.id), eq(audioUploads.objectKey, read.objectKey), isNull(audioUploads.audioMeasuredAt)))
    .returning({ id: audioUploads.id })
  return rows.length > 0
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

/** Serialises this person's uploads until the transaction ends, so two at once cannot both fit the last of the quota. */
export async function lockUploadsOf(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'uploads:' + userId}))`)
}

/** Bytes of audio this person keeps stored: every message they sent, every upload not yet sent, the personal
 * messages of their invitations and the notes recorded in their sessions. */
export async function storedAudioBytes(db: Executor, userId: string): Promise<number> {
  const result = await db.execute<{ bytes: string | null }>(sql`
    select (select coalesce(sum(${audioMessages.bytes}), 0) from ${audioMessages} where ${audioMessages.senderId} = ${userId})
         + (select coalesce(sum(${audioUploads.bytes}), 0) from ${audioUploads} where ${audioUploads.userId} = ${userId})
         + (select coalesce(sum(bytes), 0) from invitations where inviter_user_id = ${userId})
         + (select coalesce(sum(sm.bytes), 0) from session_messages sm join sessions s on s.id = sm.session_id where s.profile_id = ${userId}) as bytes`)
  return Number(result.rows[0]?.bytes ?? 0)
}
