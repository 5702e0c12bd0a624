import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { expectNoSeriousAxeInBothThemes, seriousAxeViolations } from './support/axe.ts'
import { contactIdOf, fakeMicrophone, sendRecording, tone } from './support/messages.ts'

// Chromium records from a fake microphone playing an 8 s tone (loud enough that nobody is told "We can't hear you").
test.use({ launchOptions: fakeMicrophone(tone(8, 300, 'wav')) })

/** How many messages the person behind `page` has with a contact, as the server says. */
async function messageCount(page: Page, contactId: string): Promise<number> {
  const response = await page.request.get(`/api/contacts/${contactId}/messages`)
  return ((await response.json()) as { total: number }).total
}

test('records and sends from the conversation composer without leaving it', async ({ insertUser, connect, signedInPage }) => {
  const ada = await insertUser({ name: 'Ada Composer' })
  const bob = await insertUser({ name: 'Bob Composer' })
  const adaToBob = await connect(ada, bob)
  const page = await signedInPage(ada)
  await page.goto(`/contacts/${adaToBob}`)

  await page.getByRole('button', { name: 'Record a message for Bob Composer' }).click()
  const stop = page.getByRole('button', { name: 'Stop', exact: true })
  // focus moves to Stop once recording runs
  await expect(stop).toBeFocused()
  // the state is said politely, once, beside the focus moves (the running time is not)
  const announcer = page.locator('[data-slot="announcer"]')
  await expect(announcer).toHaveText('Microphone on: recording')
  await expect(page.getByRole('timer')).toHaveText('0:02', { timeout: 15_000 })
  await expect(page.getByText('Recording', { exact: true })).toBeVisible()
  await expect(page.getByText("We can't hear you")).toHaveCount(0)
  await page.getByRole('button', { name: 'Pause' }).click()
  await expect(page.getByText('Paused', { exact: true })).toBeVisible()
  await expect(announcer).toHaveText('Microphone paused')
  await expectNoSeriousAxeInBothThemes(page, 'recorder-recording', { reducedMotion: true })
  await page.getByRole('button', { name: 'Resume' }).click()
  await expect(announcer).toHaveText('Microphone on again: recording')
  await stop.click()
  await expect(announcer).toHaveText('Microphone off: your recording is ready to hear')

  const send = page.getByRole('button', { name: 'Send', exact: true })
  await expect(send).toBeFocused()
  await expect(page.getByRole('group', { name: 'Recording preview' })).toBeVisible()
  await expect(page.getByText('This recording sounds silent')).toHaveCount(0)
  await expectNoSeriousAxeInBothThemes(page, 'recorder-preview', { reducedMotion: true })
  await send.click()

  await expect(page.getByRole('button', { name: 'Record a message for Bob Composer' })).toBeFocused()
  await expect(page.getByRole('button', { name: 'Play message from you' })).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/contacts/${adaToBob}$`))
  await expect(page.getByRole('list', { name: 'Unsent messages' })).toHaveCount(0)
  expect(await messageCount(page, adaToBob)).toBe(1)
  await page.context().close()
})

test('a reload in the middle of a recording offers the take back as a draft', async ({ insertUser, connect, signedInPage }) => {
  const ada = await insertUser({ name: 'Ada Draft' })
  const bob = await insertUser({ name: 'Bob Draft' })
  const adaToBob = await connect(ada, bob)
  const page = await signedInPage(ada)
  // leaving with a take asks first; the reload goes ahead
  const asked: string[] = []
  page.on('dialog', (dialog) => {
    asked.push(dialog.type())
    void dialog.accept()
  })
  await page.goto(`/contacts/${adaToBob}`)
  await page.getByRole('button', { name: 'Record a message for Bob Draft' }).click()
  await expect(page.getByRole('timer')).toHaveText('0:03', { timeout: 15_000 })
  await page.reload()

  const draft = page.getByRole('listitem', { name: /^Unsent message to Bob Draft, 0:0[234]$/ })
  await expect(draft).toBeVisible()
  expect(asked).toEqual(['beforeunload'])
  await draft.getByRole('button', { name: 'Listen' }).click()
  await expect(page.getByRole('group', { name: 'Recording preview' })).toBeVisible()
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Play message from you' })).toBeVisible()
  expect(await messageCount(page, adaToBob)).toBe(1)

  // in-app navigation with a take asks in the app's own dialog
  await page.getByRole('button', { name: 'Record a message for Bob Draft' }).click()
  await expect(page.getByRole('timer')).toHaveText('0:01', { timeout: 15_000 })
  await page.getByRole('link', { name: 'Back' }).first().click()
  await expect(page.getByRole('dialog', { name: 'Leave your recording?' })).toBeVisible()
  await page.getByRole('button', { name: 'Stay' }).click()
  await expect(page).toHaveURL(new RegExp(`/contacts/${adaToBob}$`))
  await page.context().close()
})

test('offline, a message waits in the visible outbox and is delivered on reconnect', async ({ insertUser, connect, signedInPage }) => {
  const ada = await insertUser({ name: 'Ada Outbox' })
  const bob = await insertUser({ name: 'Bob Outbox' })
  const adaToBob = await connect(ada, bob)
  const page = await signedInPage(ada)
  // from home with its mic: the screens are loaded before the connection goes (the app has no offline cache)
  await page.goto('/')
  await page.getByRole('link', { name: 'Record a message for Bob Outbox' }).click()
  await expect(page).toHaveURL(new RegExp(`/contacts/${adaToBob}$`))
  await expect(page.getByRole('timer')).toHaveText('0:02', { timeout: 15_000 })
  await page.getByRole('button', { name: 'Stop', exact: true }).click()

  await page.context().setOffline(true)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  const waiting = page.getByRole('list', { name: 'Unsent messages' })
  await expect(waiting).toContainText(/Waiting to send to Bob Outbox, 0:0\d/)
  await expect(waiting.getByRole('status')).toHaveText("You're offline: it goes as soon as the connection returns.")
  await expectNoSeriousAxeInBothThemes(page, 'recorder-outbox', { reducedMotion: true })

  // the outbox is visible from home too, and sends from there in the background
  await page.getByRole('link', { name: 'Back' }).first().click()
  await expect(page).toHaveURL(/\/$/)
  await expect(waiting).toContainText(/Waiting to send to Bob Outbox/)
  await expectNoSeriousAxeInBothThemes(page, 'recorder-home-outbox', { reducedMotion: true })
  await page.context().setOffline(false)
  await expect(page.getByText('Sent to Bob Outbox')).toBeVisible()
  await expect(waiting).toHaveCount(0)
  await page.goto(`/contacts/${adaToBob}`)
  await expect(page.getByRole('button', { name: 'Play message from you' })).toBeVisible()
  const bobPage = await signedInPage(bob)
  expect(await messageCount(bobPage, await contactIdOf(bobPage.request, 'Ada Outbox'))).toBe(1)
  await page.context().close()
  await bobPage.context().close()
})

test('at 3 unanswered messages the mic is disabled and says why', async ({ insertUser, connect, signedInPage }) => {
  const ada = await insertUser({ name: 'Ada Full' })
  const bob = await insertUser({ name: 'Bob Full' })
  const adaToBob = await connect(ada, bob)
  const page = await signedInPage(ada)
  const recording = tone(1, 440)
  for (let i = 0; i < 3; i += 1) await sendRecording(page.request, adaToBob, recording)

  await page.goto(`/contacts/${adaToBob}`)
  const mic = page.getByRole('button', { name: 'Record a message for Bob Full' })
  await expect(mic).toBeDisabled()
  await expect(mic).toHaveAccessibleDescription(/^Message limit reached: You've sent 3 messages to Bob Full without a reply\./)
  await expectNoSeriousAxeInBothThemes(page, 'recorder-limit', { reducedMotion: true })

  // every mic says the same: the home tile's and the contact detail's
  await page.goto('/')
  const tileMic = page.getByRole('button', { name: 'Record a message for Bob Full' })
  await expect(tileMic).toBeDisabled()
  await expect(tileMic).toHaveAccessibleDescription(/^Message limit reached/)
  await expectNoSeriousAxeInBothThemes(page, 'recorder-home-limit', { reducedMotion: true })
  await page.goto(`/contacts/profile/${adaToBob}`)
  await expect(page.getByRole('button', { name: 'Record New Message' })).toHaveAccessibleDescription(/^Message limit reached/)
  await page.context().close()
})

test('the mic on a home tile starts a take for that person in one tap', async ({ insertUser, connect, signedInPage }) => {
  const ada = await insertUser({ name: 'Ada Tile' })
  const bob = await insertUser({ name: 'Bob Tile' })
  const adaToBob = await connect(ada, bob)
  const page = await signedInPage(ada)
  await page.goto('/')
  await expectNoSeriousAxeInBothThemes(page, 'recorder-home', { reducedMotion: true })
  await page.getByRole('link', { name: 'Record a message for Bob Tile' }).click()
  await expect(page).toHaveURL(new RegExp(`/contacts/${adaToBob}$`))
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeFocused()
  await expect(page.getByRole('timer')).toHaveText('0:01', { timeout: 15_000 })
  await page.context().close()
})

test('the record page: its stages fade in and focus moves on from start, stop and discard; record select passes axe', async ({
  insertUser,
  connect,
  signedInPage,
}) => {
  const ada = await insertUser({ name: 'Ada Stages' })
  const bob = await insertUser({ name: 'Bob Stages' })
  const adaToBob = await connect(ada, bob)
  const page = await signedInPage(ada)
  await page.goto('/record/select')
  // the row's name holds what it shows: the name, then the note
  const row = page.getByRole('link', { name: /^Bob Stages/ })
  await expect(row).toHaveAccessibleName(/^Bob Stages .+/)
  await expectNoSeriousAxeInBothThemes(page, 'record-select', { afterToasts: true })
  await row.click()
  await expect(page).toHaveURL(new RegExp(`/record/${adaToBob}$`))
  await expectNoSeriousAxeInBothThemes(page, 'record-intro', { reducedMotion: true })
  await page.emulateMedia({ reducedMotion: 'no-preference' })

  await page.getByRole('button', { name: "I'm ready to record" }).click()
  const stop = page.getByRole('button', { name: 'Tap to stop' })
  await expect(stop).toBeFocused()
  const recordingPanel = page.getByRole('region', { name: 'Recording' })
  expect(await recordingPanel.evaluate((panel) => getComputedStyle(panel).animationName)).toBe('in-pop')
  // under reduced motion a stage appears without moving
  await page.emulateMedia({ reducedMotion: 'reduce' })
  expect(await recordingPanel.evaluate((panel) => getComputedStyle(panel).animationName)).toBe('none')
  await expect(page.getByRole('timer')).toHaveText('0:02', { timeout: 15_000 })
  await expectNoSeriousAxeInBothThemes(page, 'record-recording', { reducedMotion: true })
  await stop.click()

  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeFocused()
  await expectNoSeriousAxeInBothThemes(page, 'record-preview', { reducedMotion: true })
  await page.getByRole('button', { name: 'Discard' }).click()
  await expect(page.getByRole('button', { name: "I'm ready to record" })).toBeFocused()
  await page.context().close()
})

test('holding the mic records while held: release sends, a slide left cancels, a slide up keeps it going', async ({
  insertUser,
  connect,
  signedInPage,
}) => {
  const ada = await insertUser({ name: 'Ada Hold' })
  const bob = await insertUser({ name: 'Bob Hold' })
  const adaToBob = await connect(ada, bob)
  const page = await signedInPage(ada)
  await page.goto(`/contacts/${adaToBob}`)
  // its name follows what it shows: record, release to send, release to cancel
  const mic = page.getByRole('button', { name: /^(Record a message for Bob Hold|Release to send to Bob Hold|Release to cancel)$/ })
  await expect(mic).toHaveAccessibleDescription('Tap to record, or hold and release to send')
  const box = await mic.boundingBox()
  if (!box) throw new Error('the mic has no box')
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
  const press = async () => {
    await page.mouse.move(centre.x, centre.y)
    await page.mouse.down()
    await expect(mic).toHaveText('Release to send')
    await expect(page.getByRole('timer')).toHaveText('0:01', { timeout: 15_000 })
  }

  // hold and release: sent at once, no preview
  await press()
  await expect(page.getByText('Slide left to cancel')).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/recorder-hold.png' })
  // the bar shown while held passes axe as the rest of the page does
  expect(await seriousAxeViolations(page)).toEqual([])
  await page.mouse.up()
  await expect(page.getByRole('button', { name: 'Play message from you' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Recording preview' })).toHaveCount(0)
  await expect.poll(() => messageCount(page, adaToBob)).toBe(1)

  // slide left and release: nothing is sent or kept
  await press()
  await page.mouse.move(centre.x - 150, centre.y, { steps: 6 })
  await expect(mic).toHaveText('Release to cancel')
  await page.mouse.up()
  await expect(mic).toHaveText('Record a message')
  await expect(page.getByRole('list', { name: 'Unsent messages' })).toHaveCount(0)

  // slide up: the take goes on hands-free, with Stop and the preview as after a tap
  await press()
  await page.mouse.move(centre.x, centre.y - 100, { steps: 6 })
  await page.mouse.up()
  const stop = page.getByRole('button', { name: 'Stop', exact: true })
  await expect(stop).toBeVisible()
  await stop.click()
  await expect(page.getByRole('group', { name: 'Recording preview' })).toBeVisible()
  await page.getByRole('button', { name: 'Discard' }).click()
  expect(await messageCount(page, adaToBob)).toBe(1)
  await page.context().close()
})

test('a take sent from /record without a connection is kept, and goes once the connection returns, even after a reload', async ({
  insertUser,
  connect,
  signedInPage,
}) => {
  const ada = await insertUser({ name: 'Ada Kept' })
  const bob = await insertUser({ name: 'Bob Kept' })
  const adaToBob = await connect(ada, bob)
  const page = await signedInPage(ada)
  const recordAndStop = async () => {
    await page.getByRole('button', { name: "I'm ready to record" }).click()
    await expect(page.getByRole('timer')).toHaveText('0:02', { timeout: 15_000 })
    await page.getByRole('button', { name: 'Tap to stop' }).click()
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeFocused()
  }
  // the record screen is loaded before the connection goes (the app has no offline cache)
  await page.goto(`/record/${adaToBob}`)
  await recordAndStop()

  // offline: Send hands the take to the outbox, and the page says it waits
  await page.context().setOffline(true)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByRole('heading', { name: /^Waiting to send to Bob Kept, 0:0\d$/ })).toBeFocused()
  await expect(page.getByRole('status').filter({ hasText: "You're offline: it goes as soon as the connection returns." })).toBeVisible()
  await expectNoSeriousAxeInBothThemes(page, 'record-waiting', { reducedMotion: true })
  await page.context().setOffline(false)
  await expect(page).toHaveURL(new RegExp(`/contacts/profile/${adaToBob}$`))
  // the contact's page shows it among their recent messages, so no toast says it again (decision 209)
  await expect.poll(() => messageCount(page, adaToBob)).toBe(1)

  // the connection drops during the upload: after its attempts the take stays on this device, through a reload
  await page.goto(`/record/${adaToBob}`)
  await recordAndStop()
  await page.route('**/api/audio', (route) => route.abort('internetdisconnected'))
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Upload Failed' })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByText('It stays on this device and goes by itself once the connection is back.')).toBeVisible()
  await expect(page.getByRole('group', { name: 'Recording preview' })).toBeVisible()
  await expectNoSeriousAxeInBothThemes(page, 'record-upload-failed', { reducedMotion: true })
  await page.unroute('**/api/audio')
  await page.reload()
  // the app sends what waits as soon as it opens
  await expect.poll(() => messageCount(page, adaToBob)).toBe(2)
  await page.context().close()
})
