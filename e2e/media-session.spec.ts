import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { heardCount, tone, twoNewMessages } from './support/messages.ts'

// Listening with the screen off (decision 141): the lock screen's controls are the Media Session's action handlers,
// which these tests capture as the page registers them and call as a phone's lock screen or headset would.

type Hooks = { handlers: Record<string, (details: Record<string, unknown>) => void>; hidden: boolean }

/** Captures every action handler the page registers, and lets the test say the page is hidden. */
async function watchMediaSession(page: Page) {
  await page.addInitScript(() => {
    const hooks: Hooks = { handlers: {}, hidden: false }
    Object.assign(window, { hearthTest: hooks })
    const session = navigator.mediaSession
    const register = session.setActionHandler.bind(session)
    session.setActionHandler = (action, handler) => {
      if (handler) hooks.handlers[action] = handler as unknown as Hooks['handlers'][string]
      else delete hooks.handlers[action]
      register(action, handler)
    }
    // a locked phone or a tab in the background reports itself hidden
    Object.defineProperty(Document.prototype, 'visibilityState', {
      configurable: true,
      get: () => (hooks.hidden ? 'hidden' : 'visible'),
    })
    Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => hooks.hidden })
  })
}

async function press(page: Page, action: string, details: Record<string, unknown> = {}) {
  await page.evaluate(
    ([name, extra]) => {
      const handler = (window as unknown as { hearthTest: Hooks }).hearthTest.handlers[name]
      if (!handler) throw new Error(`no handler for ${name}`)
      handler({ action: name, ...extra })
    },
    [action, details] as const,
  )
}

const sessionTitle = (page: Page) => page.evaluate(() => navigator.mediaSession.metadata?.title ?? null)
const playerElement = (page: Page) =>
  page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('audio[data-slot="audio-player"]')
    return audio ? { paused: audio.paused, time: audio.currentTime } : null
  })

test.use({ viewport: { width: 390, height: 844 } })

test('the lock screen names the sender, and its play, pause, seek, next, previous and stop move Play all new', async ({
  insertUser,
  signedInPage,
  connect,
}) => {
  test.setTimeout(120_000)
  const { page } = await twoNewMessages({ insertUser, connect, signedInPage }, 'Locked', [tone(12, 392), tone(12, 440)], {
    viewport: { width: 390, height: 844 },
  })
  await watchMediaSession(page)
  await page.goto('/')
  await page.getByRole('button', { name: /^Play all new/ }).click()
  const mini = page.getByRole('region', { name: 'Now playing' })
  await expect(mini).toContainText('1 of 2')

  await expect.poll(() => sessionTitle(page)).toBe('Ada Locked')
  const metadata = await page.evaluate(() => {
    const m = navigator.mediaSession.metadata
    return m && { artist: m.artist, album: m.album, artwork: m.artwork.map((a) => ({ src: a.src, sizes: a.sizes })) }
  })
  expect(metadata?.artist).toBe('Hearth')
  expect(metadata?.album).toBe('New messages, 1 of 2')
  // no picture of Ada: the app's icon, at more than one size
  expect(metadata?.artwork.map((a) => a.sizes)).toEqual(['192x192', '512x512'])
  expect(metadata?.artwork[0]?.src).toMatch(/\/icons\/icon-192\.png$/)
  await expect.poll(() => page.evaluate(() => navigator.mediaSession.playbackState)).toBe('playing')

  await press(page, 'pause')
  await expect(mini.getByRole('button', { name: 'Play message from Ada Locked' })).toBeVisible()
  await expect.poll(() => page.evaluate(() => navigator.mediaSession.playbackState)).toBe('paused')
  expect((await playerElement(page))?.paused).toBe(true)

  await press(page, 'seekto', { seekTime: 6 })
  await expect.poll(async () => (await playerElement(page))?.time ?? 0).toBeCloseTo(6, 1)
  await press(page, 'seekbackward', { seekOffset: 2 })
  await expect.poll(async () => (await playerElement(page))?.time ?? 0).toBeCloseTo(4, 1)
  await press(page, 'seekforward', { seekOffset: 3 })
  await expect.poll(async () => (await playerElement(page))?.time ?? 0).toBeCloseTo(7, 1)

  await press(page, 'play')
  await expect(mini.getByRole('button', { name: 'Pause message from Ada Locked' })).toBeVisible()
  await expect.poll(async () => (await playerElement(page))?.paused).toBe(false)

  await press(page, 'nexttrack')
  await expect(mini).toContainText('2 of 2')
  await expect.poll(() => sessionTitle(page)).toBe('Bob Locked')
  await expect.poll(() => page.evaluate(() => navigator.mediaSession.metadata?.album)).toBe('New messages, 2 of 2')

  // near the start of Bob's, previous goes back to Ada's (paused first, so it is surely near the start)
  await press(page, 'pause')
  await press(page, 'previoustrack')
  await expect(mini).toContainText('1 of 2')
  await expect.poll(() => sessionTitle(page)).toBe('Ada Locked')

  await press(page, 'stop')
  await expect(mini).toBeHidden()
  await expect.poll(async () => (await playerElement(page))?.paused).toBe(true)

  await page.context().close()
})

test('Play all new goes on to the next message while the page is hidden (a locked phone)', async ({
  insertUser,
  signedInPage,
  connect,
  db,
}) => {
  test.setTimeout(120_000)
  const { page, first, second } = await twoNewMessages({ insertUser, connect, signedInPage }, 'Hidden', [tone(3, 392), tone(12, 440)], {
    viewport: { width: 390, height: 844 },
  })
  await watchMediaSession(page)
  await page.goto('/')
  await page.getByRole('button', { name: /^Play all new/ }).click()
  await expect.poll(() => sessionTitle(page)).toBe('Ada Hidden')

  // the screen goes off: nothing pauses on it
  await page.evaluate(() => {
    ;(window as unknown as { hearthTest: Hooks }).hearthTest.hidden = true
    document.dispatchEvent(new Event('visibilitychange'))
  })
  expect(await page.evaluate(() => document.visibilityState)).toBe('hidden')
  expect((await playerElement(page))?.paused).toBe(false)

  // Ada's ends and Bob's plays on, still hidden
  await expect.poll(() => sessionTitle(page), { timeout: 30_000 }).toBe('Bob Hidden')
  await expect.poll(async () => (await playerElement(page))?.time ?? 0, { timeout: 15_000 }).toBeGreaterThan(0.5)
  expect((await playerElement(page))?.paused).toBe(false)
  await expect.poll(() => page.evaluate(() => navigator.mediaSession.playbackState)).toBe('playing')
  expect(await page.evaluate(() => document.hidden)).toBe(true)
  await expect.poll(() => heardCount(db.db, [first, second])).toBe(2)

  await page.context().close()
})
