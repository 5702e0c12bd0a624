import { expect, test } from './fixtures.ts'
import { expectNoSeriousAxeInBothThemes } from './support/axe.ts'
import { contactIdOf, sendRecording, tone } from './support/messages.ts'
import type { Page } from '@playwright/test'
import { insertMessages } from '#server/test/data.ts'

// Recordings as a browser uploads them (Opus in WebM), with the length the recorder declares; each message's job
// makes its recording playable (decision 174).
const clip = tone(4, 392)

test('the conversation reads like a chat: oldest at the top, newest at the bottom and in view; the waveform seeks', async ({
  insertUser,
  signedInPage,
  connect,
}) => {
  // seven uploads, each transcoded on the server, then axe in both themes
  test.setTimeout(120_000)
  const ada = await insertUser({ name: 'Ada Chat' })
  const bob = await insertUser({ name: 'Bob Chat' })
  const adaToBob = await connect(ada, bob)
  const adaPage = await signedInPage(ada)
  const bobPage = await signedInPage(bob)
  const bobContact = await contactIdOf(bobPage.request, 'Ada Chat')
  // six messages, alternating, sent one after the other
  for (let i = 0; i < 6; i++) {
    if (i % 2 === 0) await sendRecording(adaPage.request, adaToBob, clip)
    else await sendRecording(bobPage.request, bobContact, clip)
  }

  await adaPage.setViewportSize({ width: 390, height: 844 })
  await adaPage.goto(`/contacts/${adaToBob}`)
  const cards = adaPage.locator('[data-slot=message-card]')
  await expect(cards).toHaveCount(6)
  // oldest first: Ada sent the first, Bob the last
  await expect(cards.first().getByRole('heading')).toHaveText('You')
  await expect(cards.last().getByRole('heading')).toContainText('Bob Chat')
  // anchored at the bottom: the newest is on screen, yours sit on the right
  await expect(cards.last()).toBeInViewport()
  const [mine, theirs] = await Promise.all([cards.first().boundingBox(), cards.last().boundingBox()])
  expect(mine?.x ?? 0).toBeGreaterThan(theirs?.x ?? 0)

  // tap near the end of the newest message's waveform: it is loaded there, not from the start
  const seek = cards.last().getByRole('slider', { name: 'Seek message from Bob Chat' })
  const box = await seek.boundingBox()
  await adaPage.mouse.click((box?.x ?? 0) + (box?.width ?? 0) * 0.75, (box?.y ?? 0) + (box?.height ?? 0) / 2)
  await expect(seek).toHaveAttribute('aria-valuenow', '3')
  await seek.focus()
  await adaPage.keyboard.press('Home')
  await expect(seek).toHaveAttribute('aria-valuenow', '0')
  // the bubble that plays shows the speed on itself; it is the shared player's speed
  await expect(cards.last().getByRole('button', { name: /Change speed/ })).toBeVisible()
  await expect(cards.first().getByRole('button', { name: /Change speed/ })).toHaveCount(0)
  await cards
    .last()
    .getByRole('button', { name: /Change speed/ })
    .click()
  await expect(cards.last().getByRole('button', { name: /Change speed/ })).toHaveText(/1\.2×/)
  await cards
    .last()
    .getByRole('button', { name: /Change speed/ })
    .click()
  await expect(cards.last().getByRole('button', { name: /Change speed/ })).toHaveText(/1\.5×/)

  // a message arriving while the conversation is open rises into place; those already there do not, and under
  // reduced motion nothing moves
  await sendRecording(bobPage.request, bobContact, clip)
  await expect(cards).toHaveCount(7)
  const arrivals = adaPage.locator('[data-slot=message-list] > li[data-arrived]')
  await expect(arrivals).toHaveCount(1)
  await expect(arrivals.locator('[data-slot=message-card]')).toHaveText(/Bob Chat/)
  const animation = () => arrivals.evaluate((item) => getComputedStyle(item).animationName)
  expect(await animation()).toBe('in-rise')
  await adaPage.emulateMedia({ reducedMotion: 'reduce' })
  expect(await animation()).toBe('none')
  await adaPage.emulateMedia({ reducedMotion: 'no-preference' })

  await expectNoSeriousAxeInBothThemes(adaPage, 'conversation')
  await adaPage.context().close()
  await bobPage.context().close()
})

const SPOKEN = [
  'Morning! I found the old photos from the lake house, the ones with the red canoe and the terrible hats.',
  'Ha, I remember those hats. Sunday works for me if the weather holds, shall we walk the long way round?',
  'Sunday then. I will bring coffee and the photos, and you bring the stories about the canoe.',
  'Deal. Also, my sister says hello and wants to know whether you still make that lemon cake.',
  'Tell her yes, and that I will bake one for her birthday next month if she promises to visit.',
  'She promised. She is already planning the trip and asked about trains from the coast.',
  'The early train is the nicest one, it runs along the water for most of the way.',
  'Perfect, I will send her the times tonight. Talk soon, and thank you for the photos.',
]

/** Bubbles whose whole box lies between the bottom of the sticky header and the top of the composer. */
async function bubblesFullyInView(page: Page): Promise<number> {
  return page.evaluate(() => {
    const top = document.querySelector('[data-slot=conversation-header]')?.getBoundingClientRect().bottom ?? 0
    const bottom = document.querySelector('[data-slot=conversation-composer]')?.getBoundingClientRect().top ?? window.innerHeight
    return [...document.querySelectorAll('[data-slot=message-card]')].filter((card) => {
      const box = card.getBoundingClientRect()
      return box.top >= top && box.bottom <= Math.min(bottom, window.innerHeight)
    }).length
  })
}

test('a conversation reads at a glance: compact bubbles, the header stays, the transcript opens on demand', async ({
  insertUser,
  signedInPage,
  connect,
  db,
}) => {
  const ada = await insertUser({ name: 'Ada Glance' })
  const bob = await insertUser({ name: 'Bartholomew Maximilian Featherstonehaugh-Glance' })
  const adaToBob = await connect(ada, bob)
  const start = Date.now() - 60 * 60_000
  const peaks = Array.from({ length: 64 }, (_, i) => 0.2 + 0.6 * Math.abs(Math.sin(i / 5)))
  await insertMessages(
    db.db,
    SPOKEN.map((transcription, i) => ({
      senderId: i % 2 === 0 ? ada.id : bob.id,
      receiverId: i % 2 === 0 ? bob.id : ada.id,
      transcription,
      waveform: peaks,
      durationSeconds: 8 + i,
      emotions: i % 3 === 0 ? ['joy', 'calm'] : [],
      topics: i % 3 === 0 ? ['family', 'travel'] : [],
      isRead: i < 6,
      createdAt: new Date(start + i * 60_000),
    })),
  )
  const adaPage = await signedInPage(ada)
  await adaPage.setViewportSize({ width: 390, height: 844 })
  await adaPage.goto(`/contacts/${adaToBob}`)
  const cards = adaPage.locator('[data-slot=message-card]')
  await expect(cards).toHaveCount(8)
  await expect(cards.last()).toBeInViewport({ ratio: 1 })
  // like a chat app: most of a short conversation is readable without scrolling
  expect(await bubblesFullyInView(adaPage)).toBeGreaterThanOrEqual(6)

  // a long name is cut in the header, and the whole of it is still there to read and to hear
  const heading = adaPage.getByRole('heading', { level: 1 })
  await expect(heading).toHaveAccessibleName('Bartholomew Maximilian Featherstonehaugh-Glance')
  await expect(heading).toHaveAttribute('title', 'Bartholomew Maximilian Featherstonehaugh-Glance')
  const headerBox = await heading.boundingBox()
  expect((headerBox?.x ?? 0) + (headerBox?.width ?? 0)).toBeLessThanOrEqual(390)

  // every bubble keeps its parts: play, the waveform to scrub, like; received ones Reply; the unread ones say so
  const newest = cards.last()
  await expect(newest.getByRole('button', { name: /^Play message from Bartholomew/ })).toBeVisible()
  await expect(newest.getByRole('slider', { name: /^Seek message from Bartholomew/ })).toBeVisible()
  await expect(newest.getByRole('button', { name: 'Like' })).toBeVisible()
  await expect(newest.getByRole('link', { name: 'Reply' })).toBeVisible()
  await expect(newest.getByText('New', { exact: true })).toBeVisible()
  await expect(cards.first().getByRole('list', { name: 'Topics' })).toContainText('#family')

  // the transcript is folded to a line and opens on demand
  const text = newest.locator('[data-slot=message-text]')
  const folded = (await text.boundingBox())?.height ?? 0
  expect(folded).toBeLessThanOrEqual(24)
  const more = newest.getByRole('button', { name: 'Full transcript' })
  await expect(more).toHaveAttribute('aria-expanded', 'false')
  await more.click()
  await expect(more).toHaveAttribute('aria-expanded', 'true')
  await expect(text).toHaveAttribute('data-state', 'open')
  expect((await text.boundingBox())?.height ?? 0).toBeGreaterThan(folded)
  await expect(newest.locator('[data-slot=transcript-word]').first()).toHaveText('Perfect,')
  await more.click()
  await expect(more).toHaveAttribute('aria-expanded', 'false')

  // scrolled to the top, the header is still in view
  await adaPage.evaluate(() => window.scrollTo({ top: 0 }))
  await expect(cards.first()).toBeInViewport()
  await expect(heading).toBeInViewport()
  await adaPage.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight }))
  await expect(heading).toBeInViewport()

  await expectNoSeriousAxeInBothThemes(adaPage, 'conversation-glance')
  await adaPage.setViewportSize({ width: 1280, height: 800 })
  await adaPage.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight }))
  expect(await bubblesFullyInView(adaPage)).toBeGreaterThanOrEqual(6)
})

test('home reads like a calm inbox: new messages on the tile and in the tab title, and who is waiting for a reply', async ({
  insertUser,
  signedInPage,
  connect,
}) => {
  const ada = await insertUser({ name: 'Ada Inbox' })
  const bob = await insertUser({ name: 'Bob Inbox' })
  const adaToBob = await connect(ada, bob)
  const adaPage = await signedInPage(ada)
  for (let i = 0; i < 2; i++) await sendRecording(adaPage.request, adaToBob, clip)

  await adaPage.goto('/')
  await expect(adaPage.getByRole('link', { name: /^Bob Inbox/ })).toContainText('Waiting for their reply · 2/3')
  await expect(adaPage).toHaveTitle('Your circle - Hearth')

  const bobPage = await signedInPage(bob)
  await bobPage.goto('/')
  await expect(bobPage.getByRole('link', { name: /^Ada Inbox/ })).toContainText('New message · now')
  await expect(bobPage).toHaveTitle('(2) Your circle - Hearth')
  await expectNoSeriousAxeInBothThemes(bobPage, 'home-inbox')
  // the count stays in front of every screen's title, as in a mail or chat app's background tab
  await bobPage.getByRole('link', { name: 'Settings' }).click()
  await expect(bobPage.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(bobPage).toHaveTitle(/^\(2\) Settings/)
  await bobPage.goto('/messages')
  await expect(bobPage).toHaveTitle(/^\(2\) /)
  await adaPage.context().close()
  await bobPage.context().close()
})
