import { randomBytes, randomUUID } from 'node:crypto'
import { test as base, expect, type Page } from '@playwright/test'
import { hashPassword } from 'better-auth/crypto'
import { inArray } from 'drizzle-orm'
import { connectDatabase, type DbHandle } from '../src/server/db/client.ts'
import { account, profiles, user } from '../src/server/db/schema.ts'
import { readDroppedMail, type DroppedMail } from './support/mail-drop.ts'

export type E2EUser = { id: string; name: string; email: string; password: string }

export function makeE2EPerson(prefix = 'person') {
  const id = randomBytes(4).toString('hex')
  return { name: `${prefix[0]?.toUpperCase()}${prefix.slice(1)} ${id}`, email: `${prefix}-${id}@example.test`, password: `pw-${id}-secret` }
}

/** Waits for a mail to `to` with a matching subject, read from the test SMTP server's drop folder. */
export async function waitForMail(to: string, subject: RegExp): Promise<DroppedMail> {
  let found: DroppedMail | undefined
  await expect
    .poll(async () => {
      found = (await readDroppedMail(process.env.E2E_MAIL_DIR ?? '')).find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject))
      return Boolean(found)
    }, { timeout: 15_000 })
    .toBe(true)
  return found as DroppedMail
}

export function linkIn(mail: DroppedMail): string {
  const link = mail.text.match(/https?:\/\/\S+/)?.[0]
  if (!link) throw new Error(`no link in mail "${mail.subject}"`)
  return link
}

type Fixtures = {
  db: DbHandle
  /** Creates a confirmed user (with a finished onboarding unless told otherwise); deleted after the test. */
  insertUser: (options?: { onboardingCompleted?: boolean; name?: string }) => Promise<E2EUser>
  /** Signs the page in as `person` through the real sign-in endpoint (only the login test uses the form). */
  login: (page: Page, person: E2EUser) => Promise<void>
  /**
   * `from` presses Message on `to`'s profile through the API, which puts them in each other's circles; returns from's
   * contact id. Called again the other way round, it is `to` choosing `from` back (decision 40).
   */
  connect: (from: E2EUser, to: E2EUser) => Promise<string>
}

export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
  db: async ({}, use) => {
    const handle = connectDatabase(process.env.E2E_DATABASE_URL ?? '', { max: 2 })
    await use(handle)
    await handle.close()
  },
  insertUser: async ({ db }, use) => {
    const created: string[] = []
    await use(async ({ onboardingCompleted = true, name } = {}) => {
      const person = makeE2EPerson()
      const id = randomUUID()
      const fullName = name ?? person.name
      await db.db.insert(user).values({ id, name: fullName, email: person.email, emailVerified: true })
      await db.db.insert(account).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: await hashPassword(person.password) })
      await db.db.insert(profiles).values({ id, name: fullName, fullName, onboardingCompleted })
      created.push(id)
      return { id, name: fullName, email: person.email, password: person.password }
    })
    if (created.length) await db.db.delete(user).where(inArray(user.id, created))
  },
  login: async ({ baseURL }, use) => {
    await use(async (page, person) => {
      const response = await page.request.post('/api/auth/sign-in/email', {
        data: { email: person.email, password: person.password },
        headers: { origin: baseURL ?? '' },
      })
      expect(response.status()).toBe(200)
    })
  },
  connect: async ({ playwright, baseURL }, use) => {
    await use(async (from, to) => {
      const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? '' } })
      try {
        expect((await api.post('/api/auth/sign-in/email', { data: { email: from.email, password: from.password } })).status()).toBe(200)
        const response = await api.post('/api/contacts/connect', { data: { user_id: to.id } })
        expect([200, 201]).toContain(response.status())
        return ((await response.json()) as { contact: { id: string } }).contact.id
      } finally {
        await api.dispose()
      }
    })
  },
})

export { expect }
