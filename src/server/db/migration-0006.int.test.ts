import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, runMigrationAgain } from '#server/test/test-db.ts'
import { insertPerson } from '#server/test/data.ts'

const database = await createTestDatabase()
const { db } = database
afterAll(() => database.close())

describe('migration 0006', () => {
  it('gives each liked message its like for the receiver, and marks as chosen only those who have written', async () => {
    // back to the shape before 0006 (migration 0028 brought the one liked flag back and dropped message_likes)
    await db.execute(sql`alter table contacts drop column chosen_at`)

    const [ada, bob, eve] = [await insertPerson(db), await insertPerson(db), await insertPerson(db)]
    const contact = (owner: string, other: string) =>
      db.execute(sql`insert into contacts (id, user_id, contact_user_id, name) values (${randomUUID()}, ${owner}, ${other}, 'x')`)
    await contact(ada.id, bob.id)
    await contact(bob.id, ada.id)
    await contact(eve.id, ada.id)
    await contact(ada.id, eve.id)
    const message = (sender: string, receiver: string, liked: boolean) =>
      db.execute(sql`insert into audio_messages (id, sender_id, receiver_id, audio_key, mime_type, bytes, duration_seconds, waveform, liked)
        values (${randomUUID()}, ${sender}, ${receiver}, ${randomUUID()}, 'audio/webm', 1, 1, '[]', ${liked}) returning id`)
    const liked = (await message(ada.id, bob.id, true)).rows[0] as { id: string }
    await message(bob.id, ada.id, false)

    await runMigrationAgain(db, '0006_consent_likes.sql')

    const likes = await db.execute<{ message_id: string; user_id: string }>(sql`select message_id, user_id from message_likes`)
    expect(likes.rows).toEqual([{ message_id: liked.id, user_id: bob.id }])
    const chosen = await db.execute<{ user_id: string; contact_user_id: string; chosen: boolean }>(
      sql`select user_id, contact_user_id, chosen_at is not null as chosen from contacts order by user_id, contact_user_id`,
    )
    const byPair = Object.fromEntries(chosen.rows.map((r) => [`${r.user_id}>${r.contact_user_id}`, r.chosen]))
    expect(byPair).toEqual({
      [`${ada.id}>${bob.id}`]: true,
      [`${bob.id}>${ada.id}`]: true,
      [`${eve.id}>${ada.id}`]: false,
      [`${ada.id}>${eve.id}`]: false,
    })
  })
})
