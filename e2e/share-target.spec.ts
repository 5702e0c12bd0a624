import fs from 'node:fs'
import { and, eq } from 'drizzle-orm'
import type { Page } from '@playwright/test'
import { audioMessages } from '#server/db/schema.ts'
import { expect, test } from './fixtures.ts'
import { expectNoSeriousAxeInBothThemes } from './support/axe.ts'
import { tone } from './support/messages.ts'

// Sharing a recording into Hearth (decision 142): the phone's share sheet posts a multipart form to the manifest's
// share target. These tests post the same form from a page, as a navigation, which is what the share sheet does.

/** Posts `file` to /share the way a share sheet does: a multipart form navigation with the file under `audio`. */
async function shareFile(page: Page, file: { name: string; type: string; bytes: Buffer }) {
  await page.evaluate(
    ({ name, type, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const form = document.createElement('form')
      form.method = 'POST'
      form.action = '/share'
      form.enctype = 'multipart/form-data'
      const input = document.createElement('input')
      input.type = 'file'
      input.name = 'audio'
      const transfer = new DataTransfer()
      transfer.items.add(new File([bytes], name, { type }))
      input.files = transfer.files
      form.append(input)
      document.body.append(form)
      form.submit()
    },
    { name: file.name, type: file.type, base64: file.bytes.toString('base64') },
  )
}

/** Waits until the service worker controls the page (it claims open pages once it is active). */
async function serviceWorkerControls(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
}

const phone = { viewport: { width: 390, height: 844 } }

test('a shared recording becomes a take for the person chosen, sent like any other, and arrives', async ({
  insertUser,
  signedInPage,
  connect,
  db,
}) => {
  test.setTimeout(120_000)
  const ada = await insertUser({ name: 'Ada Shared' })
  const cy = await insertUser({ name: 'Cy Sharer' })
  await connect(ada, cy)
  const page = await signedInPage(cy, phone)
  await page.goto('/')
  await serviceWorkerControls(page)

  await shareFile(page, { name: 'voice-note.webm', type: 'audio/webm', bytes: fs.readFileSync(tone(3, 392)) })
  await expect(page).toHaveURL(/\/share$/)
  await expect(page.getByRole('heading', { name: 'Share a recording' })).toBeVisible()
  await expect(page.getByText('voice-note.webm')).toBeVisible()
  await expect(page.getByText('Who would you like to send this recording to?')).toBeVisible()
  const circle = page.getByRole('list', { name: 'Your circle' })
  await expect(circle.getByRole('button', { name: /Ada Shared/ })).toBeVisible()
  await expectNoSeriousAxeInBothThemes(page, 'share-pick', { reducedMotion: true })

  await circle.getByRole('button', { name: /Ada Shared/ }).click()
  await expect(page).toHaveURL(/\/contacts\/[0-9a-f-]+$/)
  const take = page.getByRole('listitem', { name: /^Unsent message to Ada Shared/ })
  await expect(take).toBeVisible()
  await take.getByRole('button', { name: 'Send' }).click()

  // it went through the server's rules like any take, and Ada has it
  await expect
    .poll(async () => {
      const rows = await db.db
        .select({ id: audioMessages.id })
        .from(audioMessages)
        .where(and(eq(audioMessages.senderId, cy.id), eq(audioMessages.receiverId, ada.id)))
      return rows.length
    })
    .toBe(1)
  const adaPage = await signedInPage(ada, phone)
  await adaPage.goto('/')
  await expect(adaPage.getByRole('button', { name: /^Play all new/ })).toContainText('1')

  // the shared file was used once: /share has nothing waiting any more
  await page.goto('/share')
  await expect(page.getByText('Nothing was shared.', { exact: false })).toBeVisible()

  await adaPage.context().close()
  await page.context().close()
})

test('a file that is not audio is refused with a clear message, and nothing is kept', async ({ insertUser, signedInPage }) => {
  const cy = await insertUser({ name: 'Cy Refused' })
  const page = await signedInPage(cy, phone)
  await page.goto('/')
  await serviceWorkerControls(page)

  await shareFile(page, { name: 'list.txt', type: 'text/plain', bytes: Buffer.from('milk, bread') })
  await expect(page.getByRole('alert')).toContainText('This file is not audio that Hearth can play')
  await expectNoSeriousAxeInBothThemes(page, 'share-refused', { reducedMotion: true })

  // named as audio but not playable: the same answer
  await page.goto('/')
  await shareFile(page, { name: 'broken.m4a', type: 'audio/mp4', bytes: Buffer.from('not really a recording') })
  await expect(page.getByRole('alert')).toContainText('This file is not audio that Hearth can play')
  await expect(page.getByRole('list', { name: 'Your circle' })).toHaveCount(0)

  await page.goto('/share')
  await expect(page.getByText('Nothing was shared.', { exact: false })).toBeVisible()
  await page.context().close()
})

test.describe('before Hearth ran on the device', () => {
  test.use({ serviceWorkers: 'block', ...phone })

  test('the post reaches the server, which says to open Hearth once and share again', async ({ page }) => {
    await page.goto('/share/not-ready')
    await shareFile(page, { name: 'voice-note.webm', type: 'audio/webm', bytes: fs.readFileSync(tone(3, 392)) })
    await expect(page.getByRole('heading', { name: 'Open Hearth once, then share again' })).toBeVisible()
    await expect(page).toHaveURL(/\/share\/not-ready$/)
    await expectNoSeriousAxeInBothThemes(page, 'share-not-ready', { reducedMotion: true })
  })
})
