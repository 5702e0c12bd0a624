import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { contactIdOf, sendRecording, tone } from './support/messages.ts'

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

    // edit mode: archiving Cleo by keyboard removes her tile and its button; focus does not fall to the body
    await page.getByRole('button', { name: 'Edit contacts' }).click()
    await page.getByRole('button', { name: 'Archive Cleo Focus' }).press('Enter')
    await expect(page.getByRole('button', { name: 'Archive Cleo Focus' })).toHaveCount(0)
    await expect.poll(() => focused(page)).not.toMatch(/^BODY/)
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
