import { and, asc, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm'
import type { AuditAction, SignUpMode } from '#shared/admin.ts'
import type { Executor } from '#server/db/client.ts'
import { adminAuditLog, disabledAccounts, firstAccountClaim, hearthSettings, session, user } from '#server/db/schema.ts'

/** The one settings row; the migration writes it, so it is always there. */
const SETTINGS_ID = 1

/** The owner's stored choice of sign-up mode (the environment may override it: see the service). */
export async function getStoredSignUpMode(db: Executor): Promise<SignUpMode> {
  const [row] = await db.select({ mode: hearthSettings.signUpMode }).from(hearthSettings).where(eq(hearthSettings.id, SETTINGS_ID))
  return row?.mode ?? 'open'
}

export async function storeSignUpMode(db: Executor, mode: SignUpMode): Promise<void> {
  await db
    .insert(hearthSettings)
    .values({ id: SETTINGS_ID, signUpMode: mode })
    .onConflictDoUpdate({ target: hearthSettings.id, set: { signUpMode: mode } })
}

/**
 * Who looks after the Hearth when no owner is recorded (decision 199): the oldest account that is enabled and
 * confirmed (it can sign in), else the oldest enabled one (it can once its address is confirmed), else nobody. A
 * disabled account is never chosen: nobody could enable it again. `except` leaves out the owner now, for the name
 * shown before they delete their account.
 */
const successorOf = (except: string | null) => {
  const others = except === null ? sql`` : sql` and ${ne(user.id, except)}`
  return sql<string | null>`(
    select ${user.id} from ${user} left join ${disabledAccounts} on ${disabledAccounts.userId} = ${user.id}
    where ${disabledAccounts.userId} is null${others}
    order by ${user.emailVerified} desc, ${user.createdAt}, ${user.id} limit 1)`
}

/**
 * The owner's id, or null while no account can be. When none is recorded (a fresh install, or the owner deleted
 * their account) the successor (`successorOf`) becomes the owner here, once: the first person to join owns a new
 * Hearth, and a deleted owner's Hearth goes to someone who can sign in to look after it.
 */
export async function resolveOwnerId(db: Executor): Promise<string | null> {
  const [row] = await db.select({ ownerId: hearthSettings.ownerId }).from(hearthSettings).where(eq(hearthSettings.id, SETTINGS_ID))
  if (row?.ownerId) return row.ownerId
  const successor = successorOf(null)
  const [claimed] = await db
    .insert(hearthSettings)
    .values({ id: SETTINGS_ID, ownerId: successor })
    .onConflictDoUpdate({ target: hearthSettings.id, set: { ownerId: successor }, setWhere: isNull(hearthSettings.ownerId) })
    .returning({ ownerId: hearthSettings.ownerId })
  if (claimed) return claimed.ownerId
  // another request recorded one in between
  const [again] = await db.select({ ownerId: hearthSettings.ownerId }).from(hearthSettings).where(eq(hearthSettings.id, SETTINGS_ID))
  return again?.ownerId ?? null
}

/** The name of whoever would be owner if `ownerId` deleted their account now (null: nobody could be). */
export async function getSuccessorName(db: Executor, ownerId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: user.name })
    .from(user)
    .where(eq(user.id, successorOf(ownerId)))
  return row?.name ?? null
}

export async function hasAnyAccount(db: Executor): Promise<boolean> {
  const rows = await db.select({ id: user.id }).from(user).limit(1)
  return rows.length > 0
}

/** A family server has a handful of accounts; the owner's list stops here all the same. */
const ACCOUNTS_LISTED = 1000

export async function listAccounts(db: Executor) {
  return db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt,
      disabledAt: disabledAccounts.disabledAt,
    })
    .from(user)
    .leftJoin(disabledAccounts, eq(disabledAccounts.userId, user.id))
    .orderBy(asc(user.createdAt), asc(user.id))
    .limit(ACCOUNTS_LISTED)
}

export async function getAccount(db: Executor, id: string) {
  const [row] = await db
    .select({ id: user.id, name: user.name, email: user.email, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, id))
  return row
}

export async function isAccountDisabled(db: Executor, userId: string): Promise<boolean> {
  const rows = await db.select({ id: disabledAccounts.userId }).from(disabledAccounts).where(eq(disabledAccounts.userId, userId))
  return rows.length > 0
}

export async function markDisabled(db: Executor, userId: string): Promise<void> {
  await db.insert(disabledAccounts).values({ userId }).onConflictDoNothing()
}

export async function unmarkDisabled(db: Executor, userId: string): Promise<void> {
  await db.delete(disabledAccounts).where(eq(disabledAccounts.userId, userId))
}

/** Signs the person out everywhere; answers how many sessions went. */
export async function deleteSessionsOfUser(db: Executor, userId: string): Promise<number> {
  const rows = await db.delete(session).where(eq(session.userId, userId)).returning({ id: session.id })
  return rows.length
}

export type AuditRow = {
  actorId: string
  actorName: string
  action: AuditAction
  targetId?: string | null
  targetName?: string | null
  detail?: string | null
}

export async function insertAuditRow(db: Executor, row: AuditRow): Promise<void> {
  await db.insert(adminAuditLog).values(row)
}

export async function listRecentAudit(db: Executor, limit: number) {
  return db
    .select({
      id: adminAuditLog.id,
      actorName: adminAuditLog.actorName,
      action: adminAuditLog.action,
      targetName: adminAuditLog.targetName,
      detail: adminAuditLog.detail,
      createdAt: adminAuditLog.createdAt,
    })
    .from(adminAuditLog)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(limit)
}

/** Deletes the log's rows written before `before` (the log is kept AUDIT_KEPT_DAYS); answers how many went. */
export async function deleteAuditRowsBefore(db: Executor, before: Date): Promise<number> {
  const rows = await db.delete(adminAuditLog).where(lt(adminAuditLog.createdAt, before)).returning({ id: adminAuditLog.id })
  return rows.length
}

/** Whether a confirmation mail went again to this account after `since` (the per-account limit of resends). */
export async function resentSince(db: Executor, targetId: string, since: Date): Promise<boolean> {
  const rows = await db
    .select({ id: adminAuditLog.id })
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.targetId, targetId), eq(adminAuditLog.action, 'confirmation.resent'), gt(adminAuditLog.createdAt, since)))
    .limit(1)
  return rows.length > 0
}

/**
 * Claims the first account of a Hearth that takes invitations only for `email` (lower case; decision 194): answers
 * true only while no account exists and the one claim row is free, this address's, or 10 minutes old (its account
 * was never made). One statement: of six such sign-ups at the same moment, one inserts the row and the others find
 * it taken by another address.
 */
export async function claimFirstAccount(db: Executor, email: string): Promise<boolean> {
  const result = await db.execute(sql`
    insert into ${firstAccountClaim} (id, email, claimed_at)
    select 1, ${email}, now() where not exists (select 1 from ${user})
    on conflict (id) do update set email = excluded.email, claimed_at = excluded.claimed_at
      where ${firstAccountClaim.email} = excluded.email or ${firstAccountClaim.claimedAt} < now() - interval '10 minutes'
    returning id`)
  return result.rows.length > 0
}
