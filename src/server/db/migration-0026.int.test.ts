import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, runMigrationAgain } from '#server/test/test-db.ts'
import { insertMessages, insertPerson } from '#server/test/data.ts'

const database = await createTestDatabase()
const { db } = database
afterAll(() => database.close())

describe('migration 0026', () => {
  it('counts every message stored before it as measured, and a message written after it starts unmeasured', async () => {
    const [ada, bob] = [await insertPerson(db), await insertPerson(db)]
    await insertMessages(db, [{ senderId: ada.id, receiverId: bob.id }])
    // back to the shape before 0026
    await db.execute(sql`alter table audio_messages drop column audio_measured_at`)
    await db.execute(sql`alter table audio_uploads drop column audio_measured_at`)

    await runMigrationAgain(db, '0026_audio_measured.sql')

    await db.execute(sql`insert into audio_messages (sender_id, receiver_id, audio_key, mime_type, bytes, duration_seconds, waveform)
      values (${ada.id}, ${bob.id}, 'new.webm', 'audio/webm', 10, 1, '[]')`)
    const rows = await db.execute<{ audio_key: string; measured: boolean }>(
      sql`select audio_key, audio_measured_at is not null as measured from audio_messages`,
    )
    expect(rows.rows.map((r) => [r.audio_key === 'new.webm' ? 'after' : 'before', r.measured]).sort()).toEqual([
      ['after', false],
      ['before', true],
    ])
  })
})
