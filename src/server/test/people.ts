import { randomBytes, randomUUID } from 'node:crypto'
import { hashPassword } from 'better-auth/crypto'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { Database } from '../db/client.ts'
import { account, profiles, user } from '../db/schema.ts'
import { cookiesOf, postJson } from './auth-helpers.ts'

export type InsertedPerson = { id: string; name: string; email: string; password: string }

/**
 * A confirmed person with a finished onboarding, written straight to the database (no mail round trip).
 * `verified: false` leaves the address unconfirmed, as right after sign-up; `findableByEmail: true` lets the
 * directory's exact e-mail match find the person (off by default, as for a new account).
 */
export async function insertPerson(
  db: Database,
  {
    name,
    email,
    verified = true,
    findableByEmail = false,
  }: { name?: string; email?: string; verified?: boolean; findableByEmail?: boolean } = {},
): Promise<InsertedPerson> {
  const tag = randomBytes(4).toString('hex')
  const person = { id: randomUUID(), name: name ?? `Person ${tag}`, email: email ?? `person-${tag}@example.test`, password: `pw-${tag}-secret` }
  await db.insert(user).values({ id: person.id, name: person.name, email: person.email, emailVerified: verified })
  await db.insert(account).values({
    id: randomUUID(),
    accountId: person.id,
    providerId: 'credential',
    userId: person.id,
    password: await hashPassword(person.password),
  })
  await db.insert(profiles).values({ id: person.id, name: person.name, fullName: person.name, onboardingCompleted: true, findableByEmail })
  return person
}

/** Signs in through the real endpoint and returns the session cookie. */
export async function signIn(app: FastifyInstance, person: InsertedPerson): Promise<string> {
  const response = await postJson(app, '/api/auth/sign-in/email', { email: person.email, password: person.password })
  expect(response.statusCode).toBe(200)
  return cookiesOf(response)
}

/** insertPerson + signIn. */
export async function insertSignedInPerson(app: FastifyInstance, db: Database, options: Parameters<typeof insertPerson>[1] = {}) {
  const person = await insertPerson(db, options)
  return { ...person, cookie: await signIn(app, person) }
}
