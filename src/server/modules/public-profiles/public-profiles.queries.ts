import { and, asc, eq } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { profiles } from '#server/db/schema.ts'

/**
 * The people whose profile page may be offered to search engines (decision 101): those who chose to be found
 * (`findable_by_email`) and finished onboarding. Oldest first, at most `limit` (a sitemap holds 50,000 addresses).
 */
export async function listListedProfiles(db: Executor, limit: number): Promise<{ id: string; updatedAt: Date }[]> {
  return db
    .select({ id: profiles.id, updatedAt: profiles.updatedAt })
    .from(profiles)
    .where(and(eq(profiles.findableByEmail, true), eq(profiles.onboardingCompleted, true)))
    .orderBy(asc(profiles.createdAt), asc(profiles.id))
    .limit(limit)
}
