import { lt, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { requestLimits } from '#server/db/schema.ts'

/**
 * Counts one request under `key` and answers the count in its window and the milliseconds left. The window starts
 * at the first request and a new one at the first request after it ends, as @fastify/rate-limit's own store does.
 * One atomic upsert: requests on every instance count in the same row.
 */
export async function countRequest(db: Executor, key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
  const window = sql`make_interval(secs => ${windowMs / 1000})`
  const ended = sql`r.window_start + ${window} <= now()`
  const result = await db.execute<{ count: number; ttl_ms: number }>(sql`
    with hit as (
      insert into ${requestLimits} as r (key, window_start, count) values (${key}, now(), 1)
      on conflict (key) do update set
        count = case when ${ended} then 1 else r.count + 1 end,
        window_start = case when ${ended} then now() else r.window_start end
      returning count, window_start
    )
    select count, ceil(extract(epoch from (window_start + ${window} - now())) * 1000)::int as ttl_ms from hit`)
  const row = result.rows[0]
  return { count: Number(row?.count ?? 0), ttlMs: Math.max(0, Number(row?.ttl_ms ?? 0)) }
}

/** Rows whose window ended a day ago count nothing any more (the sweep drops them). */
export async function deleteEndedRequestLimits(db: Executor): Promise<number> {
  const deleted = await db
    .delete(requestLimits)
    .where(lt(requestLimits.windowStart, sql`now() - interval '1 day'`))
    .returning({ key: requestLimits.key })
  return deleted.length
}
