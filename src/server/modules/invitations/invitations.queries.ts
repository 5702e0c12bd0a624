import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { Locale } from '#shared/locales.ts'
import type { Executor } from '#server/db/client.ts'
import { contacts, disabledAccounts, invitations, profiles, rateCounters, user } from '#server/db/schema.ts'

export type InvitationRow = typeof invitations.$inferSelect

export async function insertInvitation(tx: Executor, values: typeof invitations.$inferInsert): Promise<InvitationRow> {
  const [row] = await tx.insert(invitations).values(values).returning()
  if (!row) throw new Error('invitation insert returned no row')
  return row
}

/** Marks every pending invitation past its expiry as expired (a bulk update on load; docs/product/invitations.md); answers the changed rows. */
export async function expireOverdue(db: Executor, inviterId?: string): Promise<{ id: string; inviterUserId: string }[]> {
  return db
    .update(invitations)
    .set({ status: 'expired' })
    .where(
      and(
        eq(invitations.status, 'pending'),
        lt(invitations.expiresAt, sql`now()`),
        inviterId ? eq(invitations.inviterUserId, inviterId) : undefined,
      ),
    )
    .returning({ id: invitations.id, inviterUserId: invitations.inviterUserId })
}

export async function listInvitationsOf(db: Executor, inviterId: string, limit: number): Promise<InvitationRow[]> {
  return db
    .select()
    .from(invitations)
    .where(eq(invitations.inviterUserId, inviterId))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(limit)
}

/** The inviter's own invitation, locked until the transaction ends. */
export async function lockOwnInvitation(tx: Executor, inviterId: string, id: string): Promise<InvitationRow | undefined> {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.inviterUserId, inviterId)))
    .for('update')
  return row
}

/** By the hash of its token; `lock` holds the row so that two accepts of one token run one after the other. */
export async function findByTokenHash(db: Executor, tokenHash: string, lock = false): Promise<InvitationRow | undefined> {
  const query = db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash))
  const [row] = await (lock ? query.for('update') : query)
  return row
}

/**
 * Claims a pending, unexpired link invitation for the account about to be made with `email` (lower case; decision
 * 193). One statement: of two sign-ups with one token at the same moment, the second finds the row claimed (PostgreSQL
 * reads it again once the first's update is done) and claims nothing. The same address may claim again (a retry of a
 * sign-up that failed after its claim).
 */
export async function claimLinkInvitation(db: Executor, id: string, email: string): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ claimedEmail: email })
    .where(
      and(
        eq(invitations.id, id),
        eq(invitations.kind, 'link'),
        eq(invitations.status, 'pending'),
        sql`${invitations.expiresAt} > now()`,
        or(isNull(invitations.claimedEmail), eq(invitations.claimedEmail, email)),
      ),
    )
    .returning({ id: invitations.id })
  return rows.length > 0
}

/** Whether the owner disabled the inviter's account (the admin module's table; decision 193). */
export async function isInviterDisabled(db: Executor, inviterId: string): Promise<boolean> {
  const rows = await db.select({ id: disabledAccounts.userId }).from(disabledAccounts).where(eq(disabledAccounts.userId, inviterId))
  return rows.length > 0
}

/** Whether an account has this address, compared case-insensitively. */
export async function hasAccountWithEmail(db: Executor, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.email}) = lower(${email})`)
    .limit(1)
  return rows.length > 0
}

/** The account's address in lower case (the form a link invitation's claim keeps). */
export async function getAccountEmail(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ email: sql<string>`lower(${user.email})` })
    .from(user)
    .where(eq(user.id, userId))
  return row?.email
}

/** The account's address, for comparing with the addresses invitations were sent to. */
const accountEmail = (userId: string) => sql`(select lower(${user.email}) from ${user} where ${user.id} = ${userId})`

/** An e-mail invitation, still open (pending or expired), that one person sent to the other's account address. */
const openMailedInvitation = (inviterId: string, inviteeId: string) =>
  and(
    eq(invitations.kind, 'email'),
    inArray(invitations.status, ['pending', 'expired']),
    eq(invitations.inviterUserId, inviterId),
    sql`lower(${invitations.email}) = ${accountEmail(inviteeId)}`,
  )

/** Whether `inviterId` has invited `inviteeId` by mail and the invitation is still open: they chose that person. */
export async function hasInvitedByMail(db: Executor, inviterId: string, inviteeId: string): Promise<boolean> {
  const [row] = await db.select({ id: invitations.id }).from(invitations).where(openMailedInvitation(inviterId, inviteeId)).limit(1)
  return Boolean(row)
}

/**
 * Closes what two people who are now connected still had open to each other (decision 119): the e-mail invitations,
 * pending or expired, that either sent to the other's account address (compared case-insensitively) become
 * 'joined'. A link invitation names nobody's address, so it stays. Answers the closed rows (their inviters' lists
 * change). Called in the transaction that connects the two.
 */
export async function closeInvitationsBetween(
  tx: Executor,
  userA: string,
  userB: string,
): Promise<{ id: string; inviterUserId: string }[]> {
  return tx
    .update(invitations)
    .set({ status: 'joined' })
    .where(and(or(openMailedInvitation(userA, userB), openMailedInvitation(userB, userA))))
    .returning({ id: invitations.id, inviterUserId: invitations.inviterUserId })
}

/** Whether the owner's circle (active or archived) holds the account with this address, compared case-insensitively. */
export async function hasContactWithEmail(db: Executor, ownerId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .innerJoin(user, eq(user.id, contacts.contactUserId))
    .where(and(eq(contacts.userId, ownerId), sql`lower(${user.email}) = lower(${email})`))
    .limit(1)
  return row !== undefined
}

export async function getInviterCard(db: Executor, inviterId: string) {
  const [row] = await db
    .select({
      name: profiles.name,
      pictureKey: profiles.profilePictureKey,
      welcomeAudioKey: profiles.welcomeAudioKey,
      welcomeTranscript: profiles.welcomeTranscript,
      welcomeWordTimestamps: profiles.welcomeWordTimestamps,
      welcomeTranscriptStatus: profiles.welcomeTranscriptStatus,
    })
    .from(profiles)
    .where(eq(profiles.id, inviterId))
  return row
}

export async function updateInvitation(tx: Executor, id: string, values: Partial<typeof invitations.$inferInsert>): Promise<InvitationRow> {
  const [row] = await tx.update(invitations).set(values).where(eq(invitations.id, id)).returning()
  if (!row) throw new Error('invitation update returned no row')
  return row
}

export async function deleteInvitation(tx: Executor, id: string): Promise<void> {
  await tx.delete(invitations).where(eq(invitations.id, id))
}

/* ---- the personal message's transcript (the same transcription jobs as messages) ---- */

/** Claims the transcript while the invitation still holds this recording and has none (nor ended with none kept). */
export async function claimInvitationTranscript(db: Executor, id: string, audioKey: string) {
  const [row] = await db
    .update(invitations)
    .set({ transcriptStatus: 'processing' })
    .where(
      and(
        eq(invitations.id, id),
        eq(invitations.audioKey, audioKey),
        sql`${invitations.transcript} is null`,
        sql`${invitations.transcriptStatus} is distinct from 'completed'`,
      ),
    )
    .returning({
      id: invitations.id,
      inviterUserId: invitations.inviterUserId,
      // the inviter's language, told to the engine (decision 227)
      // named in full: in an update's returning list drizzle leaves columns unqualified
      language: sql<Locale | null>`(select inviter.language from profiles inviter where inviter.id = ${invitations}.inviter_user_id)`,
    })
  return row
}

export async function saveInvitationTranscript(
  db: Executor,
  id: string,
  audioKey: string,
  outcome: { transcript: string | null; language: string | null; status: 'pending' | 'completed' | 'failed' },
) {
  await db
    .update(invitations)
    .set({ transcript: outcome.transcript, transcriptLanguage: outcome.language, transcriptStatus: outcome.status })
    .where(and(eq(invitations.id, id), eq(invitations.audioKey, audioKey)))
}

/* ---- limits kept in PostgreSQL (decision 52) ---- */

/**
 * Counts one use of `key` in the current fixed window of `windowSeconds` and answers whether it stays within
 * `max`. One atomic upsert, so concurrent requests on any instance count exactly.
 */
export async function takeRateToken(db: Executor, key: string, windowSeconds: number, max: number): Promise<boolean> {
  const result = await db.execute<{ count: number }>(sql`
    insert into ${rateCounters} (key, window_start, count)
    values (${key}, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}), 1)
    on conflict (key, window_start) do update set count = ${rateCounters.count} + 1
    returning count`)
  return Number(result.rows[0]?.count ?? 0) <= max
}

/** Old windows are of no use once passed; the expiry job drops those older than a day. */
export async function deleteOldRateCounters(db: Executor): Promise<void> {
  await db.delete(rateCounters).where(lt(rateCounters.windowStart, sql`now() - interval '2 days'`))
}
