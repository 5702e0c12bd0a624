import { MESSAGE_TEXTS } from '#shared/messages-texts.ts'
import { expect, test } from './fixtures.ts'
import { fakeMicrophone, silence } from './support/messages.ts'

// A fake microphone that hears nothing, as a muted one does.
test.use({ launchOptions: fakeMicrophone(silence(10)) })

test('a silent microphone is told "We can\'t hear you" and its take is flagged before sending', async ({
  insertUser,
  connect,
  signedInPage,
}) => {
  const ada = await insertUser({ name: 'Ada Muted' })
  const bob = await insertUser({ name: 'Bob Muted' })
  const adaToBob = await connect(ada, bob)
  const page = await signedInPage(ada)
  await page.goto(`/contacts/${adaToBob}`)
  await page.getByRole('button', { name: 'Record a message for Bob Muted' }).click()
  await expect(page.getByRole('status').filter({ hasText: "We can't hear you" })).toBeVisible({ timeout: 10_000 })
  await page.getByRole('button', { name: 'Stop', exact: true }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'This recording sounds silent' })).toBeVisible()
  await page.context().close()
})

test('a silent take sent anyway is refused on upload with the words for silence, and never reaches the other person', async ({
  insertUser,
  connect,
  signedInPage,
}) => {
  const ada = await insertUser({ name: 'Ada Unheard' })
  const bob = await insertUser({ name: 'Bob Unheard' })
  const adaToBob = await connect(ada, bob)
  const page = await signedInPage(ada, { viewport: { width: 390, height: 844 } })
  await page.goto(`/record/${adaToBob}`)
  await page.getByRole('button', { name: "I'm ready to record" }).click()
  await expect(page.getByRole('timer')).toHaveText('0:02', { timeout: 15_000 })
  await page.getByRole('button', { name: 'Tap to stop' }).click()
  const uploaded = page.waitForResponse((response) => response.url().endsWith('/api/audio'))
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  // Chromium's take of a muted microphone is Opus silence: refused before any message carries it (decision 211)
  expect((await uploaded).status()).toBe(400)
  await expect(page.getByText(MESSAGE_TEXTS.silent).first()).toBeVisible()
  // Bob has nothing new from Ada
  const bobPage = await signedInPage(bob)
  const contacts = await bobPage.request.get('/api/contacts?status=active')
  expect(((await contacts.json()) as { contacts: { unread_count: number }[] }).contacts.map((c) => c.unread_count)).not.toContain(1)
  await bobPage.context().close()
  await page.context().close()
})
