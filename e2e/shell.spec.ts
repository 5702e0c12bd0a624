import type { Page } from '@playwright/test'
import { seriousAxeViolations } from './support/axe.ts'
import { expect, test } from './fixtures.ts'

/**
 * Every console error of `page` from now on, uncaught errors, and Content-Security-Policy violations (Chromium does
 * not print every one of them, e.g. a refused `new Function` that the page catches, so the page reports them).
 */
async function consoleErrorsOf(page: Page): Promise<string[]> {
  const errors: string[] = []
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} (${event.blockedURI}) at ${event.sourceFile}:${event.lineNumber}`),
    ),
  )
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

test.describe('web shell', () => {
  test('the landing page shows the hero, the feature tiles and the sign-in card', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Voice messages that matter' })).toBeVisible()
    for (const tile of ['Voice-first messaging', 'Private by design', 'Asynchronous & calm', 'Thoughtful features']) {
      await expect(page.getByText(tile, { exact: true })).toBeVisible()
    }
    await expect(page.getByText('Trusted by small circles')).toBeVisible()
    await expect(page.getByText(String(new Date().getFullYear()))).toBeVisible()
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/)
    expect(await seriousAxeViolations(page)).toEqual([])
  })

  test('the landing and a signed-in home load without a console error or CSP violation', async ({ page, insertUser, login }) => {
    const errors = await consoleErrorsOf(page)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Voice messages that matter' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(errors).toEqual([])

    await login(page, await insertUser())
    await page.goto('/')
    await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(errors).toEqual([])
  })

  test('the landing card switches to sign-up once the app has taken over', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click()
    await expect(page.getByRole('button', { name: 'Sign Up' })).toBeVisible()
    await expect(page.getByLabel('Full name')).toBeVisible()
  })

  test('/auth has no serious accessibility violation', async ({ page }) => {
    await page.goto('/auth')
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
    expect(await seriousAxeViolations(page)).toEqual([])
  })

  test('signed-in routes send a visitor without a session to /', async ({ page }) => {
    await page.goto('/settings')
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { name: 'Voice messages that matter' })).toBeVisible()
  })

  test('an unknown path shows the not-found screen with a way home', async ({ page }) => {
    await page.goto('/no/such/page')
    await expect(page.getByText('Oops! Page not found')).toBeVisible()
    await page.getByRole('link', { name: /home/i }).click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('settings signs out and returns to the landing page', async ({ page, insertUser, login }) => {
    const person = await insertUser()
    await login(page, person)
    await page.goto('/')
    await page.getByRole('link', { name: 'Settings' }).click()
    await expect(page).toHaveURL(/\/settings$/)
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Voice messages that matter' })).toBeVisible()
    await page.goto('/settings')
    await expect(page).toHaveURL(/\/$/)
  })

  test('the theme choice is kept and applied before the first paint', async ({ page }) => {
    await page.goto('/')
    await page.evaluate(() => localStorage.setItem('theme', 'dark'))
    await page.reload()
    await expect(page.locator('html')).toHaveClass(/dark/)
  })
})

test.describe('the prerendered landing', () => {
  // page.route cannot see what a service worker fetches, and the landing registers one: this test watches the
  // app's scripts, so its page runs without service workers
  test.use({ serviceWorkers: 'block' })

  test('the landing is plain HTML until used; what a visitor typed and clicked before the app arrived signs them in', async ({
    page,
    insertUser,
  }) => {
    const person = await insertUser()
    const appScripts: string[] = []
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    // the app's scripts are held back until the visitor has typed and pressed Sign In
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      appScripts.push(route.request().url())
      await held
      await route.continue()
    })
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Voice messages that matter' })).toBeVisible()
    await expect(page).toHaveTitle('Hearth - Voice-first private messaging for your closest people')
    expect(appScripts).toEqual([])

    await page.getByLabel('Email').fill(person.email)
    await page.getByLabel('Password').fill(person.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    expect(appScripts.length).toBeGreaterThan(0)
    release()
    await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible()
  })
})
