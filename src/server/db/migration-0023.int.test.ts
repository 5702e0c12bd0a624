import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, runMigrationAgain } from '#server/test/test-db.ts'
import { insertPerson } from '#server/test/data.ts'

const database = await createTestDatabase()
const { db } = database
afterAll(() => database.close())

describe('migration 0023', () => {
  it('turns each row its owner never chose into a pending request, unless an accepted invitation joined the pair', async () => {
    // back to the shape before 0023
    await db.execute(sql`alter table contacts drop column request_status`)

    const [ada, bob, eve, ivy] = [await insertPerson(db), await insertPerson(db), await insertPerson(db), await insertPerson(db)]
    const contact = (owner: string, other: string, chosen: boolean) =>
      db.execute(sql`insert into contacts (id, user_id, contact_user_id, name, chosen_at)
        values (${randomUUID()}, ${owner}, ${other}, 'x', ${chosen ? sql`now()` : null})`)
    // Eve pressed Message on Ada, who never chose her; Ada and Bob chose each other
    await contact(eve.id, ada.id, true)
    await contact(ada.id, eve.id, false)
    await contact(ada.id, bob.id, true)
    await contact(bob.id, ada.id, true)
    // Ivy accepted Ada's invitation before either had to choose anything
    await contact(ada.id, ivy.id, false)
    await contact(ivy.id, ada.id, false)
    await db.execute(sql`insert into invitations (inviter_user_id, kind, token_hash, status, accepted_by, expires_at)
      values (${ada.id}, 'link', ${randomUUID()}, 'accepted', ${ivy.id}, now() + interval '1 day')`)

    await runMigrationAgain(db, '0023_message_requests.sql')

    const rows = await db.execute<{ user_id: string; contact_user_id: string; request_status: string | null }>(
      sql`select user_id, contact_user_id, request_status from contacts`,
    )
    const byPair = Object.fromEntries(rows.rows.map((r) => [`${r.user_id}>${r.contact_user_id}`, r.request_status]))
    expect(byPair).toEqual({
      [`${eve.id}>${ada.id}`]: null,
      [`${ada.id}>${eve.id}`]: 'pending',
      [`${ada.id}>${bob.id}`]: null,
      [`${bob.id}>${ada.id}`]: null,
      [`${ada.id}>${ivy.id}`]: null,
      [`${ivy.id}>${ada.id}`]: null,
    })
  })
})
