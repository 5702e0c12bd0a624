import { ADMIN_TEXTS } from '#shared/admin.ts'
import { setHearthOwner } from '#server/test/data.ts'
import { storeSignUpMode } from '#server/modules/admin/admin.queries.ts'
import { expect, test } from './fixtures.ts'
import { seriousAxeViolations } from './support/axe.ts'

// This spec closes sign-up for the whole server, so it runs in a project of its own, after every other spec
// (playwright.config.ts): their sign-ups need the default, open.
test.use({ viewport: { width: 390, height: 844 } })

test('the owner takes people by invitation only, and the landing says so', async ({ page, browser, baseURL, insertUser, login, db }) => {
  const owner = await insertUser({ name: 'Olive Owner' })
  await setHearthOwner(db.db, owner.id)
  try {
    await login(page, owner)
    await page.goto('/settings')
    await page.getByRole('link', { name: ADMIN_TEXTS.entryLink }).click()
    await expect(page.getByRole('heading', { name: ADMIN_TEXTS.pageTitle })).toBeVisible()
    await expect(page.getByRole('list', { name: ADMIN_TEXTS.accountsTitle })).toContainText(owner.email)
    expect(await seriousAxeViolations(page)).toEqual([])

    const invitationOnly = page.getByRole('switch', { name: ADMIN_TEXTS.signUpInvitation })
    await expect(invitationOnly).toHaveAttribute('aria-checked', 'false')
    await invitationOnly.click()
    await expect(invitationOnly).toHaveAttribute('aria-checked', 'true')
    await expect(page.getByRole('list', { name: ADMIN_TEXTS.auditTitle })).toContainText('Olive Owner made sign-up by invitation only')

    await page.evaluate(() => localStorage.setItem('theme', 'dark'))
    await page.reload()
    await expect(page.locator('html')).toHaveClass(/dark/)
    await expect(page.getByRole('switch', { name: ADMIN_TEXTS.signUpInvitation })).toHaveAttribute('aria-checked', 'true')
    expect(await seriousAxeViolations(page)).toEqual([])

    // a visitor's browser: the landing's card offers no sign-up, and says how to join
    const visitor = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } })
    const landing = await visitor.newPage()
    await landing.goto('/')
    expect(await (await landing.request.get('/api/config')).json()).toMatchObject({ signUpMode: 'invitation' })
    await expect(landing.getByText(ADMIN_TEXTS.invitationOnlyDescription)).toBeVisible()
    await expect(landing.getByRole('button', { name: "Don't have an account? Sign up" })).toHaveCount(0)
    await visitor.close()
  } finally {
    await storeSignUpMode(db.db, 'open')
  }
})
