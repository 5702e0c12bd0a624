import { expect, test } from './fixtures.ts'
import { expectNoSeriousAxeInBothThemes } from './support/axe.ts'
import { contactIdOf, sendRecording, tone } from './support/messages.ts'

// Recordings as a browser uploads them (Opus in WebM); each gets the playback rendition on the server (decision 70).
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
