import { SETTINGS_TEXTS } from '#shared/profile.ts'
import { expect, test } from './fixtures.ts'
import { expectNoSeriousAxeInBothThemes } from './support/axe.ts'

// A name is the person's own: when Alma renames herself in Settings, Bruno's open screens show it without a reload.
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`a new name at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('reaches the home, the contact and the conversation Bruno has open, live', async ({ insertUser, connect, signedInPage }) => {
      const alma = await insertUser({ name: 'Alma' })
      const bruno = await insertUser({ name: 'Bruno' })
      const almaForBruno = await connect(bruno, alma)

      // Bruno has three tabs open: his home, Alma's contact and their conversation
      const home = await signedInPage(bruno, { viewport })
      await home.goto('/')
      const almaTile = (name: string) =>
        home.getByRole('list', { name: 'Contacts' }).getByRole('link', { name: new RegExp(`^${name}\\s*,`) })
      await expect(almaTile('Alma')).toBeVisible()
      const detail = await home.context().newPage()
      await detail.goto(`/contacts/profile/${almaForBruno}`)
      await expect(detail.getByRole('heading', { level: 1, name: 'You & Alma' })).toBeVisible()
      const conversation = await home.context().newPage()
      await conversation.goto(`/contacts/${almaForBruno}`)
      await expect(conversation.getByRole('heading', { level: 1, name: 'Alma' })).toBeVisible()

      const settings = await signedInPage(alma, { viewport })
      await settings.goto('/settings')
      await settings.getByRole('textbox', { name: SETTINGS_TEXTS.nameLabel }).fill('Alma Rosa')
      await settings.getByRole('button', { name: 'Save', exact: true }).click()
      await expect(settings.getByText(SETTINGS_TEXTS.profileUpdated)).toBeVisible()

      await expect(almaTile('Alma Rosa')).toBeVisible()
      await expect(detail.getByRole('heading', { level: 1, name: 'You & Alma Rosa' })).toBeVisible()
      await expect(conversation.getByRole('heading', { level: 1, name: 'Alma Rosa' })).toBeVisible()
      await expect(conversation).toHaveTitle('Alma Rosa - Hearth')

      await expectNoSeriousAxeInBothThemes(home, `circle-names-home-${viewport.width}`)
      await expectNoSeriousAxeInBothThemes(detail, `circle-names-detail-${viewport.width}`)
      await expectNoSeriousAxeInBothThemes(conversation, `circle-names-conversation-${viewport.width}`)
    })
  })
}
