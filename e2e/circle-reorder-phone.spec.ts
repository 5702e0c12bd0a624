import type { Page } from '@playwright/test'
import { seriousAxeViolations } from './support/axe.ts'
import { expect, test, type E2EUser } from './fixtures.ts'

// a phone: 390 px wide, a touchscreen (decision 213)
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true })

async function activeNames(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/contacts?status=active')
  return ((await response.json()) as { contacts: { name: string }[] }).contacts.map((c) => c.name)
}

test('on a phone, edit mode reorders with the move buttons and with a long-press drag, saved on the server', async ({
  page,
  insertUser,
  login,
  connect,
}) => {
  const owner = await insertUser()
  for (const name of ['Anna Phone', 'Ben Phone', 'Cleo Phone']) {
    const friend: E2EUser = await insertUser({ name })
    await connect(owner, friend)
  }
  await login(page, owner)
  await page.goto('/')
  await page.getByRole('button', { name: 'Edit contacts' }).click()
  await expect(page.getByText('Press and hold a tile to drag it, or use its arrows.')).toBeVisible()
  await expect(page.getByText('Reorder on a wider screen')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Move Anna Phone earlier' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Move Cleo Phone later' })).toBeDisabled()

  // no serious axe violation in edit mode at 390 px, light and dark
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme })
    await page.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme)
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
    expect({ theme, violations: await seriousAxeViolations(page, { alsoRules: ['label-content-name-mismatch'] }) }).toEqual({
      theme,
      violations: [],
    })
    await page.screenshot({ path: `test-results/screens/home-edit-phone-${theme}-390.png` })
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.evaluate(() => document.documentElement.classList.remove('dark'))

  // the buttons: Cleo one place earlier, said in the live region, focus stays on the pressed button
  const cleoEarlier = page.getByRole('button', { name: 'Move Cleo Phone earlier' })
  await cleoEarlier.click()
  await expect(page.locator('[data-slot="move-announcement"]')).toHaveText('Cleo Phone moved to position 2 of 3.')
  await expect(cleoEarlier).toBeFocused()
  await expect.poll(() => activeNames(page)).toEqual(['Anna Phone', 'Cleo Phone', 'Ben Phone'])
  // with the keyboard: Enter on the focused button moves it again, to the first place; focus goes to Move later
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Move Cleo Phone later' })).toBeFocused()
  await expect.poll(() => activeNames(page)).toEqual(['Cleo Phone', 'Anna Phone', 'Ben Phone'])

  // a finger: press Ben's tile and hold until it is picked up, then slide it onto Cleo's (the first) and lift
  const ben = page.getByRole('button', { name: 'Move Ben Phone', exact: true })
  const cleo = page.getByRole('button', { name: 'Move Cleo Phone', exact: true })
  const from = await ben.boundingBox()
  const to = await cleo.boundingBox()
  if (!from || !to) throw new Error('tile not visible')
  const cdp = await page.context().newCDPSession(page)
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] })
  const start = { x: from.x + from.width / 3, y: from.y + from.height / 2 }
  await touch('touchStart', start.x, start.y)
  // held still: a drag starts after the long press (aria-pressed on the picked-up tile)
  await expect(ben).toHaveAttribute('aria-pressed', 'true')
  const end = { x: to.x + to.width / 3, y: to.y + to.height / 2 }
  for (let step = 1; step <= 12; step++) {
    await touch('touchMove', start.x + ((end.x - start.x) * step) / 12, start.y + ((end.y - start.y) * step) / 12)
  }
  await touch('touchEnd', end.x, end.y)
  await expect.poll(() => activeNames(page)).toEqual(['Ben Phone', 'Cleo Phone', 'Anna Phone'])

  // a quick swipe that starts on a tile does not pick it up (the page may scroll instead)
  const anna = page.getByRole('button', { name: 'Move Anna Phone', exact: true })
  const box = await anna.boundingBox()
  if (!box) throw new Error('tile not visible')
  await touch('touchStart', box.x + 40, box.y + box.height / 2)
  await touch('touchMove', box.x + 40, box.y + box.height / 2 - 60)
  await touch('touchEnd', box.x + 40, box.y + box.height / 2 - 60)
  await expect(anna).not.toHaveAttribute('aria-pressed', 'true')
  expect(await activeNames(page)).toEqual(['Ben Phone', 'Cleo Phone', 'Anna Phone'])

  // the same buttons on a wide screen, in the cards' bottom corners
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(page.getByRole('button', { name: 'Move Ben Phone earlier' })).toBeDisabled()
  expect(await seriousAxeViolations(page)).toEqual([])
  await page.screenshot({ path: 'test-results/screens/home-edit-wide-light-1280.png' })
})
