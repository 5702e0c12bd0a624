import type { Page } from '@playwright/test'
import { expect, linkIn, makeE2EPerson, test, waitForMail } from './fixtures.ts'
import { expectNoSeriousAxeInBothThemes } from './support/axe.ts'
import { fakeMicrophone, recordInvitationMessage, tone } from './support/messages.ts'

// The confirmation link signs its person in and goes on to what they came for (decision 212), walked at a phone's
// width as a newcomer would: an invitation link, a Message press on a public profile, a link used twice.
test.use({ launchOptions: fakeMicrophone(tone(4, 300, 'wav')) })

const PHONE = { width: 390, height: 844 }

/** axe in both themes (it leaves the page at 1280 px), then back to the phone's width. */
async function axeAtPhone(page: Page, name: string) {
  await expectNoSeriousAxeInBothThemes(page, `${name}-390`, { afterToasts: true })
  await page.setViewportSize(PHONE)
}

async function signUp(page: Page, person: { name: string; email: string; password: string }) {
  await page.getByLabel('Full name').fill(person.name)
  await page.getByLabel('Email').fill(person.email)
  await page.getByLabel('Password').fill(person.password)
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await expect(page.getByText('Welcome to Hearth!')).toBeVisible()
}

async function walkOnboarding(page: Page) {
  await page.getByRole('button', { name: 'Get Started' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('button', { name: 'Skip for now' }).click()
  await page.getByRole('button', { name: 'Skip for now' }).click()
  await page.getByRole('button', { name: /start using hearth/i }).click()
}

test('at 390 px, a link newcomer signs up, opens the confirmation mail and lands on Connection Added!', async ({
  browser,
  insertUser,
  login,
  db,
}) => {
  test.setTimeout(120_000)
  const ada = await insertUser({ name: 'Ada Linkmaker' })
  const bob = makeE2EPerson('linked')
  const adaPage = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL })).newPage()
  await login(adaPage, ada)
  await adaPage.goto('/contacts/add/link')
  await adaPage.getByLabel('Who is it for?').fill('Bob')
  await adaPage.getByRole('button', { name: 'Next' }).click()
  await recordInvitationMessage(adaPage)
  await adaPage.getByRole('button', { name: 'Create link' }).click()
  const url = await adaPage.getByRole('textbox', { name: 'Invite link' }).inputValue()

  // Bob, signed out on his phone: Accept & Join, sign up, then the mail
  const bobContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: PHONE })
  const bobPage = await bobContext.newPage()
  await bobPage.goto(url)
  await bobPage.getByRole('button', { name: 'Accept & Join' }).click()
  await expect(bobPage.getByText('Create your account')).toBeVisible()
  await signUp(bobPage, { ...bob, name: 'Bob Linked' })

  // the mail app opens the link in a tab of its own: confirmed, signed in, the invitation accepted
  const mail = await waitForMail(bob.email, /confirm/i)
  const mailTab = await bobContext.newPage()
  await mailTab.goto(linkIn(mail))
  await expect(mailTab.getByRole('heading', { name: 'Connection Added!' })).toBeVisible()
  await expect(mailTab.getByText('Create your account')).toHaveCount(0)
  await expect(mailTab.getByText('Welcome back!')).toHaveCount(0)
  await axeAtPhone(mailTab, 'confirmed-connection-added')
  await adaPage.goto('/contacts/add')
  await expect(adaPage.getByText('Used', { exact: true })).toBeVisible()

  // the same link again, in another browser: sign-in (not sign-up), his address filled in
  const otherBrowser = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: PHONE })).newPage()
  await otherBrowser.goto(linkIn(mail))
  await expect(otherBrowser.getByRole('button', { name: 'Sign In' })).toBeVisible()
  await expect(otherBrowser.getByText('Create your account')).toHaveCount(0)
  await expect(otherBrowser.getByLabel('Email')).toHaveValue(bob.email)
  await expect(otherBrowser.getByText('Your email is confirmed. You can sign in now.')).toBeVisible()
  await axeAtPhone(otherBrowser, 'confirmation-link-used')
  await db.pool.query('delete from "user" where email = $1', [bob.email])
})

test('at 390 px, a signed-out visitor presses Message, signs up, confirms, walks onboarding and is in the conversation', async ({
  browser,
  insertUser,
  db,
}) => {
  test.setTimeout(90_000)
  const ada = await insertUser({ name: 'Ada Profiled', findableByEmail: true })
  const cy = makeE2EPerson('messager')
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: PHONE })
  const page = await context.newPage()
  await page.goto(`/u/${ada.id}`)
  await page.getByRole('button', { name: 'Message' }).click()
  await expect(page).toHaveURL(new RegExp(`/auth\\?next=%2Fu%2F${ada.id}`))
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click()
  await signUp(page, { ...cy, name: 'Cy Messager' })

  const mail = await waitForMail(cy.email, /confirm/i)
  const mailTab = await context.newPage()
  await mailTab.goto(linkIn(mail))
  // signed in, the Message press carried out: onboarding first, then the conversation with Ada
  await expect(mailTab.getByRole('button', { name: 'Get Started' })).toBeVisible()
  await expect(mailTab).toHaveURL(/\/contacts\/[0-9a-f-]{36}$/)
  await walkOnboarding(mailTab)
  await expect(mailTab.getByRole('heading', { level: 1, name: 'Ada Profiled' })).toBeVisible()
  await axeAtPhone(mailTab, 'conversation-after-confirmation')

  // carried out once: back on the profile, nothing starts by itself
  await mailTab.goto(`/u/${ada.id}`)
  await expect(mailTab.getByRole('button', { name: 'Message' })).toBeEnabled()
  await expect(mailTab).toHaveURL(new RegExp(`/u/${ada.id}$`))
  await db.pool.query('delete from "user" where email = $1', [cy.email])
})

test('at 390 px, an expired confirmation link opens sign-in with the address, and a first sign-in is no return', async ({
  page,
  insertUser,
}) => {
  await page.setViewportSize(PHONE)
  const person = await insertUser({ onboardingCompleted: false })
  // where the server sends an expired link (the integration tests check the redirect itself)
  await page.goto(`/auth?verified=1&email=${encodeURIComponent(person.email)}&error=TOKEN_EXPIRED`)
  await expect(page.getByText('This confirmation link is invalid or has expired.', { exact: false })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue(person.email)
  await axeAtPhone(page, 'confirmation-link-expired')
  await page.getByLabel('Password').fill(person.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible()
  await expect(page.getByText('Welcome back!')).toHaveCount(0)
})
