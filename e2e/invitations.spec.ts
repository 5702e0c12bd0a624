import type { Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import { INVITATION_TEXTS } from '#shared/invitations.ts'
import { invitations, user } from '../src/server/db/schema.ts'
import { insertConnectedPair } from '#server/test/data.ts'
import { expect, linkIn, makeE2EPerson, test, waitForMail } from './fixtures.ts'
import { expectNoSeriousAxeInBothThemes } from './support/axe.ts'
import { fakeMicrophone, recordInvitationMessage as recordMessage, tone } from './support/messages.ts'

// Chromium records the personal messages from a fake microphone playing a 4 s tone.
test.use({ launchOptions: fakeMicrophone(tone(4, 300, 'wav')) })

const tileNames = (page: Page) => page.getByRole('list', { name: 'Contacts' }).getByRole('link')

/** axe in both themes (it leaves the page at 1280 px), then back to the width the test walks at. */
async function axeAt(page: Page, name: string, width: number) {
  await expectNoSeriousAxeInBothThemes(page, `${name}-${width}`, { afterToasts: true })
  await page.setViewportSize({ width, height: width < 800 ? 844 : 800 })
}

// One trip to the mailbox (decision 118): from opening the invitation mail to the inviter on home, with no
// confirmation mail, at a phone's width and a desktop's.
for (const width of [390, 1280]) {
  test(`at ${width} px, A invites B by e-mail; B listens signed out, signs up with the address filled in and is in A's circle`, async ({
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

    // B, signed out, opens the mailed link (the one mail of the whole path)
    const mail = await waitForMail(bob.email, /Ada Inviter invited you/)
    const bobPage = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width, height: 844 } })).newPage()
    await bobPage.goto(linkIn(mail))
    await expect(bobPage.getByRole('heading', { name: 'Ada Inviter invited you' })).toBeVisible()
    await expect(bobPage.getByText('This invite expires in 7 days from when it was created.')).toBeVisible()
    // the personal message plays on Hearth's player, not the browser's grey controls
    await expect(bobPage.locator('audio[controls]')).toHaveCount(0)
    await expect(bobPage.getByRole('slider', { name: 'Seek message from Ada Inviter' })).toBeVisible()
    await bobPage.getByRole('button', { name: 'Play message from Ada Inviter' }).click()
    await expect(bobPage.getByRole('button', { name: 'Pause message from Ada Inviter' })).toBeVisible()
    const src = await bobPage.locator('audio[data-slot=audio-player]').getAttribute('src')
    expect((await bobPage.request.get(src ?? '')).status()).toBe(200)
    await bobPage.getByRole('button', { name: 'Pause message from Ada Inviter' }).click()
    // the transcript is polled for until it is done; the tone has no words, so the player stands alone (decision 219)
    await expect(bobPage.getByText('Transcribing the message...')).toHaveCount(0, { timeout: 30_000 })
    await axeAt(bobPage, 'invite-landing', width)
    await bobPage.getByRole('button', { name: 'Accept & Join' }).click()

    // sign-up, not sign-in, with the invited address filled in; signing in instead keeps the token
    await expect(bobPage).toHaveURL(/\/auth\?invite_token=/)
    await expect(bobPage.getByText('Create your account')).toBeVisible()
    await expect(bobPage.getByLabel('Email')).toHaveValue(bob.email)
    await expect(bobPage.getByText('Your invitation came to this address, so there is nothing to confirm.')).toBeVisible()
    await axeAt(bobPage, 'invite-sign-up', width)
    await bobPage.getByRole('button', { name: 'Already have an account? Sign in' }).click()
    await expect(bobPage.getByText('Welcome back')).toBeVisible()
    await expect(bobPage).toHaveURL(/invite_token=/)
    await bobPage.getByRole('button', { name: "Don't have an account? Sign up" }).click()
    await bobPage.getByLabel('Full name').fill('Bob Invitee')
    await bobPage.getByLabel('Password').fill(bob.password)
    await bobPage.getByRole('button', { name: 'Sign Up' }).click()

    // signed in at once: the invitation accepts, no confirmation mail was needed
    await expect(bobPage.getByRole('heading', { name: 'Connection Added!' })).toBeVisible()
    await axeAt(bobPage, 'invite-accepted', width)
    const [created] = await db.db.select({ verified: user.emailVerified }).from(user).where(eq(user.email, bob.email))
    expect(created?.verified).toBe(true)

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
}

test("an invitation to someone who joined another way shows Joined, live, and Resend to someone in the circle says why it can't", async ({
  insertUser,
  signedInPage,
  db,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const ada = await insertUser({ name: 'Ada Closer' })
  const cy = await insertUser({ name: 'Cy Circle' })
  const adaPage = await signedInPage(ada)
  // Bob is invited before he has an account: no invitation mail goes to an address that has one (decision 193)
  const bobEmail = makeE2EPerson('bob').email
  const invite = async (email: string) => {
    const response = await adaPage.request.post('/api/invitations/email', {
      data: { email, use_welcome_message: true },
      headers: { origin: baseURL ?? '' },
    })
    expect(response.status()).toBe(201)
  }
  await invite(bobEmail)
  await invite(bobEmail)
  await adaPage.goto('/contacts/add')
  await expect(adaPage.getByText(/Pending · 7 days left/)).toHaveCount(2)
  const mail = await waitForMail(bobEmail, /Ada Closer invited you/)
  const bob = await insertUser({ name: 'Bob Joiner', email: bobEmail })

  // Bob accepts one of the two; the other closes as Joined in Ada's open list
  const bobPage = await signedInPage(bob)
  await bobPage.goto(linkIn(mail))
  await bobPage.getByRole('button', { name: 'Accept & Join' }).click()
  await expect(bobPage.getByRole('heading', { name: 'Connection Added!' })).toBeVisible()
  await expect(adaPage.getByText('Used', { exact: true })).toBeVisible()
  await expect(adaPage.getByText('Joined', { exact: true })).toBeVisible()
  await expect(adaPage.getByRole('button', { name: `Resend the invitation to ${bob.email}` })).toHaveCount(0)

  // Cy is in Ada's circle already, yet an older invitation to Cy was still pending: Resend says why it can't
  await insertConnectedPair(db.db, ada, cy)
  await invite(cy.email)
  await expect(adaPage.getByRole('button', { name: `Resend the invitation to ${cy.email}` })).toBeVisible()
  await adaPage.getByRole('button', { name: `Resend the invitation to ${cy.email}` }).click()
  await expect(adaPage.getByText(INVITATION_TEXTS.alreadyInCircle)).toBeVisible()
  // the refused invitation closes too: both rows of people in the circle say Joined
  await expect(adaPage.getByText('Joined', { exact: true })).toHaveCount(2)
  await expect(adaPage.getByRole('button', { name: /^Resend the invitation/ })).toHaveCount(0)
  await expectNoSeriousAxeInBothThemes(adaPage, 'invite-hub-joined', { afterToasts: true })
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
