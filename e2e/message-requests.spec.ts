import { expectNoSeriousAxeInBothThemes } from './support/axe.ts'
import { sendRecording, tone } from './support/messages.ts'
import { expect, test } from './fixtures.ts'

for (const width of [390, 1280]) {
  test(`at ${width} px: a stranger messages B from the directory; B hears the request on home, accepts, and has them in her circle`, async ({
    insertUser,
    signedInPage,
  }) => {
    const suffix = `${width}-${Date.now().toString(36)}`
    const bea = await insertUser({ name: `Bea Asked ${suffix}` })
    const sam = await insertUser({ name: `Sam Stranger ${suffix}` })
    const beaPage = await signedInPage(bea, { viewport: { width, height: 900 } })
    const samPage = await signedInPage(sam, { viewport: { width, height: 900 } })
    await beaPage.goto('/')
    await expect(beaPage.getByRole('link', { name: 'Add Friend' })).toBeVisible()

    // Sam finds Bea by name in the directory, opens her profile and presses Message
    await samPage.goto('/contacts/add/directory')
    await samPage.getByPlaceholder('Search by name or email...').fill(bea.name)
    await samPage.getByRole('link', { name: `See profile of ${bea.name}` }).click()
    await samPage.getByRole('button', { name: 'Message' }).click()
    await expect(samPage).toHaveURL(/\/contacts\/[0-9a-f-]{36}$/)
    const samToBea = new URL(samPage.url()).pathname.split('/').pop() ?? ''
    await sendRecording(samPage.request, samToBea, tone(2))

    // Bea's open home shows the request live, and no tile: Sam is not in her circle
    const entry = beaPage.getByRole('link', { name: 'Message requests (1)' })
    await expect(entry).toBeVisible()
    await expect(beaPage.getByText('0 of 10 in your circle')).toBeVisible()
    await expect(beaPage.getByRole('link', { name: new RegExp(`^${sam.name}`) })).toHaveCount(0)
    await expectNoSeriousAxeInBothThemes(beaPage, `home-with-requests-${width}`)
    await beaPage.setViewportSize({ width, height: 900 })

    await entry.click()
    await expect(beaPage).toHaveURL(/\/requests$/)
    await expect(beaPage.getByRole('heading', { level: 1, name: 'Message requests' })).toBeVisible()
    const request = beaPage.getByRole('listitem').filter({ has: beaPage.getByRole('heading', { name: sam.name }) })
    await expect(request).toBeVisible()
    await request.getByRole('button', { name: `Play message from ${sam.name}` }).click()
    await expect(beaPage.getByRole('button', { name: `Pause message from ${sam.name}` }).first()).toBeVisible()
    await beaPage
      .getByRole('button', { name: `Pause message from ${sam.name}` })
      .first()
      .click()
    await expectNoSeriousAxeInBothThemes(beaPage, `requests-${width}`, { fullPage: true })
    await beaPage.setViewportSize({ width, height: 900 })

    await request.getByRole('button', { name: `Accept ${sam.name}` }).click()
    await expect(beaPage.getByText(`${sam.name} is in your circle`)).toBeVisible()
    await expect(beaPage.getByRole('heading', { name: 'No message requests' })).toBeVisible()
    await beaPage.getByRole('link', { name: 'Back to your circle' }).click()
    await expect(beaPage.getByRole('list', { name: 'Contacts' }).getByRole('link', { name: new RegExp(`^${sam.name}`) })).toBeVisible()
    await expect(beaPage.getByText('1 of 10 in your circle')).toBeVisible()
    await expect(beaPage.getByRole('link', { name: /Message requests/ })).toHaveCount(0)
  })
}

test('ignore and block take the request off the list without a word to the requester', async ({ insertUser, signedInPage }) => {
  const bea = await insertUser({ name: 'Bea Quiet' })
  const [ian, bo] = [await insertUser({ name: 'Ian Ignored' }), await insertUser({ name: 'Bo Blocked' })]
  const ianPage = await signedInPage(ian)
  const boPage = await signedInPage(bo)
  for (const page of [ianPage, boPage]) {
    // each presses Message on Bea's profile; she never chose them
    const pressed = await page.request.post('/api/contacts/connect', {
      data: { user_id: bea.id },
      headers: { origin: process.env.E2E_BASE_URL ?? '' },
    })
    expect(pressed.status()).toBe(201)
  }
  const beaPage = await signedInPage(bea)
  await beaPage.goto('/requests')
  await beaPage.getByRole('button', { name: 'Ignore Ian Ignored' }).click()
  await expect(beaPage.getByText("Ian Ignored's request is hidden. They are not told.")).toBeVisible()
  await beaPage.getByRole('button', { name: 'Block Bo Blocked' }).click()
  await expect(beaPage.getByText('Bo Blocked is blocked. They are not told, and nothing more from them reaches you.')).toBeVisible()
  await expect(beaPage.getByRole('heading', { name: 'No message requests' })).toBeVisible()
  await expectNoSeriousAxeInBothThemes(beaPage, 'requests-empty', { afterToasts: true })
})
