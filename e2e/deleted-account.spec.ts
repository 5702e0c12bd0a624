import fs from 'node:fs'
import { ACCOUNT_TEXTS } from '#shared/account.ts'
import { INVITATION_TEXTS } from '#shared/invitations.ts'
import { expect, test } from './fixtures.ts'
import { expectNoSeriousAxeInBothThemes } from './support/axe.ts'
import { contactIdOf, sendRecording, tone } from './support/messages.ts'

const clip = tone(3, 440)

// Decisions 120 and 202: after Carol deletes her account, Alma's screens say calmly that she left and load fine, what
// they sent each other stays with Alma, playable, her place in Alma's circle is free at once, and Carol sees that it is
// done.
for (const width of [390, 1280]) {
  test(`a deleted account leaves no ghost (${width} px)`, async ({ insertUser, signedInPage, connect }) => {
    // two uploads transcoded on the server, axe on four screens in both themes
    test.setTimeout(150_000)
    const alma = await insertUser({ name: `Alma Stays ${width}` })
    const carolName = `Carol Leaves ${width}`
    const carol = await insertUser({ name: carolName })
    const almaToCarol = await connect(alma, carol)
    const viewport = { width, height: width < 800 ? 844 : 800 }
    const almaPage = await signedInPage(alma, { viewport })
    const carolPage = await signedInPage(carol, { viewport })
    await sendRecording(almaPage.request, almaToCarol, clip)
    await sendRecording(carolPage.request, await contactIdOf(carolPage.request, `Alma Stays ${width}`), clip)

    // Alma has Carol's detail open while Carol deletes her account
    await almaPage.goto(`/contacts/profile/${almaToCarol}`)
    await expect(almaPage.getByRole('heading', { name: 'Conversation (2)' })).toBeVisible()

    await carolPage.goto('/settings')
    await expect(carolPage.getByText(/^What you sent stays with the people you sent it to/)).toBeVisible()
    await carolPage.getByLabel('Type DELETE to confirm').fill('DELETE')
    await carolPage.getByRole('button', { name: 'Delete my account' }).click()
    await expect(carolPage).toHaveURL(/\/account-deleted$/)
    await expect(carolPage.getByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeVisible()
    await expect(carolPage.getByRole('list', { name: 'What was removed' }).getByRole('listitem')).toHaveCount(4)
    await expect(carolPage.getByRole('link', { name: 'Go to the Hearth home page' })).toHaveAttribute('href', '/')
    await expectNoSeriousAxeInBothThemes(carolPage, `account-deleted-done-${width}`)

    // Alma's open detail changes by itself: the calm text where the mic was, both their messages still there
    const notice = almaPage.getByRole('region', { name: `${carolName} has left Hearth` })
    await expect(notice).toBeVisible()
    await expect(almaPage.getByRole('heading', { name: 'Conversation (2)' })).toBeVisible()
    await expect(almaPage.getByRole('link', { name: 'Record New Message' })).toHaveCount(0)
    await expect(almaPage.getByText('Failed to load')).toHaveCount(0)
    await expectNoSeriousAxeInBothThemes(almaPage, `account-deleted-detail-${width}`)

    // the archived row counts what Alma has not heard from her yet
    await almaPage.goto('/archived-contacts')
    await expect(almaPage.getByText(`${carolName} has left Hearth · 1 not heard yet`)).toBeVisible()

    // the conversation loads read-only: hers and Alma's, both playable, no mic
    await almaPage.goto(`/contacts/${almaToCarol}`)
    await expect(almaPage.getByRole('heading', { level: 1, name: carolName })).toBeVisible()
    const cards = almaPage.locator('[data-slot=message-card]')
    await expect(cards).toHaveCount(2)
    // oldest first: Alma's, then Carol's, not heard yet
    await expect(cards.getByRole('heading')).toHaveText(['You', `${carolName}, new`])
    await expect(notice).toBeVisible()
    await expect(almaPage.getByRole('button', { name: /Record a message/ })).toHaveCount(0)
    await expect(almaPage.getByText('Failed to load')).toHaveCount(0)
    const kept = (await (await almaPage.request.get(`/api/contacts/${almaToCarol}/messages`)).json()).messages as {
      id: string
      sender_id: string | null
      audio_url: string
    }[]
    for (const message of kept) expect((await almaPage.request.get(message.audio_url)).status()).toBe(200)
    await expectNoSeriousAxeInBothThemes(almaPage, `account-deleted-conversation-${width}`)
    await almaPage.setViewportSize(viewport)

    // her message opens on the playback screen under her name, plays, and says calmly that no reply reaches her
    const fromCarol = kept.find((message) => message.sender_id === null)
    await almaPage.goto(`/playback/${fromCarol?.id ?? ''}`)
    await expect(almaPage.getByText(`From ${carolName}`)).toBeVisible()
    await expect(notice).toBeVisible()
    await expect(almaPage.getByRole('link', { name: 'Record Thoughtful Reply' })).toHaveCount(0)
    await almaPage.getByRole('button', { name: `Play message from ${carolName}` }).click()
    await expect(almaPage.getByRole('button', { name: `Pause message from ${carolName}` })).toBeVisible()
    await almaPage.getByRole('button', { name: `Pause message from ${carolName}` }).click()
    await expectNoSeriousAxeInBothThemes(almaPage, `account-deleted-playback-${width}`)
    await almaPage.setViewportSize(viewport)

    // home has no tile for her, and /record/select does not offer her
    await almaPage.goto('/')
    await expect(almaPage.locator('[data-slot=circle-count]')).toBeVisible()
    await expect(almaPage.getByText(carolName)).toHaveCount(0)
    await almaPage.goto('/record/select')
    await expect(almaPage.getByText('No active contacts available to share with')).toBeVisible()
    await expect(almaPage.getByText(carolName)).toHaveCount(0)

    // her conversation stays reachable from the archived contacts, which say why she is there, without restore buttons
    await almaPage.goto('/archived-contacts')
    const row = almaPage.locator('[data-slot=archived-contact-row]')
    await expect(row).toHaveCount(1)
    // heard now, on the playback screen: nothing is left to count
    await expect(row.getByText(`${carolName} has left Hearth`, { exact: true })).toBeVisible()
    await expect(row.getByRole('button')).toHaveCount(0)
    await expectNoSeriousAxeInBothThemes(almaPage, `account-deleted-archived-${width}`)
  })
}

test('an invitation of a deleted inviter and a confirmation link of a deleted account each get a clear card', async ({
  insertUser,
  signedInPage,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const carol = await insertUser({ name: 'Carol Invites Then Leaves' })
  const carolPage = await signedInPage(carol)
  const origin = { origin: baseURL ?? '' }
  const upload = await carolPage.request.post('/api/audio', {
    data: fs.readFileSync(clip),
    headers: { 'content-type': 'audio/webm', ...origin },
  })
  expect(upload.status()).toBe(201)
  const { upload_id } = (await upload.json()) as { upload_id: string }
  const created = await carolPage.request.post('/api/invitations/link', { data: { recipient_name: 'Dana', upload_id }, headers: origin })
  expect(created.status()).toBe(201)
  const invite = new URL(((await created.json()) as { share_url: string }).share_url)
  expect((await carolPage.request.delete('/api/account', { data: { confirmation: 'DELETE' }, headers: origin })).status()).toBe(204)

  const visitor = await browser.newContext({ baseURL })
  try {
    const page = await visitor.newPage()
    await page.goto(`${invite.pathname}${invite.search}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Invite no longer available' })).toBeVisible()
    await expect(page.getByText(INVITATION_TEXTS.inviterDeleted)).toBeVisible()
    await expectNoSeriousAxeInBothThemes(page, 'account-deleted-invitation')

    // where Better Auth sends a confirmation link of an account that no longer exists (the integration test follows one)
    await page.goto('/auth?verified=1&error=USER_NOT_FOUND')
    await expect(page.getByRole('heading', { name: ACCOUNT_TEXTS.confirmationOfDeletedTitle })).toBeVisible()
    await expect(page.getByText(ACCOUNT_TEXTS.confirmationOfDeletedBody)).toBeVisible()
    await expect(page.getByText('Authentication Error')).toHaveCount(0)
    await expectNoSeriousAxeInBothThemes(page, 'account-deleted-confirmation-link')
  } finally {
    await visitor.close()
  }
})
