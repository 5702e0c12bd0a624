import type { Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import { contacts } from '#server/db/schema.ts'
import { SETTINGS_TEXTS } from '#shared/profile.ts'
import { expect, test } from './fixtures.ts'
import { contactIdOf, fakeMicrophone, sendRecording, tone } from './support/messages.ts'

// the recorder's test records from Chromium's fake microphone (a launch option: it holds for the whole file)
test.use({ launchOptions: fakeMicrophone(tone(6, 300, 'wav')) })

/** Where focus is: the focused element's tag and text, or BODY when it fell to the page. */
const focused = (page: Page) =>
  page.evaluate(() => `${document.activeElement?.tagName}: ${document.activeElement?.textContent?.trim() ?? ''}`)

test.describe('focus after every move', () => {
  test('a new screen takes focus at its heading; a control that goes away hands focus to the heading', async ({
    page,
    insertUser,
    login,
    connect,
  }) => {
    const owner = await insertUser()
    const bob = await insertUser({ name: 'Bob Focus' })
    const cleo = await insertUser({ name: 'Cleo Focus' })
    await connect(owner, bob)
    await connect(owner, cleo)
    await login(page, owner)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Your circle' })).toBeVisible()

    // a tile opens the contact: focus on "You & Bob Focus", not on the body
    await page.getByRole('link', { name: /^Bob Focus/ }).click()
    await expect(page.getByRole('heading', { level: 1, name: /Bob Focus/ })).toBeFocused()

    // Back, by keyboard: home's heading
    await page.getByRole('link', { name: 'Back' }).press('Enter')
    await expect(page.getByRole('heading', { level: 1, name: 'Your circle' })).toBeFocused()

    // Settings from the header
    await page.getByRole('link', { name: 'Settings' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
    await page.goBack()
    await expect(page.getByRole('heading', { level: 1, name: 'Your circle' })).toBeFocused()

    // edit mode: archiving Cleo by keyboard removes her tile and its button; focus goes to the Undo left in her place
    await page.getByRole('button', { name: 'Edit contacts' }).click()
    await page.getByRole('button', { name: 'Archive Cleo Focus' }).press('Enter')
    await expect(page.getByRole('button', { name: 'Archive Cleo Focus' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Undo archiving Cleo Focus' })).toBeFocused()
    // Undo: Cleo's tile is back, and focus on its Archive button, where it was before
    await page.keyboard.press('Enter')
    await expect(page.getByRole('button', { name: 'Archive Cleo Focus' })).toBeFocused()
    // Done goes with the edit toolbar: focus returns to the Edit contacts toggle
    await page.getByRole('button', { name: 'Done' }).press('Enter')
    await expect(page.getByRole('button', { name: 'Edit contacts' })).toBeFocused()
    await expect(page.getByRole('button', { name: 'Edit contacts' })).toHaveAttribute('aria-pressed', 'false')
  })

  test('the landing keeps the focus a visitor gave it when the app takes over the prerendered page', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(await page.evaluate(() => '__hearthAppReady' in window)).toBe(false)
    // the first key loads the app; focus is on a link of the plain HTML page meanwhile
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    const before = await focused(page)
    expect(before).not.toMatch(/^BODY/)
    await page.waitForFunction(() => (window as { __hearthAppReady?: boolean }).__hearthAppReady === true)
    // the same element, and the app's, still in the page (the takeover may end a moment after the app says it is ready)
    await expect
      .poll(async () => ({
        focused: await focused(page),
        inPage: await page.evaluate(() => document.activeElement?.isConnected === true && document.activeElement !== document.body),
      }))
      .toEqual({ focused: before, inPage: true })
  })

  test('a settings switch keeps focus while its change is saved', async ({ page, insertUser, login }) => {
    const person = await insertUser()
    await login(page, person)
    // the save waits until the test lets it go, so the saving state can be seen
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/profile', async (route) => {
      if (route.request().method() === 'PATCH') await held
      await route.continue()
    })
    await page.goto('/settings')
    const findable = page.getByRole('switch', { name: SETTINGS_TEXTS.findableByEmailLabel })
    await expect(findable).toHaveAttribute('aria-checked', 'false')
    await findable.focus()
    await page.keyboard.press('Space')
    await expect(findable).toHaveAttribute('aria-busy', 'true')
    await expect(findable).toHaveAttribute('aria-checked', 'true')
    await expect(findable).toBeFocused()
    // a second press while saving changes nothing
    await page.keyboard.press('Space')
    await expect(findable).toHaveAttribute('aria-checked', 'true')
    release()
    await expect(findable).not.toHaveAttribute('aria-busy', 'true')
    await expect(findable).toHaveAttribute('aria-checked', 'true')
    await expect(findable).toBeFocused()
  })

  test('the rekindle dialogs hand focus back to the button that opened them', async ({ page, insertUser, login, connect, db }) => {
    const owner = await insertUser()
    const dan = await insertUser({ name: 'Dan Rekindle' })
    const eve = await insertUser({ name: 'Eve Rekindle' })
    const toDan = await connect(owner, dan)
    const toEve = await connect(owner, eve)
    await db.db.update(contacts).set({ archivedAt: new Date() }).where(eq(contacts.id, toDan))
    await db.db.update(contacts).set({ archivedAt: new Date() }).where(eq(contacts.id, toEve))
    await login(page, owner)

    // the archived page: Escape and Cancel go back to the row's Rekindle button
    await page.goto('/archived-contacts')
    const rekindleDan = page.getByRole('button', { name: 'Rekindle Dan Rekindle' })
    await rekindleDan.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Rekindle with Dan Rekindle' })
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(rekindleDan).toBeFocused()
    await rekindleDan.press('Enter')
    await dialog.getByRole('button', { name: 'Cancel' }).press('Enter')
    await expect(rekindleDan).toBeFocused()
    // a rekindle goes home, where the heading takes focus
    await rekindleDan.press('Enter')
    await dialog.getByRole('button', { name: 'Rekindle Connection' }).press('Enter')
    await expect(page.getByRole('heading', { level: 1, name: 'Your circle' })).toBeFocused()

    // home's rekindle mode: Cancel goes back to Eve's tile; a rekindle, whose tile leaves, to the heading
    await page.getByRole('button', { name: 'Edit contacts' }).click()
    await page.getByRole('button', { name: 'Rekindle', exact: true }).click()
    const eveTile = page.getByRole('list', { name: 'Contacts to rekindle' }).getByRole('button', { name: /^Eve Rekindle/ })
    await eveTile.press('Enter')
    const eveDialog = page.getByRole('dialog', { name: 'Rekindle with Eve Rekindle' })
    await eveDialog.getByRole('button', { name: 'Cancel' }).press('Enter')
    await expect(eveTile).toBeFocused()
    await eveTile.press('Enter')
    await eveDialog.getByRole('button', { name: 'Rekindle Connection' }).press('Enter')
    await expect(eveDialog).toHaveCount(0)
    await expect.poll(() => focused(page)).toMatch(/^H1/)
  })
})

test.describe('focus through the recorder', () => {
  test('/record/select to /record/{id}, then a send, land focus on each new screen', async ({ insertUser, connect, signedInPage }) => {
    const ada = await insertUser({ name: 'Ada Keys' })
    const bob = await insertUser({ name: 'Bob Keys' })
    await connect(ada, bob)
    const page = await signedInPage(ada, { permissions: ['microphone'] })
    await page.goto('/record/select')
    await page.getByRole('link', { name: /^Bob Keys/ }).press('Enter')
    await expect(page).toHaveURL(/\/record\/[^/]+$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Message for Bob Keys' })).toBeFocused()

    await page.getByRole('button', { name: "I'm ready to record" }).press('Enter')
    const stop = page.getByRole('button', { name: 'Tap to stop' })
    await expect(stop).toBeFocused()
    await expect(page.getByText('0:02')).toBeVisible({ timeout: 15_000 })
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: 'Listen before you send' })).toBeVisible()
    await page.getByRole('button', { name: 'Send', exact: true }).press('Enter')
    await expect(page).toHaveURL(/\/contacts\/profile\//)
    await expect(page.getByRole('heading', { level: 1, name: /Bob Keys/ })).toBeFocused()
  })
})

/** The focused element can be seen: the point at its centre hits it, not a bar drawn over it. */
const focusedInSight = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null
    if (!active || active === document.body) return 'nothing focused'
    const box = active.getBoundingClientRect()
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
    const name = active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40)
    return hit && (active === hit || active.contains(hit))
      ? 'in sight'
      : `${name} is under ${hit?.closest('[data-slot]')?.getAttribute('data-slot') ?? hit?.tagName}`
  })

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`every control reached by Tab in a conversation is in sight, not under a fixed bar, at ${viewport.width} px`, async ({
    insertUser,
    signedInPage,
    connect,
  }) => {
    test.setTimeout(120_000)
    const ada = await insertUser({ name: 'Ada Tabs' })
    const bob = await insertUser({ name: 'Bob Tabs' })
    const adaToBob = await connect(ada, bob)
    const adaPage = await signedInPage(ada)
    const bobPage = await signedInPage(bob)
    const bobContact = await contactIdOf(bobPage.request, 'Ada Tabs')
    // alternating, as a conversation goes (three unanswered messages is the limit)
    for (let i = 0; i < 5; i++) {
      if (i % 2 === 0) await sendRecording(bobPage.request, bobContact, tone(2, 330 + i * 40))
      else await sendRecording(adaPage.request, adaToBob, tone(2, 330 + i * 40))
    }

    await adaPage.setViewportSize(viewport)
    await adaPage.goto(`/contacts/${adaToBob}`)
    await expect(adaPage.locator('[data-slot=message-card]')).toHaveCount(5)
    // from the top of the page down through every message's controls to the composer
    await adaPage.evaluate(() => window.scrollTo(0, 0))
    await adaPage.locator('body').focus()
    let stops = 0
    for (; stops < 80; stops++) {
      await adaPage.keyboard.press('Tab')
      const sight = await focusedInSight(adaPage)
      // past the last control, focus leaves the page for the browser
      if (sight === 'nothing focused' && stops > 0) break
      expect(sight).toBe('in sight')
    }
    // the walk went through the five messages' controls
    expect(stops).toBeGreaterThan(20)
  })
}
