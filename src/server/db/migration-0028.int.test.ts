import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, runMigrationAgain } from '#server/test/test-db.ts'
import { insertMessages, insertPerson } from '#server/test/data.ts'

const database = await createTestDatabase()
const { db } = database
afterAll(() => database.close())

describe('migration 0028', () => {
  it('makes a message liked by either person liked for both, and starts every message unseen', async () => {
    const [ada, bob] = [await insertPerson(db), await insertPerson(db)]
    const [byReceiver, bySender, byBoth, byNobody] = await insertMessages(db, [
      { senderId: ada.id, receiverId: bob.id },
      { senderId: ada.id, receiverId: bob.id },
      { senderId: bob.id, receiverId: ada.id },
      { senderId: bob.id, receiverId: ada.id },
    ])
    // back to the shape before 0028: each person's like a row of message_likes (decision 42)
    await db.execute(sql`alter table audio_messages drop column liked`)
    await db.execute(sql`alter table audio_messages drop column seen_at`)
    await db.execute(sql`create table message_likes (
      message_id uuid not null references audio_messages(id) on delete cascade,
      user_id text not null references "user"(id) on delete cascade,
      created_at timestamp with time zone default now() not null,
      primary key (message_id, user_id))`)
    const likes: [string | undefined, string][] = [
      [byReceiver?.id, bob.id],
      [bySender?.id, ada.id],
      [byBoth?.id, ada.id],
      [byBoth?.id, bob.id],
    ]
    for (const [messageId, userId] of likes)
      await db.execute(sql`insert into message_likes (message_id, user_id) values (${messageId}, ${userId})`)

    await runMigrationAgain(db, '0028_shared_likes_and_seen.sql')

    const rows = await db.execute<{ id: string; liked: boolean; seen: boolean }>(
      sql`select id, liked, seen_at is not null as seen from audio_messages`,
    )
    const liked = Object.fromEntries(rows.rows.map((r) => [r.id, r.liked]))
    expect(liked).toEqual({
      [byReceiver?.id ?? '']: true,
      [bySender?.id ?? '']: true,
      [byBoth?.id ?? '']: true,
      [byNobody?.id ?? '']: false,
    })
    expect(rows.rows.every((r) => !r.seen)).toBe(true)
    const table = await db.execute(sql`select to_regclass('message_likes') as name`)
    expect(table.rows).toEqual([{ name: null }])
  })
})
