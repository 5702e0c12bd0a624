import { eq, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { user } from '#server/db/schema.ts'

/**
 * A job's payload names the person it is about: their id (`userId`, or inside a stored key, which begins with it),
 * one of their stored files (`audioKey`) or their address (a mail's `to`, a reset's `email`). The same test is run
 * over pg-boss's live table and its archive.
 */
const mentions = (userId: string, email: string | null, objectKeys: string[]) => sql`
  strpos(data::text, ${userId}) > 0
  or data->>'audioKey' = any(${sql.param(objectKeys)}::text[])
  or (${email}::text is not null and (lower(data->>'to') = ${email} or lower(data->>'email') = ${email}))`

/**
 * Removes every job that mentions the person, waiting, running or finished, from pg-boss's job table and its archive
 * (decision 125): a deleted account leaves no id, address or file name in the job history. Call it inside the
 * deletion's transaction, before the person's row goes (their address is read from it). A job already running for
 * them finds nothing to do (every handler is safe to retry against a missing row) and its record is simply gone.
 */
export async function forgetPersonInJobs(tx: Executor, userId: string, objectKeys: string[]): Promise<void> {
  const [row] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId))
  const email = row ? row.email.toLowerCase() : null
  await tx.execute(sql`delete from pgboss.job where ${mentions(userId, email, objectKeys)}`)
  await tx.execute(sql`delete from pgboss.archive where ${mentions(userId, email, objectKeys)}`)
}
