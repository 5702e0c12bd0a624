import type { Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import { invitations } from '../src/server/db/schema.ts'
import { expect, linkIn, makeE2EPerson, test, waitForMail } from './fixtures.ts'
import { expectNoSeriousAxeInBothThemes } from './support/axe.ts'
import { fakeMicrophone, tone } from './support/messages.ts'

// Chromium records the personal messages from a fake microphone playing a 4 s tone.
test.use({ launchOptions: fakeMicrophone(tone(4, 300, 'wav')) })

const tileNames = (page: Page) => page.getByRole('list', { name: 'Contacts' }).getByRole('link')

/** On an invitation flow's recording step: two seconds of the fake microphone, stop. */
async function recordMessage(page: Page) {
  await page.getByRole('button', { name: 'Record your message' }).click()
  await expect(page.getByText('0:02')).toBeVisible({ timeout: 15_000 })
  await page.getByRole('button', { name: 'Tap to stop' }).click()
  await expect(page.getByLabel('Your personal message')).toBeVisible()
}

test('A invites B by e-mail; B listens signed out, signs up, confirms, accepts; both homes show each other', async ({
  browser,
  insertUser,
  login,
  db,
}) => {
  test.setTimeout(120_000)
  const ada = await insertUser({ name: 'Ada Inviter' })
  const bob = makeE2EPerson('invitee')
  const adaPage = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL })).newPage()
  await login(adaPage, ada)
  await adaPage.goto('/contacts/add')
  await expect(adaPage.getByText('No pending invitations')).toBeVisible()
  await expectNoSeriousAxeInBothThemes(adaPage, 'invite-hub', { afterToasts: true })
  await adaPage.getByRole('link', { name: /Send email invitation/ }).click()
  await expect(adaPage.getByRole('button', { name: 'Next' })).toBeDisabled()
  await adaPage.getByLabel('Their e-mail').fill(bob.email)
  await adaPage.getByLabel('A note (optional)').fill('Come and hear me')
  await expectNoSeriousAxeInBothThemes(adaPage, 'invite-email-details', { afterToasts: true })
  await adaPage.getByRole('button', { name: 'Next' }).click()
  await recordMessage(adaPage)
  await expectNoSeriousAxeInBothThemes(adaPage, 'invite-email-record', { afterToasts: true })
  await adaPage.getByRole('button', { name: 'Send invitation' }).click()
  await expect(adaPage.getByText('Invitation Sent', { exact: true })).toBeVisible()
  await expect(adaPage).toHaveURL(/\/contacts\/add$/)
  await expect(adaPage.getByText(bob.email, { exact: true })).toBeVisible()
  await expect(adaPage.getByText(/Pending · 7 days left/)).toBeVisible()

  // B, signed out, opens the mailed link
  const mail = await waitForMail(bob.email, /Ada Inviter invited you/)
  const bobPage = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL })).newPage()
  await bobPage.goto(linkIn(mail))
  await expect(bobPage.getByRole('heading', { name: 'Ada Inviter invited you' })).toBeVisible()
  await expect(bobPage.getByText('This invite expires in 7 days from when it was created.')).toBeVisible()
  const audio = bobPage.getByLabel('Message from Ada Inviter')
  expect((await bobPage.request.get((await audio.getAttribute('src')) ?? '')).status()).toBe(200)
  // the transcript arrives by polling (the tone has no words)
  await expect(bobPage.getByText(/No words were recognised|No transcript is available/)).toBeVisible({ timeout: 30_000 })
  await expectNoSeriousAxeInBothThemes(bobPage, 'invite-landing', { afterToasts: true })
  await bobPage.getByRole('button', { name: 'Accept & Join' }).click()
  await expect(bobPage).toHaveURL(/\/auth\?invite_token=/)

  await bobPage.getByRole('button', { name: "Don't have an account? Sign up" }).click()
  await bobPage.getByLabel('Full name').fill('Bob Invitee')
  await bobPage.getByLabel('Email').fill(bob.email)
  await bobPage.getByLabel('Password').fill(bob.password)
  await bobPage.getByRole('button', { name: 'Sign Up' }).click()
  await expect(bobPage.getByText('Welcome to Hearth!')).toBeVisible()
  await bobPage.goto(linkIn(await waitForMail(bob.email, /confirm/i)))
  await expect(bobPage).toHaveURL(/invite_token=/)
  await bobPage.getByLabel('Email').fill(bob.email)
  await bobPage.getByLabel('Password').fill(bob.password)
  await bobPage.getByRole('button', { name: 'Sign In' }).click()
  await expect(bobPage.getByRole('heading', { name: 'Connection Added!' })).toBeVisible()
  await expectNoSeriousAxeInBothThemes(bobPage, 'invite-accepted', { afterToasts: true })

  // Ada's list says Used, live
  await expect(adaPage.getByText('Used', { exact: true })).toBeVisible()
  await adaPage.goto('/')
  await expect(tileNames(adaPage).filter({ hasText: 'Bob Invitee' })).toBeVisible()
  // Bob goes home after 3 s; his onboarding comes first, then his circle shows Ada
  await expect(bobPage.getByRole('button', { name: 'Get Started' })).toBeVisible({ timeout: 10_000 })
  await bobPage.getByRole('button', { name: 'Get Started' }).click()
  await bobPage.getByRole('button', { name: 'Continue' }).click()
  await bobPage.getByRole('button', { name: 'Skip for now' }).click()
  await bobPage.getByRole('button', { name: 'Skip for now' }).click()
  await bobPage.getByRole('button', { name: /start using hearth/i }).click()
  await expect(tileNames(bobPage).filter({ hasText: 'Ada Inviter' })).toBeVisible()
  await db.pool.query('delete from "user" where email = $1', [bob.email])
})

test('the link path with a second person, then the used, expired and cancelled cards, and resend', async ({
  browser,
  insertUser,
  login,
  db,
}) => {
  test.setTimeout(90_000)
  const ada = await insertUser({ name: 'Ada Linker' })
  const cy = await insertUser({ name: 'Cy Linked' })
  const adaContext = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    permissions: ['microphone', 'clipboard-read', 'clipboard-write'],
  })
  const adaPage = await adaContext.newPage()
  await login(adaPage, ada)
  await adaPage.goto('/contacts/add/link')
  await expect(adaPage.getByRole('button', { name: 'Next' })).toBeDisabled()
  await adaPage.getByLabel('Who is it for?').fill('Cy')
  await adaPage.getByRole('button', { name: 'Next' }).click()
  await recordMessage(adaPage)
  await adaPage.getByRole('button', { name: 'Create link' }).click()
  await expect(adaPage.getByRole('heading', { name: 'Your invite link is ready!' })).toBeVisible()
  await expectNoSeriousAxeInBothThemes(adaPage, 'invite-link-ready', { afterToasts: true })
  const url = await adaPage.getByRole('textbox', { name: 'Invite link' }).inputValue()
  expect(url).toMatch(/\/invite\?token=[A-Za-z0-9_-]{43}$/)
  await adaPage.getByRole('button', { name: 'Copy Link' }).click()
  await expect(adaPage.getByText('Link copied!')).toBeVisible()
  await adaPage.getByRole('button', { name: 'Done' }).click()
  await expect(adaPage).toHaveURL(/\/contacts\/add$/)

  // Cy, signed in, accepts from the landing page
  const cyPage = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL })).newPage()
  await login(cyPage, cy)
  await cyPage.goto(url)
  await cyPage.getByRole('button', { name: 'Accept & Join' }).click()
  await expect(cyPage.getByRole('heading', { name: 'Connection Added!' })).toBeVisible()
  await expect(cyPage).toHaveURL(/\/$/, { timeout: 10_000 })
  await expect(tileNames(cyPage).filter({ hasText: 'Ada Linker' })).toBeVisible()

  // the used link shows its card
  await cyPage.goto(url)
  await expect(cyPage.getByRole('heading', { name: 'Invite already used' })).toBeVisible()
  await expectNoSeriousAxeInBothThemes(cyPage, 'invite-used', { afterToasts: true })

  // an expired one, then resent from the hub: its new link works
  await adaPage.goto('/contacts/add/link')
  await adaPage.getByLabel('Who is it for?').fill('Dee')
  await adaPage.getByRole('button', { name: 'Next' }).click()
  await recordMessage(adaPage)
  await adaPage.getByRole('button', { name: 'Create link' }).click()
  const expiring = await adaPage.getByRole('textbox', { name: 'Invite link' }).inputValue()
  await adaPage.getByRole('button', { name: 'Done' }).click()
  await db.db
    .update(invitations)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(invitations.recipientName, 'Dee'))
  await cyPage.goto(expiring)
  await expect(cyPage.getByRole('heading', { name: 'Invite expired' })).toBeVisible()
  await expectNoSeriousAxeInBothThemes(cyPage, 'invite-expired', { afterToasts: true })
  await adaPage.reload()
  await expect(adaPage.getByText('Expired', { exact: true })).toBeVisible()
  await adaPage.getByRole('button', { name: 'Resend the invitation to Dee' }).click()
  await expect(adaPage.getByText('Invitation Extended')).toBeVisible()
  await expect(adaPage.getByText(/Pending · 7 days left/)).toBeVisible()
  const renewed = await adaPage.evaluate(() => navigator.clipboard.readText())
  await cyPage.goto(renewed)
  await expect(cyPage.getByRole('heading', { name: 'Ada Linker invited you' })).toBeVisible()

  // cancelled: the link shows 'Invite unavailable'
  await adaPage.getByRole('button', { name: 'Cancel the invitation to Dee' }).click()
  await expect(adaPage.getByText('Invitation Canceled')).toBeVisible()
  await expect(adaPage.getByText('Dee', { exact: true })).toHaveCount(0)
  await cyPage.goto(renewed)
  await expect(cyPage.getByRole('heading', { name: 'Invite unavailable' })).toBeVisible()
})
