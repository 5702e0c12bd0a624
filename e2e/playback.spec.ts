import type { Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import type { DbHandle } from '#server/db/client.ts'
import { audioMessages } from '#server/db/schema.ts'
import { expect, test } from './fixtures.ts'
import { expectNoSeriousAxeInBothThemes } from './support/axe.ts'
import { contactIdOf, recorderTone, sendRecording, tone } from './support/messages.ts'

// Recordings as a browser uploads them (Opus in WebM): a minute for skipping about, and two seconds for play-next.
const minute = tone(60, 330)
const short = tone(2, 440)

/** Twenty words, one every half second from 0.5 s: what the highlight follows. */
const WORDS = 'we finally booked the cabin by the lake for the long weekend and I cannot wait to see you there'.split(' ')
const TIMED = WORDS.map((word, i) => ({ word, start: 0.5 + i * 0.5, end: 0.9 + i * 0.5 }))

test.describe.configure({ mode: 'parallel' })

/**
 * Gives the message a known transcript with word times, as a speech engine would. Written as completed, so the
 * e2e server's own engine (which claims only messages without a transcript, and writes only while its claim holds)
 * never overwrites it.
 */
async function transcribe(db: DbHandle, id: string, words = TIMED) {
  await db.db
    .update(audioMessages)
    .set({
      transcription: words.map((w) => w.word).join(' '),
      wordTimestamps: words,
      emotions: ['excited', 'loving'],
      topics: ['travel', 'plans'],
      sentiment: 0.6,
      processingStatus: 'completed',
      processingError: null,
    })
    .where(eq(audioMessages.id, id))
}

/**
 * Ada sends Bob a minute-long message with a known transcript; answers Bob's signed-in page, the message id, Ada's
 * contact id for Bob and a close() for both browser contexts.
 */
async function bobHasAMessage(
  {
    insertUser,
    signedInPage,
    connect,
    db,
  }: Pick<Parameters<Parameters<typeof test>[2]>[0], 'insertUser' | 'signedInPage' | 'connect' | 'db'>,
  suffix: string,
) {
  const ada = await insertUser({ name: `Ada ${suffix}` })
  const bob = await insertUser({ name: `Bob ${suffix}` })
  const adaToBob = await connect(ada, bob)
  const adaPage = await signedInPage(ada)
  const id = await sendRecording(adaPage.request, adaToBob, minute)
  await transcribe(db, id)
  const page = await signedInPage(bob)
  const close = async () => {
    await adaPage.context().close()
    await page.context().close()
  }
  return { page, id, close }
}

const audioElement = (page: Page) => page.locator('audio[data-slot="audio-player"]')
const audioTime = (page: Page) => audioElement(page).evaluate((audio: HTMLAudioElement) => audio.currentTime)
const currentWordIndex = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-slot="transcript-word"]')].findIndex((w) => w.getAttribute('aria-current') === 'true'),
  )

test('plays a message with the spoken word highlighted as it advances, and changes speed', async ({
  insertUser,
  signedInPage,
  connect,
  db,
}) => {
  const { page, id, close } = await bobHasAMessage({ insertUser, signedInPage, connect, db }, 'Listen')
  await page.goto(`/playback/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Listen' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'AI Insights' }).getByRole('list', { name: 'Emotions' })).toContainText('excited')
  await expect(page.getByRole('region', { name: 'Transcript' })).toContainText('we finally booked the cabin')
  await expect(page.getByRole('slider', { name: 'Seek' })).toBeVisible()

  await page.getByRole('button', { name: 'Play message from Ada Listen' }).click()
  await expect(page.getByRole('button', { name: 'Pause message from Ada Listen' })).toBeVisible()
  // the highlight moves on word by word, with the words before it dimmed
  await expect.poll(() => currentWordIndex(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(2)
  const first = await currentWordIndex(page)
  await expect.poll(() => currentWordIndex(page), { timeout: 15_000 }).toBeGreaterThan(first)
  await expect(page.locator('[data-slot="transcript-word"]').first()).toHaveAttribute('data-state', 'spoken')
  // and it agrees with the voice: the highlighted word is the one whose time the audio is in
  const [time, index] = await Promise.all([audioTime(page), currentWordIndex(page)])
  expect(Math.abs(index - Math.floor((time - 0.5) / 0.5))).toBeLessThanOrEqual(1)

  // one speed control: the pill cycles the presets, the fine steps sit behind it
  await page.getByRole('button', { name: 'Change speed, now 1×' }).click()
  await page.getByRole('button', { name: 'Change speed, now 1.2×' }).click()
  await expect.poll(() => audioElement(page).evaluate((audio: HTMLAudioElement) => audio.playbackRate)).toBe(1.5)
  await page.getByRole('button', { name: 'Fine speed' }).click()
  await expect.poll(() => audioElement(page).evaluate((audio: HTMLAudioElement) => audio.playbackRate)).toBe(1.5)
  await page.getByRole('slider', { name: 'Playback speed' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect.poll(() => audioElement(page).evaluate((audio: HTMLAudioElement) => audio.playbackRate)).toBe(1.6)
  await expect(page.getByRole('group', { name: 'Speed' })).toContainText('1.6×')

  await close()
})

test('skips back and forward 15 s with the buttons and the arrow keys', async ({ insertUser, signedInPage, connect, db }) => {
  const { page, id, close } = await bobHasAMessage({ insertUser, signedInPage, connect, db }, 'Skip')
  await page.goto(`/playback/${id}`)
  const forward = page.getByRole('button', { name: 'Forward 15 seconds' })
  await expect(forward).toBeEnabled()
  await page.getByRole('button', { name: 'Play message from Ada Skip' }).click()
  await expect.poll(() => audioTime(page)).toBeGreaterThan(0.2)

  await forward.click()
  await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(15)
  expect(await audioTime(page)).toBeLessThan(25)
  await page.getByRole('button', { name: 'Back 15 seconds' }).click()
  await expect.poll(() => audioTime(page)).toBeLessThan(10)

  // on the page itself the arrows skip too
  await page.locator('main').click({ position: { x: 2, y: 2 } })
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(30)
  await page.keyboard.press('ArrowLeft')
  await expect.poll(() => audioTime(page)).toBeLessThan(30)
  // Space pauses
  await page.keyboard.press(' ')
  await expect(page.getByRole('button', { name: 'Play message from Ada Skip' })).toBeVisible()

  await close()
})

test('at 390 px, +15 s and -15 s move on from where a message just received is, not back to 0:00 (decision 211)', async ({
  insertUser,
  signedInPage,
  connect,
  db,
}) => {
  const ada = await insertUser({ name: 'Ada Live' })
  const bob = await insertUser({ name: 'Bob Live' })
  const adaToBob = await connect(ada, bob)
  const adaPage = await signedInPage(ada)
  const page = await signedInPage(bob, { viewport: { width: 390, height: 844 } })
  await page.goto(`/contacts/${await contactIdOf(page.request, 'Ada Live')}`)
  await expect(page.getByText('No messages yet')).toBeVisible()

  // Ada sends while Bob watches the conversation: a take as Chromium's recorder writes it (no length in the file)
  // from a recorder that declared none, so the message is stored as 0 s and the browser's length is Infinity
  const id = await sendRecording(adaPage.request, adaToBob, recorderTone(40, 350), 'audio/webm', { declared: false })
  // the message's job is held before it writes its measure (its row locked until the end, then ended): Bob's screens
  // keep the message as it arrived, as they do for the moment before the server has measured it
  const held = await db.pool.connect()
  await held.query('begin')
  await held.query('select id from audio_messages where id = $1 for update', [id])
  try {
    const card = page.getByRole('link', { name: /^Open message from Ada Live/ })
    await expect(card).toBeVisible()
    await card.click()
    await expect(page).toHaveURL(new RegExp(`/playback/${id}$`))
    await page.getByRole('button', { name: 'Play message from Ada Live' }).click()
    await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(1.5)
    expect(await audioElement(page).evaluate((audio: HTMLAudioElement) => audio.duration)).toBe(Number.POSITIVE_INFINITY)

    // the case the skip once failed: the browser knows no length and the server's hint is 0; the skips are offered
    await expect(page.getByRole('button', { name: 'Forward 15 seconds' })).toBeEnabled({ timeout: 1_000 })
    const before = await audioTime(page)
    await page.getByRole('button', { name: 'Forward 15 seconds' }).click()
    await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(before + 15)
    const after = await audioTime(page)
    expect(after).toBeLessThan(before + 20)
    await page.getByRole('button', { name: 'Back 15 seconds' }).click()
    await expect.poll(() => audioTime(page)).toBeLessThan(after - 10)
    // back from where it was, not to the start
    expect(await audioTime(page)).toBeGreaterThanOrEqual(before)
    await expect(page.getByRole('button', { name: 'Pause message from Ada Live' })).toBeVisible()
  } finally {
    // its job, whenever it runs, finds the message ended and writes nothing (its write racing the people's deletion
    // could deadlock)
    await held.query(`update audio_messages set processing_status = 'failed' where id = $1`, [id])
    await held.query('commit')
    held.release()
    await adaPage.context().close()
    await page.context().close()
  }
})

test("moves to the previous and next message with 'n of total', replacing history", async ({ insertUser, connect, signedInPage }) => {
  const ada = await insertUser({ name: 'Ada Arrows' })
  const bob = await insertUser({ name: 'Bob Arrows' })
  const adaToBob = await connect(ada, bob)
  const adaPage = await signedInPage(ada)
  const adaApi = adaPage.request
  const first = await sendRecording(adaApi, adaToBob, short)
  const page = await signedInPage(bob)
  const second = await sendRecording(page.request, await contactIdOf(page.request, 'Ada Arrows'), short)
  const third = await sendRecording(adaApi, adaToBob, short)

  await page.goto('/')
  await page.goto(`/playback/${second}`)
  const nav = page.getByRole('navigation', { name: 'Conversation' })
  await expect(nav).toContainText('2 of 3')
  const historyLength = await page.evaluate(() => history.length)

  await nav.getByRole('button', { name: 'Next message' }).click()
  await expect(page).toHaveURL(new RegExp(`/playback/${third}$`))
  await expect(nav).toContainText('3 of 3')
  await expect(nav.getByRole('button', { name: 'Next message' })).toBeDisabled()
  await nav.getByRole('button', { name: 'Previous message' }).click()
  await nav.getByRole('button', { name: 'Previous message' }).click()
  await expect(page).toHaveURL(new RegExp(`/playback/${first}$`))
  await expect(nav).toContainText('1 of 3')
  await expect(nav.getByRole('button', { name: 'Previous message' })).toBeDisabled()
  expect(await page.evaluate(() => history.length)).toBe(historyLength)

  // Back leaves for the contact, not through the messages seen
  await page.getByRole('link', { name: 'Back' }).click()
  await expect(page).toHaveURL(/\/contacts\/profile\//)

  await adaPage.context().close()
  await page.context().close()
})

test('the mini player follows a message played on the contact screen and hides on /playback', async ({
  insertUser,
  signedInPage,
  connect,
  db,
}) => {
  const { page, id, close } = await bobHasAMessage({ insertUser, signedInPage, connect, db }, 'Mini')
  const bobToAda = await contactIdOf(page.request, 'Ada Mini')
  await page.goto(`/contacts/profile/${bobToAda}`)
  const mini = page.getByRole('region', { name: 'Now playing' })
  await expect(page.getByRole('heading', { name: 'Conversation (1)' })).toBeVisible()
  await expect(mini).toHaveCount(0)

  await page.getByRole('list', { name: 'Recent messages' }).getByRole('button', { name: 'Play message from Ada Mini' }).click()
  await expect(mini).toBeVisible()
  await expect(mini.getByRole('link', { name: 'Ada Mini' })).toHaveAttribute('href', `/playback/${id}`)
  await expect(mini.getByRole('button', { name: 'Pause message from Ada Mini' })).toBeVisible()
  await expect(mini.getByRole('progressbar', { name: 'Progress' })).toBeVisible()
  await expect(mini).toContainText('1:00')
  await expect.poll(async () => Number(await mini.getByRole('progressbar').getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(1)
  // the row and the mini player are one player
  await mini.getByRole('button', { name: 'Pause message from Ada Mini' }).click()
  await expect(
    page.getByRole('list', { name: 'Recent messages' }).getByRole('button', { name: 'Play message from Ada Mini' }),
  ).toBeVisible()
  await mini.getByRole('button', { name: 'Play message from Ada Mini' }).click()

  // the same message on its own screen: the screen's controls take over, the mini player steps aside
  await mini.getByRole('link', { name: 'Ada Mini' }).click()
  await expect(page).toHaveURL(new RegExp(`/playback/${id}$`))
  await expect(page.getByRole('button', { name: 'Pause message from Ada Mini' })).toBeVisible()
  await expect(mini).toHaveCount(0)

  // back on the conversation it shows again, and Stop puts it away
  await page.goto(`/contacts/${bobToAda}`)
  await page.getByRole('button', { name: 'Play message from Ada Mini' }).click()
  await expect(mini).toBeVisible()
  await mini.getByRole('button', { name: 'Stop' }).click()
  await expect(mini).toHaveCount(0)
  expect(await audioElement(page).evaluate((audio: HTMLAudioElement) => audio.paused)).toBe(true)

  await close()
})

test('when a message ends the next unheard one plays on', async ({ insertUser, connect, signedInPage }) => {
  const ada = await insertUser({ name: 'Ada Next' })
  const bob = await insertUser({ name: 'Bob Next' })
  const adaToBob = await connect(ada, bob)
  const adaPage = await signedInPage(ada)
  const adaApi = adaPage.request
  const first = await sendRecording(adaApi, adaToBob, short)
  const second = await sendRecording(adaApi, adaToBob, short)

  const page = await signedInPage(bob)
  await page.goto(`/playback/${first}`)
  await expect(page.getByRole('switch', { name: 'Play next automatically' })).toBeChecked()
  await expect(page.getByRole('navigation', { name: 'Conversation' })).toContainText('1 of 2')
  await page.getByRole('button', { name: 'Play message from Ada Next' }).click()
  await expect(page).toHaveURL(new RegExp(`/playback/${second}$`), { timeout: 15_000 })
  await expect(page.getByRole('button', { name: 'Pause message from Ada Next' })).toBeVisible()

  await adaPage.context().close()
  await page.context().close()
})

test('an unsure transcript shows its unsure words faintly and holds back the mood', async ({ insertUser, signedInPage, connect, db }) => {
  const { page, id, close } = await bobHasAMessage({ insertUser, signedInPage, connect, db }, 'Unsure')
  // as pocketsphinx hears a muffled take: most words below 0.5, so the server stored no analysis (decision 92)
  const unsure = TIMED.slice(0, 8).map((w, i) => ({ ...w, confidence: i % 3 === 0 ? 0.8 : 0.3 }))
  await db.db
    .update(audioMessages)
    .set({
      transcription: unsure.map((w) => w.word).join(' '),
      wordTimestamps: unsure,
      transcriptConfidence: 0.47,
      emotions: [],
      topics: [],
      sentiment: null,
    })
    .where(eq(audioMessages.id, id))
  await page.goto(`/playback/${id}`)
  const insights = page.getByRole('region', { name: 'AI Insights' })
  await expect(insights).toContainText('Not enough clear words to read the mood')
  await expect(insights.getByRole('list', { name: 'Tips' })).toHaveCount(0)
  const transcript = page.getByRole('region', { name: 'Transcript' })
  await expect(transcript.locator('[data-confidence="low"]')).toHaveCount(5)
  await expect(transcript).toContainText('Faint words are ones the speech engine was unsure of.')
  await expectNoSeriousAxeInBothThemes(page, 'playback-unsure', { fullPage: true })
  await close()
})
