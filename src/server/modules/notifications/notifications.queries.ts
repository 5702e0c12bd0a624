import { and, asc, desc, eq, gte, isNull, notInArray, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { audioMessages, messageMailNotifications, profiles, pushSubscriptions, user } from '#server/db/schema.ts'

/** What a new-message notification needs about one message: its sender's name and its receiver's address and switches. */
export type NotifiedMessageRow = {
  id: string
  senderId: string
  receiverId: string
  createdAt: Date
  isRead: boolean
  processingStatus: 'pending' | 'processing' | 'completed' | 'failed'
  durationSeconds: number
  transcription: string | null
  emotions: string[]
  topics: string[]
  mailed: boolean
}

const notifiedMessageColumns = {
  id: audioMessages.id,
  senderId: audioMessages.senderId,
  receiverId: audioMessages.receiverId,
  createdAt: audioMessages.createdAt,
  isRead: audioMessages.isRead,
  processingStatus: audioMessages.processingStatus,
  durationSeconds: audioMessages.durationSeconds,
  transcription: audioMessages.transcription,
  emotions: audioMessages.emotions,
  topics: audioMessages.topics,
  mailed: sql<boolean>`${messageMailNotifications.messageId} is not null`,
}

export async function getNotifiedMessage(db: Executor, messageId: string): Promise<NotifiedMessageRow | undefined> {
  const [row] = await db
    .select(notifiedMessageColumns)
    .from(audioMessages)
    .leftJoin(messageMailNotifications, eq(messageMailNotifications.messageId, audioMessages.id))
    .where(eq(audioMessages.id, messageId))
  // a receiver who deleted their account leaves a null receiver behind: there is no one to notify; a sender who
  // deleted theirs (decision 202) has no one to name
  return row?.receiverId && row.senderId ? { ...row, senderId: row.senderId, receiverId: row.receiverId } : undefined
}

/**
 * The sender's messages to the receiver that are still unplayed and not yet mailed, from `since` on, oldest first:
 * the burst one mail gathers.
 */
export async function listUnmailedBurst(db: Executor, senderId: string, receiverId: string, since: Date): Promise<NotifiedMessageRow[]> {
  const rows = await db
    .select(notifiedMessageColumns)
    .from(audioMessages)
    .leftJoin(messageMailNotifications, eq(messageMailNotifications.messageId, audioMessages.id))
    .where(
      and(
        eq(audioMessages.senderId, senderId),
        eq(audioMessages.receiverId, receiverId),
        eq(audioMessages.isRead, false),
        gte(audioMessages.createdAt, since),
        isNull(messageMailNotifications.messageId),
      ),
    )
    .orderBy(asc(audioMessages.createdAt), asc(audioMessages.id))
  // filtered on both people above, so never null here
  return rows.map((row) => ({ ...row, senderId, receiverId }))
}

/** Marks messages mailed; answers the ids this call claimed (a message another run claimed first is left out). */
export async function claimMailed(tx: Executor, messageIds: string[]): Promise<string[]> {
  if (messageIds.length === 0) return []
  const rows = await tx
    .insert(messageMailNotifications)
    .values(messageIds.map((messageId) => ({ messageId })))
    .onConflictDoNothing()
    .returning({ messageId: messageMailNotifications.messageId })
  return rows.map((r) => r.messageId)
}

/** A person as a notification addresses them: name, e-mail, language (null: not known yet) and their notification switches. */
export async function getNotifiedPerson(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      name: sql<string>`coalesce(${profiles.name}, ${user.name})`,
      emailNotificationsEnabled: sql<boolean>`coalesce(${profiles.emailNotificationsEnabled}, true)`,
      pushShowsTranscript: sql<boolean>`coalesce(${profiles.pushShowsTranscript}, false)`,
      language: profiles.language,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId))
  return row
}

/** Turns a person's new-message mail off; answers whether they exist. */
export async function disableEmailNotifications(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .update(profiles)
    .set({ emailNotificationsEnabled: false })
    .where(eq(profiles.id, userId))
    .returning({ id: profiles.id })
  return rows.length > 0
}

/* ---- push subscriptions ---- */

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect

/** Serialises one person's subscription changes until the transaction ends, so two subscribes at the cap cannot pass it. */
export async function lockPushSubscriptionsOf(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'push:' + userId}))`)
}

/**
 * One subscription per endpoint: a new endpoint is added, the caller's own one gets its new keys; an endpoint another
 * person holds stays theirs, unchanged (answers null).
 */
export async function saveOwnPushSubscription(
  db: Executor,
  values: { userId: string; endpoint: string; p256dh: string; auth: string; userAgent: string | null },
): Promise<PushSubscriptionRow | null> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { p256dh: values.p256dh, auth: values.auth, userAgent: values.userAgent, updatedAt: new Date() },
      setWhere: eq(pushSubscriptions.userId, values.userId),
    })
    .returning()
  return row ?? null
}

/** Removes the person's subscriptions beyond the `keep` most recently saved; answers how many went. */
export async function deletePushSubscriptionsBeyond(db: Executor, userId: string, keep: number): Promise<number> {
  const kept = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.createdAt))
    .limit(keep)
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)))
    .returning({ id: pushSubscriptions.id })
  return rows.length
}

export async function deletePushSubscription(db: Executor, userId: string, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id })
  return rows.length > 0
}

/** Removes a subscription the push service says is gone (404/410), whoever holds it. */
export async function deletePushSubscriptionById(db: Executor, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id))
}

export async function listPushSubscriptionsOf(db: Executor, userId: string): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))
}
