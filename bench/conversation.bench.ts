/**
 * Conversation pages (decision 86): one heavy pair (40,000 messages by default; `--pair=N` for fewer)
 * among some background traffic, p50/p95 of the first page, of a deep page and of the stored total, through the
 * same service the route calls, and the plan of a deep page. Prints figures; asserts nothing.
 */
import { sql } from 'drizzle-orm'
import { createMessagesService } from '#server/modules/messages/messages.service.ts'
import { conversationPageQuery } from '#server/modules/messages/messages.queries.ts'
import { decodeMessageCursor } from '#server/modules/messages/message-cursor.ts'
import { fmt, percentile, startBenchDatabase } from './support.ts'

const PAIR = Number(process.argv.find((arg) => arg.startsWith('--pair='))?.slice(7) ?? 40_000)
const CALLS = 200

const database = await startBenchDatabase()
const { db } = database
try {
  const seeded = performance.now()
  await db.execute(
    sql`insert into "user" (id, name, email, email_verified) values ('ada', 'Ada', 'ada@example.test', true), ('bob', 'Bob', 'bob@example.test', true)`,
  )
  await db.execute(sql`insert into contacts (id, user_id, contact_user_id, name) values
    ('00000000-0000-4000-8000-00000000000a', 'ada', 'bob', 'Bob'), ('00000000-0000-4000-8000-00000000000b', 'bob', 'ada', 'Ada')`)
  await db.execute(sql`insert into conversations (user_id, contact_id) values
    ('ada', '00000000-0000-4000-8000-00000000000a'), ('bob', '00000000-0000-4000-8000-00000000000b')`)
  await db.execute(sql`
    insert into audio_messages (sender_id, receiver_id, audio_key, mime_type, bytes, duration_seconds, waveform, transcription, processing_status, created_at)
    select case when g % 2 = 0 then 'ada' else 'bob' end, case when g % 2 = 0 then 'bob' else 'ada' end, 'k/' || g, 'audio/webm', 4096, 12, '[]'::jsonb,
      'we talked about the garden and the weather and coffee on sunday ' || g, 'completed', now() - (g || ' minutes')::interval
    from generate_series(1, ${PAIR}) g`)
  await db.execute(sql`analyze`)
  console.log(`seeded a pair of ${PAIR.toLocaleString('en')} messages in ${((performance.now() - seeded) / 1000).toFixed(1)} s`)

  const service = createMessagesService({
    db,
    signMediaUrl: (key) => key,
    pictureUrl: () => null,
    queue: { enqueue: async () => undefined },
    notifications: { enqueueNewMessage: async () => undefined },
    speech: { engine: 'none', engineModel: null },
  })
  const contactId = '00000000-0000-4000-8000-00000000000a'
  const first = await service.listWithContact('ada', contactId, { limit: 50 })
  // a cursor about 90 % of the way back
  const deepPosition = await db.execute<{ cursor: string }>(sql`
    select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || id as cursor
    from audio_messages order by created_at desc, id desc offset ${Math.floor(PAIR * 0.9)} limit 1`)
  const deep = deepPosition.rows[0]?.cursor ?? ''
  const time = async (run: () => Promise<unknown>) => {
    const ms: number[] = []
    for (let i = 0; i < CALLS; i += 1) {
      const started = performance.now()
      await run()
      ms.push(performance.now() - started)
    }
    return ms.sort((a, b) => a - b)
  }
  const firstMs = await time(() => service.listWithContact('ada', contactId, { limit: 50 }))
  const deepMs = await time(() => service.listWithContact('ada', contactId, { before: deep, limit: 50 }))
  console.log(`first page (${CALLS}): p50 ${fmt(percentile(firstMs, 50))}  p95 ${fmt(percentile(firstMs, 95))}  total ${first.total}`)
  console.log(`deep page  (${CALLS}): p50 ${fmt(percentile(deepMs, 50))}  p95 ${fmt(percentile(deepMs, 95))}`)

  const statement = conversationPageQuery(db, { ownerId: 'ada', contactId, before: decodeMessageCursor(deep), limit: 51 }).toSQL()
  const plan = await database.pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${statement.sql}`, statement.params)
  console.log('plan for a deep page:\n' + plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n'))
} finally {
  await database.stop()
}
