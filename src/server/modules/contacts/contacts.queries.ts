import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm'
import { INACTIVITY_DAYS } from '#shared/limits.ts'
import type { ContactStatus } from '#shared/contacts.ts'
import type { Database, Executor } from '#server/db/client.ts'
import { preparedStatement } from '#server/db/prepared-statement.ts'
import { audioMessages, contacts, conversations, profiles } from '#server/db/schema.ts'
import { isPresent, sharesPresence } from '#server/realtime/realtime.queries.ts'
import { REALTIME_CHANNEL } from '#server/realtime/realtime.publisher.ts'

/**
 * Active means not archived, and either no reply from them yet or a reply (or a rekindle) within the
 * inactivity threshold (docs/product/circle.md). Derived at read time so it never goes stale.
 */
const lastSignOfLife = sql`greatest(${contacts.lastReplyFromThem}, ${contacts.rekindledAt})`
const isRecentlyActive = sql`(${contacts.lastReplyFromThem} is null or ${lastSignOfLife} > now() - make_interval(days => ${INACTIVITY_DAYS}))`
/** A message request is not a contact of its owner (decision 123): only people the owner chose take a place. */
const isContact = sql<boolean>`(${contacts.requestStatus} is null)`
export const isActive = sql<boolean>`(${isContact} and ${contacts.archivedAt} is null and ${isRecentlyActive})`
const inactiveDays = sql<number | null>`case when ${contacts.lastReplyFromThem} is null then null
  else floor(extract(epoch from (now() - ${lastSignOfLife})) / 86400)::int end`

/**
 * The name the person gave themselves (their profile), read at query time so that a rename reaches every circle at
 * once (decision 117). The row's own copy is the name as it was when the link ended: an account deletion keeps it.
 */
export const contactName = sql<string>`coalesce(${profiles.name}, ${contacts.name})`

/** Online as the owner sees it: a linked person who shares their presence with the owner and has a live socket. */
const isOnline = sql<boolean>`(${contacts.contactUserId} is not null and ${sharesPresence} and ${isPresent(contacts.contactUserId)})`

const contactColumns = {
  id: contacts.id,
  name: contactName,
  contactUserId: contacts.contactUserId,
  displayOrder: contacts.displayOrder,
  lastInteraction: contacts.lastInteraction,
  lastReplyFromThem: contacts.lastReplyFromThem,
  consecutiveMessagesSent: contacts.consecutiveMessagesSent,
  archivedAt: contacts.archivedAt,
  accountDeletedAt: contacts.accountDeletedAt,
  isActive,
  inactiveDays,
  unreadCount: sql<number>`coalesce(${conversations.unreadCount}, 0)`.mapWith(Number),
  avatarKey: profiles.profilePictureKey,
  isOnline,
  requestStatus: contacts.requestStatus,
}

export type RequestStatus = NonNullable<typeof contacts.$inferSelect.requestStatus>

export type ContactRow = {
  id: string
  name: string
  contactUserId: string | null
  displayOrder: number
  lastInteraction: Date
  lastReplyFromThem: Date | null
  consecutiveMessagesSent: number
  archivedAt: Date | null
  /** the person deleted their account (decision 120) */
  accountDeletedAt: Date | null
  isActive: boolean
  inactiveDays: number | null
  unreadCount: number
  avatarKey: string | null
  isOnline: boolean
  /** not null while the row is a message request rather than a contact (decision 123) */
  requestStatus: RequestStatus | null
}

/** Whether the row takes a place in its owner's circle once active: a message request does not. */
export const isRequest = (row: Pick<ContactRow, 'requestStatus'>) => row.requestStatus !== null

function selectContacts(db: Executor, where: SQL | undefined) {
  return db
    .select(contactColumns)
    .from(contacts)
    .leftJoin(conversations, eq(conversations.contactId, contacts.id))
    .leftJoin(profiles, eq(profiles.id, contacts.contactUserId))
    .where(where)
}

const statusFilter: Record<ContactStatus, SQL> = {
  active: isActive,
  inactive: sql`(${isContact} and ${contacts.archivedAt} is null and not ${isRecentlyActive})`,
  archived: sql`(${isContact} and ${contacts.archivedAt} is not null)`,
}

export async function listContactsForOwner(db: Executor, ownerId: string, status: ContactStatus, limit: number): Promise<ContactRow[]> {
  const order = status === 'archived' ? [desc(contacts.archivedAt)] : [asc(contacts.displayOrder), asc(contacts.createdAt)]
  return selectContacts(db, and(eq(contacts.userId, ownerId), statusFilter[status]))
    .orderBy(...order)
    .limit(limit)
}

/** One of the owner's contacts; a message request they hold is not one (see getRequestForOwner). */
export async function getContactForOwner(db: Executor, ownerId: string, contactId: string): Promise<ContactRow | undefined> {
  const [row] = await selectContacts(db, and(eq(contacts.userId, ownerId), eq(contacts.id, contactId), isContact))
  return row
}

/** A ContactRow as PostgreSQL answers it by name (timestamps as their text, as drizzle reads them). */
type StoredContactRow = Omit<ContactRow, 'lastInteraction' | 'lastReplyFromThem' | 'archivedAt' | 'accountDeletedAt'> & {
  lastInteraction: string
  lastReplyFromThem: string | null
  archivedAt: string | null
  accountDeletedAt: string | null
}

const contactsByIdsStatement = preparedStatement<StoredContactRow, { ids: string[] }>(
  'hearth_contacts_by_ids',
  sql`
    select ${sql.join(
      Object.entries(contactColumns).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
      sql`, `,
    )}
    from ${contacts}
    left join ${conversations} on ${conversations.contactId} = ${contacts.id}
    left join ${profiles} on ${profiles.id} = ${contacts.contactUserId}
    where ${contacts.id} = any(${sql.placeholder('ids')}::uuid[]) and ${isContact}`,
)

const atOrNull = (at: string | null) => (at === null ? null : new Date(at))

/**
 * Contacts by id, each as its own owner sees it (a message request is not one): the two rows of a pair in one read.
 * Callers know the ids belong to the people concerned (rows they locked as theirs). A prepared statement read without
 * drizzle's mapping of each field (decision 181): a send's realtime events carry these rows.
 */
export async function listContactsByIds(db: Executor, ids: string[]): Promise<ContactRow[]> {
  const rows = await contactsByIdsStatement(db, { ids })
  return rows.map((row) => ({
    ...row,
    lastInteraction: new Date(row.lastInteraction),
    lastReplyFromThem: atOrNull(row.lastReplyFromThem),
    archivedAt: atOrNull(row.archivedAt),
    accountDeletedAt: atOrNull(row.accountDeletedAt),
  }))
}

/** The owner's row for this person, contact or message request (check `requestStatus`). */
export async function getContactByUsers(db: Executor, ownerId: string, contactUserId: string): Promise<ContactRow | undefined> {
  const [row] = await selectContacts(db, and(eq(contacts.userId, ownerId), eq(contacts.contactUserId, contactUserId)))
  return row
}

/**
 * Everyone who has this person in their circle (whose contact row points at them), in id order: who sees their name
 * and photo.
 */
export async function listPeopleWhoSee(db: Executor, userId: string): Promise<string[]> {
  // (user_id, contact_user_id) is unique: one row per person
  const rows = await db
    .select({ userId: contacts.userId })
    .from(contacts)
    .where(eq(contacts.contactUserId, userId))
    .orderBy(asc(contacts.userId))
  return rows.map((row) => row.userId)
}

export async function countActiveContacts(db: Executor, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(contacts)
    .where(and(eq(contacts.userId, ownerId), isActive))
  return row?.count ?? 0
}

type ContactLockingCircleRow = { id: string; name: string; contactUserId: string | null; accountDeleted: boolean }

/** The circle's lock key is the one `lockCircles` takes, so the two serialise each other. */
const peekLockingCircleStatement = preparedStatement<ContactLockingCircleRow, { ownerId: string; contactId: string }>(
  'hearth_contact_locking_circle',
  sql`
    select ${contacts.id} as id, ${contactName} as name, ${contacts.contactUserId} as "contactUserId",
      ${contacts.accountDeletedAt} is not null as "accountDeleted", circle.locked
    from ${contacts}
    left join ${profiles} on ${profiles.id} = ${contacts.contactUserId}
    left join lateral (
      select pg_advisory_xact_lock(hashtext('circle:' || ${contacts.contactUserId}))::text as locked
      where ${contacts.contactUserId} is not null
    ) circle on true
    where ${contacts.userId} = ${sql.placeholder('ownerId')}::text and ${contacts.id} = ${sql.placeholder('contactId')}::uuid
      and ${isContact}`,
)

/**
 * One of the owner's contacts, as getContactForOwner reads it but only what a send needs, and the lock of the other
 * person's circle (`lockCircles`) taken by the same statement: a send locks the receiver's circle before the pair's
 * contact rows, as every circle change does. The row is read before the lock is granted, so the caller reads it again
 * under its row lock. A prepared statement (decision 181).
 */
export async function getContactLockingTheirCircle(tx: Executor, ownerId: string, contactId: string) {
  const [row] = await peekLockingCircleStatement(tx, { ownerId, contactId })
  return row && { id: row.id, name: row.name, contactUserId: row.contactUserId, accountDeleted: row.accountDeleted }
}

/**
 * Serialises every change to these owners' circles until the transaction ends, so that two concurrent
 * requests cannot both see 9 active contacts and both add one. Locks are taken in a fixed order.
 */
export async function lockCircles(tx: Executor, ownerIds: string[]): Promise<void> {
  for (const id of [...new Set(ownerIds)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'circle:' + id}))`)
  }
}

export async function nextDisplayOrder(db: Executor, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ max: sql<number>`coalesce(max(${contacts.displayOrder}), 0)`.mapWith(Number) })
    .from(contacts)
    .where(eq(contacts.userId, ownerId))
  return (row?.max ?? 0) + 1
}

/** Inserts one direction and its conversation; returns the new contact id. */
export async function insertContact(
  tx: Executor,
  values: {
    ownerId: string
    contactUserId: string
    name: string
    displayOrder: number
    archivedAt: Date | null
    chosen: boolean
    /** a message request rather than a contact (decision 123) */
    request?: boolean
  },
): Promise<string> {
  const [row] = await tx
    .insert(contacts)
    .values({
      userId: values.ownerId,
      contactUserId: values.contactUserId,
      name: values.name,
      displayOrder: values.displayOrder,
      archivedAt: values.archivedAt,
      chosenAt: values.chosen ? sql`now()` : null,
      requestStatus: values.request ? 'pending' : null,
    })
    .returning({ id: contacts.id })
  if (!row) throw new Error('contact insert returned no row')
  // the pair may have exchanged messages before this direction existed (they wrote first); the triggers of decision
  // 86 keep the count from here on
  const pairCount = (from: string, to: string) =>
    sql`(select count(*) from ${audioMessages} where ${audioMessages.senderId} = ${from} and ${audioMessages.receiverId} = ${to})`
  await tx.insert(conversations).values({
    userId: values.ownerId,
    contactId: row.id,
    messageCount: sql`${pairCount(values.ownerId, values.contactUserId)} + ${pairCount(values.contactUserId, values.ownerId)}`,
  })
  return row.id
}

export async function setContactArchived(tx: Executor, ownerId: string, contactId: string, archivedAt: Date | null): Promise<boolean> {
  const rows = await tx
    .update(contacts)
    .set({ archivedAt })
    .where(and(eq(contacts.userId, ownerId), eq(contacts.id, contactId)))
    .returning({ id: contacts.id })
  return rows.length > 0
}

/**
 * The owner chose this person (decision 40); the first time counts. A message request they held becomes a plain
 * contact, back in the circle with a fresh 30-day window (decision 123): the caller has checked there is room.
 */
export async function markContactChosen(tx: Executor, contactId: string): Promise<void> {
  await tx
    .update(contacts)
    .set({
      chosenAt: sql`coalesce(${contacts.chosenAt}, now())`,
      rekindledAt: sql`case when ${contacts.requestStatus} is null then ${contacts.rekindledAt} else now() end`,
      archivedAt: sql`case when ${contacts.requestStatus} is null then ${contacts.archivedAt} else null end`,
      requestStatus: null,
    })
    .where(eq(contacts.id, contactId))
}

export async function markContactRekindled(tx: Executor, ownerId: string, contactId: string): Promise<void> {
  await tx
    .update(contacts)
    .set({ archivedAt: null, rekindledAt: sql`now()`, lastInteraction: sql`now()` })
    .where(and(eq(contacts.userId, ownerId), eq(contacts.id, contactId)))
}

/** The statement behind reorderOwnedContacts, prepared: one text for any number of ids (decision 115). */
const reorderStatement = preparedStatement<{ owned: boolean }, { ownerId: string; ids: string[]; payload: string | null }>(
  'hearth_reorder_contacts',
  sql`
    with owned as (
      select count(*) = cardinality(${sql.placeholder('ids')}::uuid[]) as owned from ${contacts}
      where ${contacts.userId} = ${sql.placeholder('ownerId')}::text and ${contacts.id} = any(${sql.placeholder('ids')}::uuid[])
    ),
    reordered as (
      update ${contacts} set display_order = ordered.position, updated_at = now()
      from unnest(${sql.placeholder('ids')}::uuid[]) with ordinality as ordered(id, position), owned
      where owned.owned and ${contacts.id} = ordered.id and ${contacts.userId} = ${sql.placeholder('ownerId')}::text
    ),
    notified as (
      select pg_notify(${REALTIME_CHANNEL}, ${sql.placeholder('payload')}::text) from owned
      where owned.owned and ${sql.placeholder('payload')}::text is not null
    ),
    -- the order is a preference: it commits without waiting for the disk (see below)
    no_flush as (select set_config('synchronous_commit', 'off', true))
    select owned.owned, (select count(*) from notified) as notified from owned, no_flush`,
)

/**
 * display_order becomes the position in the list, starting at 1 (docs/product/circle.md), and the realtime notification
 * `payload` (prepareAnnouncement) is sent, in one statement (decision 106): only when every id is one of the owner's
 * contacts, else nothing changes. Answers whether they all were. It commits asynchronously (`synchronous_commit` off
 * for this transaction only): the answer and the event do not wait the 2-5 ms of a disk flush, and a crash can lose at
 * most the last fraction of a second of reorders (never consistency). Messages and everything else keep waiting for
 * the flush. A prepared statement (decision 115).
 */
export async function reorderOwnedContacts(db: Database, ownerId: string, orderedIds: string[], payload: string | null): Promise<boolean> {
  const rows = await reorderStatement(db, { ownerId, ids: orderedIds, payload })
  return rows[0]?.owned === true
}

/** An ignored request whose requester writes again is back on the list (decision 123); answers whether it was ignored. */
export async function reopenIgnoredRequest(tx: Executor, id: string): Promise<boolean> {
  const rows = await tx
    .update(contacts)
    .set({ requestStatus: 'pending' })
    .where(and(eq(contacts.id, id), eq(contacts.requestStatus, 'ignored')))
    .returning({ id: contacts.id })
  return rows.length > 0
}

/** A person's profile name, when they have a profile: the name a new contact row starts with. */
export async function getProfileName(db: Executor, id: string): Promise<{ name: string } | undefined> {
  const [row] = await db.select({ name: profiles.name }).from(profiles).where(eq(profiles.id, id))
  return row
}
