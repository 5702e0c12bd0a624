import { eq } from 'drizzle-orm'
import { profiles } from '#server/db/schema.ts'
import { SETTINGS_TEXTS } from '#shared/profile.ts'
import { expect, test } from './fixtures.ts'
import { seriousAxeViolations } from './support/axe.ts'

test.describe('settings: privacy', () => {
  test('the switch lets people find me by my e-mail address, and is kept', async ({ page, insertUser, login, db }) => {
    const person = await insertUser()
    await login(page, person)
    await page.goto('/settings')
    const findable = page.getByRole('switch', { name: SETTINGS_TEXTS.findableByEmailLabel })
    // off by default (decision 37)
    await expect(findable).toHaveAttribute('aria-checked', 'false')
    expect(await seriousAxeViolations(page)).toEqual([])

    await findable.click()
    await expect(findable).toHaveAttribute('aria-checked', 'true')
    await expect.poll(async () => (await db.db.select().from(profiles).where(eq(profiles.id, person.id)))[0]?.findableByEmail).toBe(true)
    await page.reload()
    await expect(page.getByRole('switch', { name: SETTINGS_TEXTS.findableByEmailLabel })).toHaveAttribute('aria-checked', 'true')
    // and in the dark theme too
    await page.evaluate(() => localStorage.setItem('theme', 'dark'))
    await page.reload()
    await expect(page.locator('html')).toHaveClass(/dark/)
    await expect(page.getByRole('switch', { name: SETTINGS_TEXTS.findableByEmailLabel })).toBeVisible()
    expect(await seriousAxeViolations(page)).toEqual([])
  })
})

test.describe('what the served app gives away', () => {
  test('no source maps, and a Permissions-Policy that keeps the microphone to the app', async ({ page, request }) => {
    const response = await page.goto('/')
    expect(response?.headers()['permissions-policy']).toContain('microphone=(self)')
    const scripts = await page.locator('script[src]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('src') ?? ''))
    expect(scripts.length).toBeGreaterThan(0)
    for (const src of scripts) {
      const body = await (await request.get(src)).text()
      expect(body).not.toContain('sourceMappingURL')
      const map = await request.get(`${src}.map`)
      expect(map.headers()['content-type']).not.toContain('json')
    }
  })
})
