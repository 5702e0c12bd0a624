import { expect, test } from './fixtures.ts'

test('the contact detail shows Online while the other person has Hearth open, live', async ({ insertUser, connect, signedInPage }) => {
  const ada = await insertUser({ name: 'Ada Presence' })
  const bob = await insertUser({ name: 'Bob Presence' })
  const adaToBob = await connect(ada, bob)
  // presence is shared only between people who chose each other (decision 40): Bob presses Message back
  await connect(bob, ada)

  const adaPage = await signedInPage(ada)
  await adaPage.goto(`/contacts/profile/${adaToBob}`)
  await expect(adaPage.getByRole('heading', { level: 1, name: 'You & Bob Presence' })).toBeVisible()
  const presence = adaPage.getByRole('status').filter({ hasText: 'Bob Presence is' })
  await expect(presence).toHaveText('Bob Presence is Offline')

  // Bob opens Hearth in his own browser; Ada's screen follows without a reload.
  const bobPage = await signedInPage(bob)
  await bobPage.goto('/')
  await expect(presence).toHaveText('Bob Presence is Online')

  await bobPage.context().close()
  await expect(presence).toHaveText('Bob Presence is Offline')
  await adaPage.context().close()
})
