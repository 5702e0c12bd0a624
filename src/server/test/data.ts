/**
 * Test data, written straight to the database: the one place that knows how to make a confirmed person, a
 * connected pair and a message. Integration tests, the e2e fixtures, benchmarks and `npm run dev:person` all use
 * it, so this module must not import vitest or Playwright (their helpers that assert live next to them).
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { hashPassword } from 'better-auth/crypto'
import { inArray } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { account, audioMessages, hearthSettings, profiles, user } from '#server/db/schema.ts'
import { insertContact } from '#server/modules/contacts/contacts.queries.ts'

export type TestPerson = { name: string; email: string; password: string }
export type InsertedPerson = TestPerson & { id: string }

/** Unique sign-up details; `prefix` starts the name and the e-mail address ('person' gives 'Person 1a2b3c4d'). */
export function makePerson(overrides: Partial<TestPerson> = {}, prefix = 'person'): TestPerson {
  const tag = randomBytes(4).toString('hex')
  const name = `${prefix[0]?.toUpperCase()}${prefix.slice(1)} ${tag}`
  return { name, email: `${prefix}-${tag}@example.test`, password: `pw-${tag}-secret`, ...overrides }
}

/**
 * A confirmed person with a finished onboarding, as if they had signed up, followed the mailed link and
 * finished the wizard (no mail round trip). `verified: false` leaves the address unconfirmed, as right after
 * sign-up; `onboardingCompleted: false` leaves them at the start of the wizard; `findableByEmail: true` lets the
 * directory's exact e-mail match find them (off by default, as for a new account). `passwordHash` stores that hash
 * instead of hashing the person's own password (tens of milliseconds of CPU each): for benchmarks that insert
 * thousands of people who never sign in with a password.
 */
export async function insertPerson(
  db: Executor,
  {
    verified = true,
    onboardingCompleted = true,
    findableByEmail = false,
    passwordHash,
    ...details
  }: Partial<TestPerson> & { verified?: boolean; onboardingCompleted?: boolean; findableByEmail?: boolean; passwordHash?: string } = {},
): Promise<InsertedPerson> {
  const person = { id: randomUUID(), ...makePerson(details) }
  await db.insert(user).values({ id: person.id, name: person.name, email: person.email, emailVerified: verified })
  await db.insert(account).values({
    id: randomUUID(),
    accountId: person.id,
    providerId: 'credential',
    userId: person.id,
    password: passwordHash ?? (await hashPassword(person.password)),
  })
  await db.insert(profiles).values({ id: person.id, name: person.name, fullName: person.name, onboardingCompleted, findableByEmail })
  return person
}

/** Makes the person this Hearth's owner, as if they had made its first account (decision 162). */
export async function setHearthOwner(db: Executor, userId: string): Promise<void> {
  await db
    .insert(hearthSettings)
    .values({ id: 1, ownerId: userId })
    .onConflictDoUpdate({ target: hearthSettings.id, set: { ownerId: userId } })
}

/**
 * Removes people and, through the foreign keys, everything that is theirs. The cascade takes row locks in its own
 * order while the app may still be finishing work for them (a transcription, a health refresh), so PostgreSQL may
 * pick this delete as a deadlock's victim: it is tried again, as PostgreSQL asks of a deadlocked transaction.
 */
export async function deletePeople(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return
  for (let attempt = 1; ; attempt++) {
    try {
      await db.delete(user).where(inArray(user.id, ids))
      return
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code
      if (code !== '40P01' || attempt === 3) throw error
    }
  }
}

/**
 * Puts two people in each other's circles, both sides active, as `a` pressing Message on `b`'s profile does
 * (without its checks and realtime events): `a` chose `b`, `b` has not chosen `a` yet. `mutual` makes it both
 * ways (decision 40: only then do they see each other's presence). Answers each one's contact id for the other.
 */
export async function insertConnectedPair(
  db: Executor,
  a: InsertedPerson,
  b: InsertedPerson,
  { mutual = false }: { mutual?: boolean } = {},
): Promise<{ aToB: string; bToA: string }> {
  const aToB = await insertContact(db, {
    ownerId: a.id,
    contactUserId: b.id,
    name: b.name,
    displayOrder: 1,
    archivedAt: null,
    chosen: true,
  })
  const bToA = await insertContact(db, {
    ownerId: b.id,
    contactUserId: a.id,
    name: a.name,
    displayOrder: 1,
    archivedAt: null,
    chosen: mutual,
  })
  return { aToB, bToA }
}

export type TestMessageValues = Partial<typeof audioMessages.$inferInsert> & { senderId: string; receiverId: string }

/** A finished voice message as a plain row (no audio file behind it): for tests of queries that only read rows. */
export function makeMessage(values: TestMessageValues): typeof audioMessages.$inferInsert {
  return {
    audioKey: `${values.senderId}/test-${randomBytes(8).toString('hex')}.webm`,
    mimeType: 'audio/webm',
    bytes: 4096,
    durationSeconds: 12,
    waveform: [],
    // a seeded message stands for one its job has measured already (decision 174)
    audioMeasuredAt: new Date(),
    processingStatus: 'completed',
    ...values,
  }
}

/** Persists makeMessage's rows and returns them. */
export async function insertMessages(db: Executor, values: TestMessageValues[]) {
  if (values.length === 0) return []
  return db.insert(audioMessages).values(values.map(makeMessage)).returning()
}
