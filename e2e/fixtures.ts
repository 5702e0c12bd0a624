import { test as base, expect, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test'
import { connectDatabase, type DbHandle } from '#server/db/client.ts'
import { deletePeople, insertPerson, makePerson, type InsertedPerson } from '#server/test/data.ts'
import { readDroppedMail, type DroppedMail } from './support/mail-drop.ts'

export type E2EUser = InsertedPerson

/** Unique sign-up details for the tests that go through the sign-up form. */
export const makeE2EPerson = (prefix = 'person') => makePerson({}, prefix)

/** Waits for a mail to `to` with a matching subject, read from the test SMTP server's drop folder. */
export async function waitForMail(to: string, subject: RegExp): Promise<DroppedMail> {
  let found: DroppedMail | undefined
  await expect
    .poll(
      async () => {
        found = (await readDroppedMail(process.env.E2E_MAIL_DIR ?? '')).find(
          (m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject),
        )
        return Boolean(found)
      },
      { timeout: 15_000 },
    )
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
  insertUser: (options?: { onboardingCompleted?: boolean; name?: string; email?: string; findableByEmail?: boolean }) => Promise<E2EUser>
  /** Signs the page in as `person` through the real sign-in endpoint (only the login test uses the form). */
  login: (page: Page, person: E2EUser) => Promise<void>
  /**
   * A page in a browser context of its own (its own cookies: another person's browser) at the app's address,
   * signed in as `person`; `options` adds context settings such as permissions. Closed after the test.
   */
  signedInPage: (person: E2EUser, options?: BrowserContextOptions) => Promise<Page>
  /**
   * `from` presses Message on `to`'s profile through the API, and `to` presses it back, which puts them in each other's
   * circles as two people who chose each other (decisions 40 and 123: one press alone leaves `to` a message request);
   * returns from's contact id.
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
    await use(async ({ onboardingCompleted = true, name, email, findableByEmail } = {}) => {
      const person = await insertPerson(db.db, {
        onboardingCompleted,
        findableByEmail,
        ...(name !== undefined && { name }),
        ...(email !== undefined && { email }),
      })
      created.push(person.id)
      return person
    })
    await deletePeople(db.db, created)
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
  signedInPage: async ({ browser, baseURL, login }, use) => {
    const contexts: BrowserContext[] = []
    await use(async (person, options = {}) => {
      const context = await browser.newContext({ baseURL, ...options })
      contexts.push(context)
      const page = await context.newPage()
      await login(page, person)
      return page
    })
    await Promise.all(contexts.map((context) => context.close()))
  },
  connect: async ({ playwright, baseURL }, use) => {
    await use(async (from, to) => {
      const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? '' } })
      try {
        const pressMessage = async (who: E2EUser, other: E2EUser) => {
          expect((await api.post('/api/auth/sign-in/email', { data: { email: who.email, password: who.password } })).status()).toBe(200)
          const response = await api.post('/api/contacts/connect', { data: { user_id: other.id } })
          expect([200, 201]).toContain(response.status())
          return ((await response.json()) as { contact: { id: string } }).contact.id
        }
        const contactId = await pressMessage(from, to)
        await pressMessage(to, from)
        return contactId
      } finally {
        await api.dispose()
      }
    })
  },
})

export { expect }
