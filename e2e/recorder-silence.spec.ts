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
