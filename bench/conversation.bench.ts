/**
 * Conversation pages (decision 86): one heavy pair (40,000 messages by default; `--pair=N` for fewer)
 * among some background traffic, p50/p95 of the first page, of a deep page and of the stored total, through the
 * same service the route calls, and the plan of a deep page. Then sends (decision 176): a second pair answering each
 * other through the messages service with the real job queue, the statements each send runs on its connection, the
 * send's p50/p95 and this process's CPU per send with the pair's health refreshed after it (decision 181): what a web
 * instance spends on a send. Prints figures; asserts nothing.
 */
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import { createJobQueue } from '#server/jobs/job-queue.ts'
import { createNotificationsService, DEFAULT_NOTIFICATION_TIMING } from '#server/modules/notifications/notifications.service.ts'
import { createHealthRefresher } from '#server/modules/relationship-health/health-refresher.ts'
import { refreshHealthAfterChange } from '#server/modules/relationship-health/relationship-health.service.ts'
import { createMessagesService } from '#server/modules/messages/messages.service.ts'
import { conversationPageQuery } from '#server/modules/messages/messages.queries.ts'
import { decodeMessageCursor } from '#server/modules/messages/message-cursor.ts'
import { fmt, percentile, reportFigure, startBenchDatabase } from './support.ts'

const PAIR = Number(process.argv.find((arg) => arg.startsWith('--pair='))?.slice(7) ?? 40_000)
const CALLS = 200
const SENDS = 200
/**
 * measured on this bench before decision 181 (2026-11-27, `--pair=1000`, two cores shared with another session, load
 * average 2-3); before decision 176 a send was 29 statements
 */
const SEND_BEFORE = { statements: 14, afterCommit: 11, p50: 12.74, p95: 17.82, cpuMs: 13.16 }
/** the same, for a first page (decision 181) */
const PAGE_CPU_BEFORE = 2.14
const silentLog = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger

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
    queue: { enqueueMany: async () => undefined },
    notifications: { newMessageJobs: () => [] },
    health: { refreshSoon: () => undefined },
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
  const pageCpu = process.cpuUsage()
  const firstMs = await time(() => service.listWithContact('ada', contactId, { limit: 50 }))
  const pageCpuUsed = process.cpuUsage(pageCpu)
  const deepMs = await time(() => service.listWithContact('ada', contactId, { before: deep, limit: 50 }))
  console.log(`first page (${CALLS}): p50 ${fmt(percentile(firstMs, 50))}  p95 ${fmt(percentile(firstMs, 95))}  total ${first.total}`)
  console.log(`deep page  (${CALLS}): p50 ${fmt(percentile(deepMs, 50))}  p95 ${fmt(percentile(deepMs, 95))}`)
  await reportFigure({
    measure: `this process's CPU per first page of 50, answer's schema check and HTTP excluded (${CALLS})`,
    value: (pageCpuUsed.user + pageCpuUsed.system) / 1000 / CALLS,
    unit: 'ms',
    before: PAGE_CPU_BEFORE,
  })

  const statement = conversationPageQuery(db, { ownerId: 'ada', contactId, before: decodeMessageCursor(deep), limit: 51 }).toSQL()
  const plan = await database.pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${statement.sql}`, statement.params)
  console.log('plan for a deep page:\n' + plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n'))

  await measureSends()
} finally {
  await database.stop()
}

/**
 * Cara and Dan answer each other SENDS times (so neither reaches the unanswered limit), each send through the service
 * with the real job queue and notifications; every statement a pg client runs meanwhile is counted (nothing else runs:
 * the queue neither polls nor supervises here).
 */
async function measureSends() {
  await db.execute(
    sql`insert into "user" (id, name, email, email_verified) values ('cara', 'Cara', 'cara@example.test', true), ('dan', 'Dan', 'dan@example.test', true)`,
  )
  const cara = '00000000-0000-4000-8000-00000000000c'
  const dan = '00000000-0000-4000-8000-00000000000d'
  await db.execute(sql`insert into contacts (id, user_id, contact_user_id, name) values
    (${cara}, 'cara', 'dan', 'Dan'), (${dan}, 'dan', 'cara', 'Cara')`)
  await db.execute(sql`insert into conversations (user_id, contact_id) values ('cara', ${cara}), ('dan', ${dan})`)
  const queue = await createJobQueue({ pool: database.pool, log: silentLog, supervises: false })
  const notifications = createNotificationsService({
    db,
    queue,
    publicUrl: 'http://127.0.0.1:1',
    signingKey: 'u'.repeat(40),
    timing: DEFAULT_NOTIFICATION_TIMING,
    log: silentLog,
  })
  const health = createHealthRefresher({ refresh: (a, b) => refreshHealthAfterChange(db, a, b), log: silentLog })
  const service = createMessagesService({
    db,
    signMediaUrl: (key) => key,
    pictureUrl: () => null,
    queue,
    notifications,
    health,
    speech: { engine: 'none', engineModel: null },
  })
  let statements = 0
  const query = pg.Client.prototype.query
  pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    statements += 1
    return (query as (...a: unknown[]) => unknown).apply(this, args)
  } as typeof query
  const ms: number[] = []
  let counted = 0
  let afterCommit = 0
  let cpuMicros = 0
  try {
    for (let i = 0; i < SENDS; i += 1) {
      const [sender, contactId] = i % 2 === 0 ? ['cara', cara] : ['dan', dan]
      const upload = await db.execute<{
        id: string
      }>(sql`insert into audio_uploads (user_id, object_key, mime_type, bytes, duration_seconds, waveform)
        values (${sender}, ${`bench/send-${i}`}, 'audio/webm', 4096, 20, '[]'::jsonb) returning id`)
      const uploadId = upload.rows[0]?.id ?? ''
      const before = statements
      const cpu = process.cpuUsage()
      const started = performance.now()
      await service.send(sender, { contact_id: contactId, upload_id: uploadId, reply_to_id: null })
      ms.push(performance.now() - started)
      counted += statements - before
      // the pair's health, refreshed after the send's commit (decision 176), counted apart and outside the send's time
      const refreshing = statements
      await health.idle()
      afterCommit += statements - refreshing
      const used = process.cpuUsage(cpu)
      cpuMicros += used.user + used.system
    }
  } finally {
    pg.Client.prototype.query = query
    await queue.stop({ graceful: false })
  }
  ms.sort((a, b) => a - b)
  await reportFigure({
    measure: 'statements per send (BEGIN and COMMIT included)',
    value: counted / SENDS,
    unit: 'statements',
    before: SEND_BEFORE.statements,
  })
  await reportFigure({
    measure: "statements after the send's commit (its pair's health), per send",
    value: afterCommit / SENDS,
    unit: 'statements',
    before: SEND_BEFORE.afterCommit,
  })
  await reportFigure({
    measure: `this process's CPU per send, its pair's health included (${SENDS})`,
    value: cpuMicros / 1000 / SENDS,
    unit: 'ms',
    before: SEND_BEFORE.cpuMs,
  })
  await reportFigure({
    measure: `send through the service, p50 (${SENDS})`,
    value: percentile(ms, 50),
    unit: 'ms',
    before: SEND_BEFORE.p50,
  })
  await reportFigure({
    measure: `send through the service, p95 (${SENDS})`,
    value: percentile(ms, 95),
    unit: 'ms',
    before: SEND_BEFORE.p95,
  })
}
