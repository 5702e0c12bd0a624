import { sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'

/**
 * Which of `keys` a row still refers to: an upload not yet sent, a message, or a profile's welcome message or
 * picture, an invitation's personal message, a note in a session, or a rendition of a photo. One statement, so a key that moves from an upload
 * to a message in a transaction is seen in one place.
 */
export async function listReferencedKeys(db: Executor, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set()
  const result = await db.execute<{ key: string }>(sql`
    select k.key from unnest(array[${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )}]::text[]) as k(key)
    where exists (select 1 from audio_uploads u where u.object_key = k.key)
       or exists (select 1 from audio_messages m where m.audio_key = k.key)
       or exists (select 1 from profiles p where p.welcome_audio_key = k.key or p.profile_picture_key = k.key)
       or exists (select 1 from invitations i where i.audio_key = k.key)
       or exists (select 1 from session_messages sm where sm.audio_key = k.key)
       or exists (select 1 from profile_photos ph where starts_with(k.key, ph.base_key || '-'))`)
  return new Set(result.rows.map((r) => r.key))
}
