import fs from 'node:fs'
import { eq } from 'drizzle-orm'
import { profiles, user } from '#server/db/schema.ts'
import { speechFixtureOrSpoken } from '#server/test/speech-fixtures.ts'
import { SETTINGS_TEXTS } from '#shared/profile.ts'
import { expect, test } from './fixtures.ts'
import { seriousAxeViolations } from './support/axe.ts'
import { fakeMicrophone, tone } from './support/messages.ts'

// The fake microphone says a sentence the offline engine can read, so the transcript really arrives; without
// pocketsphinx the welcome test still records and saves, and sees 'Transcription not available' instead.
const SENTENCE = "Hey! I really miss you. Let's grab coffee on Sunday and talk about your new job. I am so excited for you."
const pocketsphinxInstalled = fs.existsSync('/usr/bin/pocketsphinx_continuous')
const spoken = pocketsphinxInstalled ? speechFixtureOrSpoken('coffee-sunday.wav', SENTENCE) : null
test.use({ launchOptions: fakeMicrophone(spoken ?? tone(4, 300, 'wav')) })

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test.describe(`settings at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('changing my name changes the account, and the page passes axe in both themes', async ({ page, insertUser, login, db }) => {
      const person = await insertUser({ name: 'Robin Before' })
      await login(page, person)
      await page.goto('/settings')
      await expect(page.getByRole('link', { name: 'Preview Public Profile' })).toHaveAttribute('href', `/u/${person.id}`)
      const name = page.getByRole('textbox', { name: SETTINGS_TEXTS.nameLabel })
      await expect(name).toHaveValue('Robin Before')

      await name.fill('   ')
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await expect(page.getByRole('alert').filter({ hasText: 'Name must not be empty' })).toBeVisible()
      await expect(name).toHaveAttribute('aria-invalid', 'true')

      await name.fill('Robin After')
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await expect(page.getByText(SETTINGS_TEXTS.profileUpdated)).toBeVisible()
      await expect.poll(async () => (await db.db.select().from(user).where(eq(user.id, person.id)))[0]?.name).toBe('Robin After')
      await expect.poll(async () => (await db.db.select().from(profiles).where(eq(profiles.id, person.id)))[0]?.name).toBe('Robin After')
      await page.reload()
      await expect(page.getByRole('textbox', { name: SETTINGS_TEXTS.nameLabel })).toHaveValue('Robin After')
      expect(await seriousAxeViolations(page)).toEqual([])
      await page.screenshot({ path: `test-results/settings-${viewport.width}-light.png`, fullPage: true })

      await page.evaluate(() => localStorage.setItem('theme', 'dark'))
      await page.reload()
      await expect(page.locator('html')).toHaveClass(/dark/)
      await expect(page.getByRole('textbox', { name: SETTINGS_TEXTS.nameLabel })).toBeVisible()
      expect(await seriousAxeViolations(page)).toEqual([])
      await page.screenshot({ path: `test-results/settings-${viewport.width}-dark.png`, fullPage: true })
    })

    test('record, save and re-record my welcome message; its transcript arrives', async ({ page, insertUser, login, db }) => {
      test.setTimeout(150_000)
      const person = await insertUser({ name: 'Robin Welcome Settings' })
      await login(page, person)
      await page.goto('/settings')
      const section = page.locator('[data-slot="card"]').filter({ hasText: SETTINGS_TEXTS.welcomeTitle })

      // idle, recording with its timer, preview with Discard: nothing stored
      await section.getByRole('button', { name: 'Record your welcome message' }).click()
      await expect(section.getByText('0:02')).toBeVisible({ timeout: 15_000 })
      await section.getByRole('button', { name: 'Tap to stop' }).click()
      await section.getByRole('button', { name: 'Discard' }).click()
      await expect(section.getByRole('button', { name: 'Record your welcome message' })).toBeVisible()

      // record again and save
      await section.getByRole('button', { name: 'Record your welcome message' }).click()
      await expect(section.getByText('0:03')).toBeVisible({ timeout: 15_000 })
      await section.getByRole('button', { name: 'Tap to stop' }).click()
      await section.getByRole('button', { name: 'Save' }).click()
      await expect(page.getByText(SETTINGS_TEXTS.welcomeSaved, { exact: true })).toBeVisible()
      await expect(section.getByRole('button', { name: 'Play welcome message from you' })).toBeVisible()
      const first = (await db.db.select().from(profiles).where(eq(profiles.id, person.id)))[0]?.welcomeAudioKey
      expect(first).toBeTruthy()
      if (spoken) {
        await expect(section.locator('[data-slot="welcome-transcript"]')).toContainText(/excited|job|really|miss|coffee|sunday/i, {
          timeout: 90_000,
        })
      } else {
        await expect(section.getByText(/Processing transcription\.\.\.|Transcription not available/)).toBeVisible()
      }

      // re-record replaces it
      await section.getByRole('button', { name: 'Re-record' }).click()
      await section.getByRole('button', { name: 'Record your welcome message' }).click()
      await expect(section.getByText('0:02')).toBeVisible({ timeout: 15_000 })
      await section.getByRole('button', { name: 'Tap to stop' }).click()
      await section.getByRole('button', { name: 'Save' }).click()
      await expect(section.getByRole('button', { name: 'Play welcome message from you' })).toBeVisible()
      await expect
        .poll(async () => (await db.db.select().from(profiles).where(eq(profiles.id, person.id)))[0]?.welcomeAudioKey)
        .not.toBe(first)
      // once the toasts are gone: one still fading in is measured half-transparent
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
      expect(await seriousAxeViolations(page)).toEqual([])
    })
  })
}

test.describe('settings: account', () => {
  test.use({ viewport: { width: 1280, height: 900 } })

  test('devices, signing out everywhere else, changing the password and deleting the account', async ({ insertUser, signedInPage, db }) => {
    const person = await insertUser({ name: 'Robin Account' })
    const phone = await signedInPage(person)
    const page = await signedInPage(person)
    await page.goto('/settings')
    const devices = page.getByRole('list', { name: 'Signed-in devices' })
    await expect(devices.getByRole('listitem')).toHaveCount(2)
    await expect(devices.getByText('This device')).toBeVisible()
    // before any toast: one still fading in is measured half-transparent
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: 'test-results/settings-account-1280.png', fullPage: true })
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click()
    await expect(page.getByText('Signed out everywhere else')).toBeVisible()
    await expect(devices.getByRole('listitem')).toHaveCount(1)
    expect((await phone.request.get('/api/profile')).status()).toBe(401)

    await page.getByLabel('Current password', { exact: true }).fill('not-my-password')
    await page.getByLabel('New password', { exact: true }).fill('a-new-secret-9')
    await page.getByLabel('Confirm new password').fill('a-new-secret-9')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByText('Your current password is not correct')).toBeVisible()
    await page.getByLabel('Current password', { exact: true }).fill(person.password)
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByText('Password changed', { exact: true })).toBeVisible()

    const remove = page.getByRole('button', { name: 'Delete my account' })
    await expect(remove).toBeDisabled()
    await page.getByLabel('Type DELETE to confirm').fill('DELETE')
    await remove.click()
    await expect(page).toHaveURL(/\/account-deleted$/)
    await expect.poll(async () => (await db.db.select().from(user).where(eq(user.id, person.id))).length).toBe(0)
    await phone.context().close()
    await page.context().close()
  })
})
