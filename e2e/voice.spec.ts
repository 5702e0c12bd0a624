import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { contactIdOf, fakeMicrophone, sendRecording, tone } from './support/messages.ts'

// Chromium records from a fake microphone playing a 4 s tone; sends through the API use a 1 s one.
test.use({ launchOptions: fakeMicrophone(tone(4, 300, 'wav')) })
const apiRecording = tone(1, 440)

/** On /record/{id}: "I'm ready to record", two seconds of the fake microphone, stop. */
async function recordTwoSeconds(page: Page): Promise<void> {
  await page.getByRole('button', { name: "I'm ready to record" }).click()
  await expect(page.getByText('0:02')).toBeVisible({ timeout: 15_000 })
  await page.getByRole('button', { name: 'Tap to stop' }).click()
  await expect(page.getByRole('heading', { name: 'Listen before you send' })).toBeVisible()
}

test('A records and sends; B sees it arrive without reload and plays it; A sees it read', async ({ insertUser, connect, signedInPage }) => {
  const ada = await insertUser({ name: 'Ada Voice' })
  const bob = await insertUser({ name: 'Bob Voice' })
  const adaToBob = await connect(ada, bob)

  const bobPage = await signedInPage(bob)
  const bobToAda = await contactIdOf(bobPage.request, 'Ada Voice')
  await bobPage.goto(`/contacts/${bobToAda}`)
  await expect(bobPage.getByText('No messages yet')).toBeVisible()

  const adaPage = await signedInPage(ada)
  await adaPage.goto(`/contacts/profile/${adaToBob}`)
  // one tap from the contact detail: the conversation opens already recording
  await adaPage.getByRole('link', { name: 'Record New Message' }).click()
  await expect(adaPage).toHaveURL(new RegExp(`/contacts/${adaToBob}`))
  await expect(adaPage.getByRole('timer')).toHaveText('0:02', { timeout: 15_000 })
  await adaPage.getByRole('button', { name: 'Stop', exact: true }).click()
  await adaPage.getByRole('button', { name: 'Send', exact: true }).click()
  // the bubble is what says it went (no toast on the screen that shows it, decision 209)
  await expect(adaPage.getByText('1 message', { exact: true })).toBeVisible()

  // Bob's conversation was open the whole time.
  await expect(bobPage.getByText('1 message', { exact: true })).toBeVisible()
  const play = bobPage.getByRole('button', { name: 'Play message from Ada Voice' })
  await expect(play).toBeVisible()

  await adaPage.goto(`/contacts/${adaToBob}`)
  await expect(adaPage.getByLabel('Sent')).toBeVisible()
  await play.click()
  await expect(adaPage.getByLabel('Read')).toBeVisible()

  await adaPage.context().close()
  await bobPage.context().close()
})

test('a denied microphone shows its help screen', async ({ insertUser, connect, signedInPage }) => {
  const ada = await insertUser({ name: 'Ada Denied' })
  const bob = await insertUser({ name: 'Bob Denied' })
  const adaToBob = await connect(ada, bob)
  const page = await signedInPage(ada, { permissions: [] })
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
  })
  await page.goto(`/record/${adaToBob}`)
  // the browser reports the permission as denied, so the help shows before any attempt to record
  await expect(page.getByRole('heading', { name: 'Microphone Access Required' })).toBeVisible()
  await expect(page.getByRole('button', { name: "I'm ready to record" })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Refresh Page' })).toBeVisible()
  await page.context().close()
})

test('onboarding records and saves a welcome message that plays on the public profile', async ({ page, insertUser, login }) => {
  const robin = await insertUser({ name: 'Robin Welcome', onboardingCompleted: false })
  await login(page, robin)
  await page.goto('/')
  await page.getByRole('button', { name: 'Get Started' }).click()
  await page.getByRole('textbox').first().fill('Robin Welcome')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { name: 'Record a welcome message' })).toBeVisible()
  await page.getByRole('button', { name: 'Record your welcome message' }).click()
  await expect(page.getByText('0:02')).toBeVisible({ timeout: 15_000 })
  await page.getByRole('button', { name: 'Tap to stop' }).click()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Welcome message saved')).toBeVisible()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { name: 'Invite your closest friends' })).toBeVisible()

  await page.goto(`/u/${robin.id}`)
  // Hearth's player: Play, the bar to scrub, the time and the speed; the audio plays on the app's one player
  await expect(page.locator('audio[controls]')).toHaveCount(0)
  await expect(page.getByRole('slider', { name: 'Seek welcome message from Robin Welcome' })).toBeVisible()
  await expect(page.getByRole('button', { name: /Change speed/ })).toBeVisible()
  await page.getByRole('button', { name: 'Play welcome message from Robin Welcome' }).click()
  await expect(page.getByRole('button', { name: 'Pause welcome message from Robin Welcome' })).toBeVisible()
  await expect
    .poll(() => page.locator('audio[data-slot=audio-player]').evaluate((audio: HTMLAudioElement) => audio.currentTime))
    .toBeGreaterThan(0)
  const src = await page.locator('audio[data-slot=audio-player]').getAttribute('src')
  expect((await page.request.get(src ?? '')).status()).toBe(200)
})

test('after 3 unanswered messages A waits for B to reply, then can send again', async ({ insertUser, connect, signedInPage }) => {
  const ada = await insertUser({ name: 'Ada Limit' })
  const bob = await insertUser({ name: 'Bob Limit' })
  const adaToBob = await connect(ada, bob)
  const adaPage = await signedInPage(ada)

  // The first message through the screen, two more the way the screen sends them.
  await adaPage.goto(`/record/${adaToBob}`)
  await recordTwoSeconds(adaPage)
  await adaPage.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(adaPage).toHaveURL(new RegExp(`/contacts/profile/${adaToBob}$`))
  await sendRecording(adaPage.request, adaToBob, apiRecording)
  await sendRecording(adaPage.request, adaToBob, apiRecording)

  // /record/select: Bob is greyed out with '3/3 sent' and cannot be picked.
  await adaPage.goto('/record/select')
  const bobRow = adaPage.getByRole('link', { name: 'Bob Limit' })
  await expect(bobRow).toHaveAttribute('aria-disabled', 'true')
  await expect(bobRow).toHaveAccessibleDescription('Waiting for their reply before sending more')
  await expect(bobRow).toContainText('3/3 sent')
  await expect(bobRow).not.toHaveAttribute('href')

  // /record/{id}: the limit is explained and a recording cannot be sent.
  await adaPage.goto(`/record/${adaToBob}`)
  await expect(
    adaPage.getByText(
      "Message limit reached: You've sent 3 messages to Bob Limit without a reply. Wait for them to respond before sending more to avoid overwhelming them.",
    ),
  ).toBeVisible()
  await recordTwoSeconds(adaPage)
  const send = adaPage.getByRole('button', { name: 'Send', exact: true })
  await expect(send).toBeDisabled()
  // Send cannot take focus: it moves to Play, the next thing one can do
  await expect(adaPage.getByRole('button', { name: 'Play your recording' })).toBeFocused()
  await expect(send).toHaveAccessibleDescription(/^Message limit reached/)

  // Bob answers while Ada looks at the list: her row for him opens up without a reload.
  await adaPage.goto('/record/select')
  await expect(bobRow).toHaveAttribute('aria-disabled', 'true')
  const bobPage = await signedInPage(bob)
  await sendRecording(bobPage.request, await contactIdOf(bobPage.request, 'Ada Limit'), apiRecording)
  await expect(bobRow).toHaveAccessibleDescription('Ready to receive your message')
  await expect(bobRow).toHaveAttribute('href', `/record/${adaToBob}`)

  await bobRow.click()
  await expect(adaPage).toHaveURL(new RegExp(`/record/${adaToBob}$`))
  await recordTwoSeconds(adaPage)
  await adaPage.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(adaPage).toHaveURL(new RegExp(`/contacts/profile/${adaToBob}$`))
  await adaPage.goto('/record/select')
  await expect(bobRow).toHaveAccessibleDescription('1 message sent')

  await adaPage.context().close()
  await bobPage.context().close()
})
