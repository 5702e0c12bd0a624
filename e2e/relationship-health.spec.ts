import { expect, test } from './fixtures.ts'
import { expectNoSeriousAxeInBothThemes } from './support/axe.ts'
import { contactIdOf, sendRecording, tone } from './support/messages.ts'

const clip = tone(1, 520)

test('two people exchange messages and watch the health card fill in; "We met" adds a meeting', async ({
  insertUser,
  signedInPage,
  connect,
}) => {
  const ada = await insertUser({ name: 'Ada Health' })
  const bob = await insertUser({ name: 'Bob Health' })
  const adaToBob = await connect(ada, bob)
  const adaPage = await signedInPage(ada)
  const bobPage = await signedInPage(bob)
  const bobToAda = await contactIdOf(bobPage.request, 'Ada Health')

  await adaPage.goto(`/contacts/profile/${adaToBob}`)
  const card = adaPage.getByRole('region', { name: 'Relationship Health' })
  // the left column: who they are, their public profile, and recording for them
  const who = adaPage.getByRole('region', { name: 'Bob Health', exact: true })
  await expect(who.getByRole('status')).toHaveText(/Offline/)
  await expect(who.getByRole('link', { name: 'View public profile' })).toHaveAttribute('href', `/profile/${bob.id}`)
  await expect(adaPage.getByRole('link', { name: 'Record New Message' })).toHaveAttribute('href', `/contacts/${adaToBob}?record=1`)
  // a new relationship starts calmly: no score, no heart, how far it is to a first reading
  await expect(card).toContainText('Just getting started')
  await expect(card.getByRole('progressbar', { name: 'Messages until a first reading' })).toHaveAttribute('aria-valuenow', '0')
  await expect(card.getByRole('progressbar', { name: 'Relationship health' })).toHaveCount(0)
  await expect(card).toContainText('No messages yet. After 6, Hearth can tell how you two are doing.')

  // each message moves the figures, and realtime brings them to the open page
  await sendRecording(adaPage.request, adaToBob, clip)
  await expect(card).toContainText('1 message so far.')
  await expect(card.getByText('The last message was yours.')).toBeVisible()
  await expect(card).not.toContainText('%')
  await expectNoSeriousAxeInBothThemes(adaPage, 'health-starting', { afterToasts: true, fullPage: true })
  await expect(card).toContainText('You sent the last message: give Bob Health a little time to answer.')
  await sendRecording(bobPage.request, bobToAda, clip)
  await expect(card).toContainText('2 messages')
  await expect(card).toContainText('Bob Health sent the last message')

  for (let i = 0; i < 2; i++) {
    await sendRecording(adaPage.request, adaToBob, clip)
    await sendRecording(bobPage.request, bobToAda, clip)
  }
  await expect(card).toContainText('6 messages')
  await expect(card).not.toContainText('Just getting started')
  await expect(card.getByRole('progressbar', { name: 'Relationship health' })).toBeVisible()
  await expect(card.getByText('Of your last 6 messages, you sent 3 and Bob Health sent 3.')).toBeVisible()

  await card.getByRole('button', { name: 'Activity' }).click()
  await expect(card.getByRole('table', { name: 'Messages per week' })).toContainText('6')
  await expect(card).toContainText('6 messages in the last 12 weeks')
  await card.getByRole('button', { name: 'Emotions & Topics' }).click()

  await card.getByRole('button', { name: 'Recent Meetings (0)' }).click()
  await expect(card).toContainText('No meetings in person noted yet.')
  await expectNoSeriousAxeInBothThemes(adaPage, 'health-filled', { afterToasts: true, fullPage: true })

  const before = Number(await card.getByRole('progressbar').getAttribute('aria-valuenow'))
  await card.getByRole('button', { name: 'We met' }).click()
  const dialog = adaPage.getByRole('dialog', { name: 'You met Bob Health' })
  await dialog.getByLabel('Duration in minutes (optional)').fill('45')
  await dialog.getByLabel('Note (optional)').fill('Coffee by the river')
  await expectNoSeriousAxeInBothThemes(adaPage, 'health-we-met', { afterToasts: true, fullPage: true })
  await dialog.getByRole('button', { name: 'Save meeting' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(card.getByRole('button', { name: 'Recent Meetings (1)' })).toBeVisible()
  await expect(card).toContainText('45 min')
  await expect(card).toContainText('Coffee by the river')
  await expect.poll(async () => Number(await card.getByRole('progressbar').getAttribute('aria-valuenow'))).toBe(before + 5)

  await adaPage.context().close()
  await bobPage.context().close()
})

test('the settings switch turns gentle nudges off and on', async ({ insertUser, signedInPage }) => {
  const ada = await insertUser({ name: 'Ada Nudges' })
  const page = await signedInPage(ada)
  await page.goto('/settings')
  const nudges = page.getByRole('switch', { name: 'Nudge me when a relationship goes quiet' })
  await expect(nudges).toBeChecked()
  await nudges.click()
  await expect(nudges).not.toBeChecked()
  // the switch says it; no toast repeats it (decision 209)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
  await page.reload()
  await expect(nudges).not.toBeChecked()
  await expectNoSeriousAxeInBothThemes(page, 'health-settings', { afterToasts: true, fullPage: true })
  await nudges.click()
  await expect(nudges).toBeChecked()
  await page.context().close()
})
