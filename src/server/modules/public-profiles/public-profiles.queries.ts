import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { contacts, profiles } from '#server/db/schema.ts'

/**
 * Whether `ownerId` chose `viewerId` (pressed Message or sent them a message) and keeps them in their circle: the
 * person's own consent, which a stranger cannot give themselves by pressing Message (decision 124).
 */
export async function hasChosenContact(db: Executor, ownerId: string, viewerId: string): Promise<boolean> {
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(eq(contacts.userId, ownerId), eq(contacts.contactUserId, viewerId), isNotNull(contacts.chosenAt), isNull(contacts.archivedAt)),
    )
    .limit(1)
  return rows.length > 0
}

/**
 * The people whose profile page may be offered to search engines (decisions 101 and 124): those who confirmed their
 * address (an unconfirmed account has no public page), chose to be found (`findable_by_email`) and finished
 * onboarding. Oldest first, at most `limit` (a sitemap holds 50,000 addresses).
 */
export async function listListedProfiles(db: Executor, limit: number): Promise<{ id: string; updatedAt: Date }[]> {
  return db
    .select({ id: profiles.id, updatedAt: profiles.updatedAt })
    .from(profiles)
    .where(and(eq(profiles.listed, true), eq(profiles.findableByEmail, true), eq(profiles.onboardingCompleted, true)))
    .orderBy(asc(profiles.createdAt), asc(profiles.id))
    .limit(limit)
}
