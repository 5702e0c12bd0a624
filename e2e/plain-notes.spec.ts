import { eq } from 'drizzle-orm'
import { hearthSettings } from '#server/db/schema.ts'
import { insertMessages, setHearthOwner } from '#server/test/data.ts'
import { ADMIN_TEXTS, type AdminOverview } from '#shared/admin.ts'
import { DISK_TEXTS } from '#shared/disk.ts'
import { SPEECH_TEXTS } from '#shared/speech.ts'
import { expect, test } from './fixtures.ts'
import { expectNoSeriousAxeInBothThemes } from './support/axe.ts'

// What the app says plainly (decisions 210 and 211): the e2e server runs the basic offline engine (pocketsphinx).
// Both tests make one of their people the server's owner: one at a time, and the owner before is put back after.
test.describe.configure({ mode: 'serial' })

let ownerBefore: string | null = null
test.beforeEach(async ({ db }) => {
  const [row] = await db.db.select({ ownerId: hearthSettings.ownerId }).from(hearthSettings).where(eq(hearthSettings.id, 1))
  ownerBefore = row?.ownerId ?? null
})
test.afterEach(async ({ db }) => {
  await db.db.update(hearthSettings).set({ ownerId: ownerBefore }).where(eq(hearthSettings.id, 1))
})

test("the owner's page and the playback screen say the basic offline engine's transcripts may be rough, and the owner's page that the disk is low", async ({
  insertUser,
  connect,
  signedInPage,
  db,
}) => {
  const owner = await insertUser({ name: 'Olga Owner' })
  await setHearthOwner(db.db, owner.id)
  const friend = await insertUser({ name: 'Finn Friend' })
  await connect(owner, friend)
  const [message] = await insertMessages(db.db, [
    {
      senderId: friend.id,
      receiverId: owner.id,
      transcription: 'do you really we you look awfully on on that',
      transcriptEngine: 'pocketsphinx',
      transcriptConfidence: 0.42,
    },
  ])
  const page = await signedInPage(owner, { viewport: { width: 390, height: 844 } })

  await page.goto('/settings/people')
  const note = page.locator('[data-slot=speech-engine-note]')
  await expect(note).toContainText(SPEECH_TEXTS.basicEngine)
  await expect(note).toContainText('npm run models')
  await expectNoSeriousAxeInBothThemes(page, 'people-speech-note', { fullPage: true })

  // the disk (decision 214): nothing while there is room; under the floor, one calm line. The e2e server's disk has
  // room, so the overview it answers is read whole and only its disk part is set under the floor.
  await expect(page.locator('[data-slot=disk-note]')).toHaveCount(0)
  await page.route('**/api/admin', async (route) => {
    const response = await route.fetch()
    const overview = (await response.json()) as AdminOverview
    const floor = 512 * 1024 * 1024
    await route.fulfill({ response, json: { ...overview, disk: { free_bytes: 300 * 1024 * 1024, floor_bytes: floor, low: true } } })
  })
  await page.reload()
  const disk = page.locator('[data-slot=disk-note]')
  await expect(disk).toContainText(DISK_TEXTS.ownerLow('300 MB', '512 MB'))
  await expect(disk).toBeInViewport()
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expectNoSeriousAxeInBothThemes(page, 'people-disk-note', { fullPage: true })
  await page.unroute('**/api/admin')

  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`/playback/${message?.id}`)
  const transcript = page.getByRole('region', { name: 'Transcript' })
  await expect(transcript).toContainText(SPEECH_TEXTS.basicEngine)
  await expectNoSeriousAxeInBothThemes(page, 'playback-basic-engine')
  await page.context().close()
})

test('an open tab signed out because the owner disabled the account says why, in the words sign-in uses', async ({
  insertUser,
  signedInPage,
  db,
  baseURL,
}) => {
  const owner = await insertUser({ name: 'Olga Disables' })
  await setHearthOwner(db.db, owner.id)
  const member = await insertUser({ name: 'Mia Member' })
  const ownerPage = await signedInPage(owner)
  const memberPage = await signedInPage(member, { viewport: { width: 390, height: 844 } })
  await memberPage.goto('/settings')
  await expect(memberPage.getByRole('heading', { level: 1 })).toBeVisible()
  // the live connection is open before the owner acts
  await expect.poll(() => memberPage.evaluate(() => document.readyState)).toBe('complete')
  // the live connection opens after the first paint
  await memberPage.waitForTimeout(1000)

  const disabled = await ownerPage.request.post(`/api/admin/accounts/${member.id}/disable`, { headers: { origin: baseURL ?? '' } })
  expect(disabled.status()).toBe(204)

  await expect(memberPage).toHaveURL(/\/auth\?account_disabled=1/)
  await expect(memberPage.getByRole('status').filter({ hasText: ADMIN_TEXTS.accountDisabled })).toBeVisible()
  await expectNoSeriousAxeInBothThemes(memberPage, 'signed-out-disabled')
  await ownerPage.context().close()
  await memberPage.context().close()
})
