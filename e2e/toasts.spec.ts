import { expect, test } from './fixtures.ts'
import { seriousAxeViolations } from './support/axe.ts'
import type { Page } from '@playwright/test'

/**
 * The page-wide axe checks wait for toasts to fade, so toasts are checked here, while they are shown: the pointer rests
 * on the toast (which holds it open, as it would for a person reading it) and axe reads the toast alone in each theme.
 */
async function expectToastClean(page: Page, text: string) {
  const toast = page.locator('[data-sonner-toast]', { hasText: text })
  await expect(toast).toBeVisible()
  await toast.hover()
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme })
    await page.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme)
    await expect(page.locator('[data-sonner-toaster]')).toHaveAttribute('data-sonner-theme', theme)
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
    await expect(toast).toBeVisible()
    expect(await seriousAxeViolations(page, { include: '[data-sonner-toaster]' })).toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.evaluate(() => document.documentElement.classList.remove('dark'))
}

test.describe('toasts while they are shown', () => {
  for (const width of [390, 1280]) {
    test(`an error and a success toast pass axe in both themes at ${width} px`, async ({ page, insertUser }) => {
      await page.setViewportSize({ width, height: width < 800 ? 844 : 800 })
      const person = await insertUser()
      await page.goto('/auth')
      await page.getByLabel('Email').fill(person.email)
      await page.getByLabel('Password').fill('not-the-password')
      await page.getByRole('button', { name: 'Sign In' }).click()
      await expectToastClean(page, 'Authentication Error')

      await page.mouse.move(0, 0)
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 })
      await page.getByLabel('Password').fill(person.password)
      await page.getByRole('button', { name: 'Sign In' }).click()
      await expectToastClean(page, 'Welcome back!')
    })
  }
})
