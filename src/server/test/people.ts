import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { Database } from '#server/db/client.ts'
import { cookiesOf, postJson } from './auth-helpers.ts'
import { insertConnectedPair, insertPerson, type InsertedPerson } from './data.ts'

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

export type SignedInPerson = Awaited<ReturnType<typeof insertSignedInPerson>>

/** Two signed-in people in each other's circles (Ada and Bob unless named); answers each one's contact id for the other. */
export async function insertSignedInPair(app: FastifyInstance, db: Database, names: [string, string] = ['Ada', 'Bob']) {
  const ada = await insertSignedInPerson(app, db, { name: names[0] })
  const bob = await insertSignedInPerson(app, db, { name: names[1] })
  const { aToB, bToA } = await insertConnectedPair(db, ada, bob)
  return { ada, bob, adaToBob: aToB, bobToAda: bToA }
}
