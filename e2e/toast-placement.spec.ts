import type { Page } from '@playwright/test'
import { insertMessages } from '#server/test/data.ts'
import { expect, makeE2EPerson, test } from './fixtures.ts'
import { fakeMicrophone, recordInvitationMessage, tone } from './support/messages.ts'

// the recorder's and the invitation's takes come from Chromium's fake microphone playing a 4 s tone
test.use({ launchOptions: fakeMicrophone(tone(4, 300, 'wav')) })

/**
 * The controls a toast covers: every enabled button, link, input or slider whose box meets the toast's at a point where,
 * without the toast, a tap would reach it (not where the page's own header or bars stand over it). Read with the
 * toaster hidden for a moment, so that what is under the toast is what the page offers there. `scrolling` leaves out
 * the controls of content that scrolls away (a long conversation's bubbles), where no spot of the screen is free.
 */
async function controlsUnder(page: Page, text: string, { scrolling }: { scrolling?: string } = {}): Promise<string[]> {
  const toast = page.locator('[data-sonner-toast]', { hasText: text })
  await expect(toast).toBeVisible()
  // read where the toast has come to rest, not where it slides in from
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  await expect.poll(async () => (await toast.getAttribute('data-mounted')) === 'true').toBe(true)
  return toast.evaluate((node, scrolling) => {
    const box = node.getBoundingClientRect()
    const toaster = node.closest<HTMLElement>('[data-sonner-toaster]')
    if (toaster) toaster.style.visibility = 'hidden'
    const selector = 'button, a[href], input, select, textarea, [role=button], [role=slider], [role=switch], [role=link], [tabindex="0"]'
    const reaches = (control: HTMLElement, x: number, y: number) => {
      const top = document.elementFromPoint(x, y)
      return top !== null && (control === top || control.contains(top) || top.contains(control))
    }
    const covered = [...document.querySelectorAll<HTMLElement>(selector)].filter((control) => {
      if (control.closest('[data-sonner-toaster]') || control.matches(':disabled, [aria-disabled=true]')) return false
      if (scrolling && control.closest(scrolling)) return false
      const rect = control.getBoundingClientRect()
      if (rect.width < 2 || rect.height < 2) return false
      // the part of the control under the toast, within the window, probed every 2 px
      const left = Math.max(rect.left, box.left, 0)
      const right = Math.min(rect.right, box.right, window.innerWidth)
      const top = Math.max(rect.top, box.top, 0)
      const bottom = Math.min(rect.bottom, box.bottom, window.innerHeight)
      for (let y = top + 1; y < bottom; y += 2) for (let x = left + 1; x < right; x += 2) if (reaches(control, x, y)) return true
      return false
    })
    if (toaster) toaster.style.visibility = ''
    return covered.map((control) => control.getAttribute('aria-label') || control.textContent?.trim() || control.tagName)
  }, scrolling)
}

async function dismissToasts(page: Page) {
  await page.mouse.move(0, 0)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 })
}

test('on a phone, no toast covers a control: sign-up, sign-in, onboarding, a conversation, settings', async ({
  page,
  insertUser,
  connect,
  db,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 390, height: 844 })
  const ada = await insertUser({ name: 'Ada Toasts', onboardingCompleted: false })
  const bob = await insertUser({ name: 'Bob Toasts' })

  // sign-up: the card asks to confirm the address under 'Welcome to Hearth!'
  await page.goto('/auth')
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click()
  const newcomer = makeE2EPerson('toasted')
  await page.getByLabel('Full name').fill(newcomer.name)
  await page.getByLabel('Email').fill(newcomer.email)
  await page.getByLabel('Password').fill(newcomer.password)
  await page.getByRole('button', { name: 'Sign Up' }).click()
  expect(await controlsUnder(page, 'Welcome to Hearth!')).toEqual([])
  await dismissToasts(page)

  // sign-in: a wrong password, then the right one
  await page.goto('/auth')
  await page.getByLabel('Email').fill(ada.email)
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Sign In' }).click()
  expect(await controlsUnder(page, 'Authentication Error')).toEqual([])
  await dismissToasts(page)
  await page.getByLabel('Password').fill(ada.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  // onboarding opens under the greeting: Get Started and Skip for now stay free to tap
  await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible()
  expect(await controlsUnder(page, 'Welcome back!')).toEqual([])
  await page.getByRole('button', { name: 'Get Started' }).click()
  await page.getByRole('textbox').first().fill('Ada Toasts')
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('button', { name: 'Skip for now' }).click()
  await page.getByRole('button', { name: 'Skip for now' }).click()
  await page.getByRole('button', { name: /start using hearth/i }).click()
  await expect(page.getByRole('link', { name: /add friend/i })).toBeVisible()

  const adaToBob = await connect(ada, bob)

  // a conversation full of bubbles: a message whose audio cannot be fetched says it is out of reach, in a toast
  const start = Date.now() - 30 * 60_000
  await insertMessages(
    db.db,
    Array.from({ length: 8 }, (_, i) => ({
      senderId: i % 2 === 0 ? ada.id : bob.id,
      receiverId: i % 2 === 0 ? bob.id : ada.id,
      transcription: 'A short note about the weekend and the walk by the river.',
      createdAt: new Date(start + i * 60_000),
    })),
  )
  await page.goto(`/contacts/${adaToBob}`)
  const cards = page.locator('[data-slot=message-card]')
  await expect(cards).toHaveCount(8)
  await cards
    .last()
    .getByRole('button', { name: /^Play message from/ })
    .click()
  // every spot of a full conversation has a bubble's control: the toast stands over the bubbles, which scroll away,
  // never over the composer or the header (decision 209)
  expect(await controlsUnder(page, 'This recording is out of reach for now', { scrolling: '[data-slot=message-card]' })).toEqual([])
  await dismissToasts(page)

  // settings: a switch whose change fails says so in a toast (a change that works shows on the switch alone)
  await page.goto('/settings')
  await page.route('**/api/nudges/settings', (route) =>
    route.request().method() === 'GET' ? route.continue() : route.fulfill({ status: 500, json: { error: 'internal', message: 'x' } }),
  )
  await page.getByRole('switch', { name: 'Nudge me when a relationship goes quiet' }).click()
  expect(await controlsUnder(page, 'Failed to update nudge settings')).toEqual([])
})

// A page scrolled away from its top, controls at both edges of the screen: home in edit mode, scrolled to the last
// tile by the Undo of its archiving. The toast finds a spot between them (decision 209).
for (const width of [390]) {
  test(`at ${width} px, a toast on a scrolled page covers no control: home's 'Contact unarchived'`, async ({
    page,
    insertUser,
    connect,
    login,
  }) => {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 800 })
    const owner = await insertUser({ name: 'Ada Scrolled' })
    for (const name of ['Bo', 'Cy', 'Di', 'Ed', 'Fay', 'Gus', 'Hal', 'Ivy'])
      await connect(owner, await insertUser({ name: `${name} Scrolled` }))
    await login(page, owner)
    await page.goto('/')
    await page.getByRole('button', { name: 'Edit contacts' }).click()
    const archive = page.getByRole('button', { name: 'Archive Ivy Scrolled' })
    await archive.click()
    await page.getByRole('button', { name: 'Undo archiving Ivy Scrolled' }).click()
    await expect(page.getByRole('button', { name: 'Archive Ivy Scrolled' })).toBeFocused()
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    expect(await controlsUnder(page, 'Contact unarchived')).toEqual([])
  })
}

test("on a phone, no toast covers a control: 'Invitation Sent', the recorder's 'Upload Failed' and 'Message sent' told on home", async ({
  insertUser,
  connect,
  signedInPage,
}) => {
  test.setTimeout(90_000)
  const ada = await insertUser({ name: 'Ada Recorded' })
  const bob = await insertUser({ name: 'Bob Recorded' })
  const adaToBob = await connect(ada, bob)
  const page = await signedInPage(ada, { viewport: { width: 390, height: 844 } })

  await page.goto('/contacts/add/email')
  await page.getByLabel('Their e-mail').fill(makeE2EPerson('toast-invitee').email)
  await page.getByRole('button', { name: 'Next' }).click()
  await recordInvitationMessage(page)
  await page.getByRole('button', { name: 'Send invitation' }).click()
  expect(await controlsUnder(page, 'Invitation Sent')).toEqual([])
  await dismissToasts(page)

  // the connection drops during the upload: after its attempts the record page says so, then the take goes
  await page.goto(`/record/${adaToBob}`)
  await page.getByRole('button', { name: "I'm ready to record" }).click()
  await expect(page.getByRole('timer')).toHaveText('0:02', { timeout: 15_000 })
  await page.getByRole('button', { name: 'Tap to stop' }).click()
  await page.route('**/api/audio', (route) => route.abort('internetdisconnected'))
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  expect(await controlsUnder(page, 'Upload Failed')).toEqual([])
  await dismissToasts(page)
  await page.unroute('**/api/audio')
  // the kept take goes while the person is on home, which does not show it: a toast tells them (decision 209)
  await page.goto('/')
  expect(await controlsUnder(page, 'Message sent')).toEqual([])
  await page.context().close()
})

/** The boxes of the screen's visible controls, by name, to compare before and while a toast shows. */
async function controlBoxes(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const boxes: Record<string, string> = {}
    for (const control of document.querySelectorAll<HTMLElement>('button, a[href], input, [role=switch]')) {
      if (control.closest('[data-sonner-toaster]')) continue
      const rect = control.getBoundingClientRect()
      if (rect.width === 0 || rect.height === 0) continue
      const name = control.getAttribute('aria-label') || control.textContent?.trim() || control.getAttribute('name') || control.tagName
      boxes[name] = [rect.x, rect.y, rect.width, rect.height].map((n) => n.toFixed(1)).join(',')
    }
    return boxes
  })
}

for (const width of [390, 1280]) {
  test(`at ${width} px a toast moves nothing and covers no control: sign-in's error, onboarding's greeting`, async ({
    page,
    insertUser,
  }, testInfo) => {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 800 })
    const ada = await insertUser({ name: 'Ada Still', onboardingCompleted: false })
    await page.goto('/auth')
    await page.getByLabel('Email').fill(ada.email)
    await page.getByLabel('Password').fill('not-the-password')
    const signIn = page.getByRole('button', { name: 'Sign In' })
    const before = await signIn.boundingBox()
    const boxes = await controlBoxes(page)
    await signIn.click()
    expect(await controlsUnder(page, 'Authentication Error')).toEqual([])
    // nothing moved: not the button under the finger, not any other control
    expect(await signIn.boundingBox()).toEqual(before)
    expect(await controlBoxes(page)).toEqual(boxes)
    // fixed over the page, out of its flow
    await expect(page.locator('[data-sonner-toaster]')).toHaveCSS('position', 'fixed')
    await page.screenshot({ path: testInfo.outputPath(`toast-sign-in-${width}.png`) })
    await dismissToasts(page)

    // onboarding opens under 'Welcome back!': Sign out, Theme, Get Started and Skip stay free to tap
    await page.getByLabel('Password').fill(ada.password)
    await signIn.click()
    await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible()
    expect(await controlsUnder(page, 'Welcome back!')).toEqual([])
    await page.screenshot({ path: testInfo.outputPath(`toast-onboarding-${width}.png`) })
  })
}
