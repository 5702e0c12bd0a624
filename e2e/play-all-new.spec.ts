import { expect, test } from './fixtures.ts'
import { expectNoSeriousAxeInBothThemes } from './support/axe.ts'
import { heardCount, tone, twoNewMessages } from './support/messages.ts'

// Recordings as a browser uploads them. Ada's is long enough to be paused for the axe check on a slow machine
// (a 3 s one could end before the Pause click lands); Bob's is short so the queue ends soon after.
const adaRecording = tone(12, 392)
const bobRecording = tone(3, 392)

test('Play all new plays two people’s messages in arrival order, hands-free, marking each heard', async ({
  insertUser,
  signedInPage,
  connect,
  db,
}) => {
  test.setTimeout(120_000)
  const { page, first, second } = await twoNewMessages({ insertUser, connect, signedInPage }, 'Queue', [adaRecording, bobRecording])

  await page.goto('/')
  const playAll = page.getByRole('button', { name: /^Play all new/ })
  await expect(playAll).toContainText('2')
  await playAll.click()

  const mini = page.getByRole('region', { name: 'Now playing' })
  await expect(mini).toContainText('1 of 2')
  await expect(mini.getByRole('link', { name: 'Ada Queue' })).toBeVisible()
  await expect(mini.getByRole('button', { name: /^Change speed, now 1×/ })).toBeVisible()

  // paused part-way, the mini player stays: axe on home with it, in both themes
  await mini.getByRole('button', { name: 'Pause message from Ada Queue' }).click()
  await expectNoSeriousAxeInBothThemes(page, 'home-play-all-new', { afterToasts: true, reducedMotion: true })
  await mini.getByRole('button', { name: 'Play message from Ada Queue' }).click()

  // hands-free: Bob's follows Ada's
  await expect(mini).toContainText('2 of 2', { timeout: 30_000 })
  await expect(mini.getByRole('link', { name: 'Bob Queue' })).toBeVisible()
  await expect(mini).toBeHidden({ timeout: 15_000 })

  // each was marked heard as it played, so there is nothing new left
  await expect.poll(() => heardCount(db.db, [first, second])).toBe(2)
  await expect(playAll).toBeHidden()

  // the playback screen keeps its controls in reach on a phone, one speed pill, axe clean
  await page.goto(`/playback/${first}`)
  await expect(page.getByRole('button', { name: /^Change speed, now/ })).toBeVisible()
  await expectNoSeriousAxeInBothThemes(page, 'playback-dock', { reducedMotion: true })

  await page.context().close()
})
