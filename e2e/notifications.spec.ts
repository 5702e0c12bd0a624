import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { NOTIFICATION_TEXTS, PUSH_TEXTS } from '#shared/notifications-texts.ts'
import { expect, test } from './fixtures.ts'
import { seriousAxeViolations } from './support/axe.ts'

/** Blocks notifications for the page's own browser context (Playwright grants, but cannot deny). */
async function denyNotifications(page: Page, origin: string | undefined) {
  const cdp = await page.context().newCDPSession(page)
  const { targetInfo } = (await cdp.send('Target.getTargetInfo')) as { targetInfo: { browserContextId: string } }
  await cdp.send('Browser.setPermission', {
    permission: { name: 'notifications' },
    setting: 'denied',
    origin,
    browserContextId: targetInfo.browserContextId,
  })
}

/** Waits until the service worker controls the page (it claims open pages once it is active). */
async function serviceWorkerReady(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return registration.scope
  })
}

test.describe('installable app', () => {
  test('the service worker registers and the manifest is installable, with no installability errors', async ({
    playwright,
    launchOptions,
    baseURL,
  }) => {
    // Chromium never offers installing from an incognito profile, which a normal test context is: a real profile here
    const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-install-'))
    const context = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, baseURL })
    const page = await context.newPage()
    await page.goto('/')
    expect(await serviceWorkerReady(page)).toBe(`${baseURL}/`)
    const cdp = await page.context().newCDPSession(page)
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] }
    expect(manifest.url).toBe(`${baseURL}/manifest.webmanifest`)
    expect(manifest.errors).toEqual([])
    await expect
      .poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors)
      .toEqual([])
  })

  test('opens to a calm "You\'re offline" page without a connection, and never serves the API from a cache', async ({ page, context }) => {
    await page.goto('/')
    await serviceWorkerReady(page)
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
    await context.setOffline(true)
    await page.goto('/settings')
    await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible()
    expect(await seriousAxeViolations(page)).toEqual([])
    const api = await page.evaluate(() =>
      fetch('/api/health').then(
        () => 'answered',
        () => 'network error',
      ),
    )
    expect(api).toBe('network error')
    await context.setOffline(false)
  })
})

test.describe('the service worker shows pushes', () => {
  test('a push becomes a notification with its title, text and the message to open', async ({ insertUser, signedInPage, baseURL }) => {
    const page = await signedInPage(await insertUser(), { permissions: ['notifications'] })
    await page.goto('/')
    await serviceWorkerReady(page)
    const cdp = await page.context().newCDPSession(page)
    const registrations: { registrationId: string; scopeURL: string }[] = []
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; scopeURL: string }[] }) =>
      registrations.push(...event.registrations),
    )
    await cdp.send('ServiceWorker.enable')
    await expect.poll(() => registrations.some((r) => r.scopeURL === `${baseURL}/`)).toBe(true)
    const registration = registrations.find((r) => r.scopeURL === `${baseURL}/`)
    const payload = { title: 'New voice message from Ada', body: 'Tap to listen', url: '/playback/abc', tag: 'message-abc' }
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL ?? '',
      registrationId: registration?.registrationId ?? '',
      data: JSON.stringify(payload),
    })
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            data: n.data as unknown,
          })),
        ),
      )
      .toEqual([{ title: payload.title, body: payload.body, data: { url: '/playback/abc' } }])
  })
})

test.describe('home: the enable-notifications banner', () => {
  test('shows while undecided; Later and the close button dismiss it for good', async ({ insertUser, signedInPage }) => {
    const page = await signedInPage(await insertUser())
    await page.goto('/')
    const banner = page.getByRole('region', { name: PUSH_TEXTS.bannerTitle })
    await expect(banner).toBeVisible()
    expect(await seriousAxeViolations(page)).toEqual([])
    await banner.getByRole('button', { name: PUSH_TEXTS.later }).click()
    await expect(banner).toBeHidden()
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Your circle' })).toBeVisible()
    await expect(banner).toBeHidden()

    const other = await signedInPage(await insertUser())
    await other.goto('/')
    const again = other.getByRole('region', { name: PUSH_TEXTS.bannerTitle })
    await again.getByRole('button', { name: PUSH_TEXTS.bannerClose }).click()
    await expect(again).toBeHidden()
    await other.reload()
    await expect(other.getByRole('heading', { name: 'Your circle' })).toBeVisible()
    await expect(again).toBeHidden()
  })

  test('is there with the first tiles, so that its arrival never moves the circle under a tap', async ({ insertUser, signedInPage }) => {
    // a fresh browser: its service worker is still installing, which the banner must not wait for
    const page = await signedInPage(await insertUser())
    await page.goto('/')
    const heading = page.getByRole('heading', { name: 'Your circle' })
    const banner = page.getByRole('region', { name: PUSH_TEXTS.bannerTitle })
    await expect(page.getByRole('link', { name: 'Add Friend' })).toBeVisible()
    const first = await heading.boundingBox()
    expect(await banner.isVisible()).toBe(true)
    // nothing that arrives later may move the heading (and the tiles under it)
    await page.waitForTimeout(2_000)
    await expect(banner).toBeVisible()
    expect((await heading.boundingBox())?.y).toBe(first?.y)
  })

  test('is not shown once notifications are granted or denied', async ({ insertUser, signedInPage, baseURL }) => {
    const granted = await signedInPage(await insertUser(), { permissions: ['notifications'] })
    await granted.goto('/')
    await expect(granted.getByRole('heading', { name: 'Your circle' })).toBeVisible()
    await serviceWorkerReady(granted)
    await expect(granted.getByRole('region', { name: PUSH_TEXTS.bannerTitle })).toBeHidden()

    const denied = await signedInPage(await insertUser())
    await denyNotifications(denied, baseURL)
    await denied.goto('/')
    await expect(denied.getByRole('heading', { name: 'Your circle' })).toBeVisible()
    await serviceWorkerReady(denied)
    await expect(denied.getByRole('region', { name: PUSH_TEXTS.bannerTitle })).toBeHidden()
  })
})

test.describe('settings: notifications', () => {
  test("the email switch shows what changed, without a toast; push shows this device's state", async ({ insertUser, signedInPage }) => {
    const page = await signedInPage(await insertUser())
    await page.goto('/settings')
    const email = page.getByRole('switch', { name: NOTIFICATION_TEXTS.emailLabel })
    await expect(email).toHaveAttribute('aria-checked', 'true')
    await expect(page.locator('[data-slot="push-state"]')).toHaveText('Off for this device.')
    expect(await seriousAxeViolations(page)).toEqual([])
    await email.click()
    await expect(email).toHaveAttribute('aria-checked', 'false')
    await page.reload()
    await expect(email).toHaveAttribute('aria-checked', 'false')
    await email.click()
    await expect(email).toHaveAttribute('aria-checked', 'true')
    // the switch itself says what changed: no toast repeats it (decision 209)
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
    await expect(page.getByRole('button', { name: PUSH_TEXTS.enable })).toBeEnabled()
  })

  test('with notifications blocked, settings says so and offers no Enable', async ({ insertUser, signedInPage, baseURL }) => {
    const page = await signedInPage(await insertUser())
    await denyNotifications(page, baseURL)
    await page.goto('/settings')
    await expect(page.locator('[data-slot="push-state"]')).toHaveText(PUSH_TEXTS.blockedHint)
    await expect(page.getByRole('button', { name: PUSH_TEXTS.enable })).toHaveCount(0)
  })
})
