import { expect, test } from './fixtures.ts'
import { expectNoSeriousAxeInBothThemes } from './support/axe.ts'
import { contactIdOf, heardCount, sendRecording, tone } from './support/messages.ts'
import { insertMessages } from '#server/test/data.ts'

const origin = () => process.env.E2E_BASE_URL ?? ''
const phone = { width: 390, height: 844 }

test('a like reaches the person whose voice it was, live, and a reply quotes what it answers (decision 205)', async ({
  insertUser,
  signedInPage,
  connect,
  db,
}) => {
  const ada = await insertUser({ name: 'Ada Heart' })
  const bob = await insertUser({ name: 'Bob Heart' })
  const adaToBob = await connect(ada, bob)
  const start = Date.now() - 30 * 60_000
  const [asked, voiceOnly] = await insertMessages(db.db, [
    {
      senderId: ada.id,
      receiverId: bob.id,
      transcription: 'Are you coming to the lake on Sunday? I can bring the old photos and the red canoe.',
      isRead: true,
      createdAt: new Date(start),
    },
    { senderId: bob.id, receiverId: ada.id, durationSeconds: 8, isRead: true, createdAt: new Date(start + 60_000) },
  ])
  if (!asked || !voiceOnly) throw new Error('messages not inserted')
  const [answer, mine] = await insertMessages(db.db, [
    {
      senderId: bob.id,
      receiverId: ada.id,
      transcription: 'Yes! Sunday works, I will be there by ten.',
      replyToId: asked.id,
      isRead: true,
      createdAt: new Date(start + 2 * 60_000),
    },
    { senderId: ada.id, receiverId: bob.id, transcription: 'Lovely.', replyToId: voiceOnly.id, createdAt: new Date(start + 3 * 60_000) },
  ])
  if (!answer || !mine) throw new Error('replies not inserted')

  const adaPage = await signedInPage(ada, { viewport: phone })
  const bobPage = await signedInPage(bob)
  await adaPage.goto(`/contacts/${adaToBob}`)
  const cards = adaPage.locator('[data-slot=message-card]')
  await expect(cards).toHaveCount(4)

  // Bob's reply quotes Ada's question as hers ('You'), Ada's quotes Bob's message without words by its length
  const quoteOfAsked = cards
    .nth(2)
    .getByRole('link', { name: /^In reply to You ?: Are you coming to the lake on Sunday\? I can bring the…$/ })
  await expect(quoteOfAsked).toBeVisible()
  await expect(cards.nth(3).getByRole('link', { name: /^In reply to Bob Heart ?: Voice message 0:08$/ })).toBeVisible()

  // Bob likes Ada's question: her open conversation shows the heart at once, without a reload
  const adasHeart = cards.first().getByRole('button', { name: 'Like' })
  await expect(adasHeart).toHaveAttribute('aria-pressed', 'false')
  const liked = await bobPage.request.post(`/api/messages/${asked.id}/like`, { data: { liked: true }, headers: { origin: origin() } })
  expect(liked.status()).toBe(200)
  await expect(adasHeart).toHaveAttribute('aria-pressed', 'true')
  // one heart: Bob sees it too, and Ada clearing it clears it for him
  await adasHeart.click()
  await expect(adasHeart).toHaveAttribute('aria-pressed', 'false')
  await expect
    .poll(async () => ((await (await bobPage.request.get(`/api/messages/${asked.id}`)).json()) as { liked: boolean }).liked)
    .toBe(false)
  await cards.nth(2).getByRole('button', { name: 'Like' }).click()
  await expect(cards.nth(2).getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true')
  await adaPage.screenshot({ path: test.info().outputPath('conversation-390.png') })
  await expectNoSeriousAxeInBothThemes(adaPage, 'conversation with a reply quote')

  // the reply's playback screen quotes it too, and the quote opens the answered message
  await adaPage.setViewportSize(phone)
  await adaPage.goto(`/playback/${answer.id}`)
  const quote = adaPage.getByRole('link', { name: /^In reply to You ?: Are you coming/ })
  await expect(quote).toBeVisible()
  await adaPage.screenshot({ path: test.info().outputPath('playback-390.png') })
  await expectNoSeriousAxeInBothThemes(adaPage, 'playback of a reply')
  await quote.click()
  await expect(adaPage).toHaveURL(new RegExp(`/playback/${asked.id}$`))
  await expect(adaPage.getByRole('link', { name: /^In reply to/ })).toHaveCount(0)
})

test('a message that arrives in the open conversation is seen: no title count, no home badge, still new (decision 206)', async ({
  insertUser,
  signedInPage,
  connect,
  db,
}) => {
  test.setTimeout(90_000)
  const clip = tone(3, 440)
  const ada = await insertUser({ name: 'Ada Seen' })
  const bob = await insertUser({ name: 'Bob Seen' })
  const adaToBob = await connect(ada, bob)
  const adaPage = await signedInPage(ada, { viewport: phone })
  const bobPage = await signedInPage(bob)
  const bobToAda = await contactIdOf(bobPage.request, 'Ada Seen')
  const tile = adaPage.locator('[data-slot=contact-tile-avatar]')
  const unreadOnServer = async () =>
    ((await (await adaPage.request.get(`/api/contacts/${adaToBob}`)).json()) as { unread_count: number }).unread_count

  // on home, a new message counts: the title and the tile's badge say 1
  await adaPage.goto('/')
  await expect(tile).toHaveCount(1)
  const first = await sendRecording(bobPage.request, bobToAda, clip)
  await expect(tile.locator('[data-slot=unread-badge]')).toHaveText('1')
  await expect(adaPage).toHaveTitle(/^\(1\) /)

  // opening the conversation sees it: the count goes, on the server too, and it stays new
  await adaPage.goto(`/contacts/${adaToBob}`)
  const cards = adaPage.locator('[data-slot=message-card]')
  await expect(cards).toHaveCount(1)
  await expect(adaPage).toHaveTitle('Bob Seen - Hearth')
  await expect.poll(unreadOnServer).toBe(0)

  // a message arriving while it is open and in view is never counted, and shows as new, unplayed
  expect(await adaPage.evaluate(() => document.visibilityState)).toBe('visible')
  const second = await sendRecording(bobPage.request, bobToAda, clip)
  await expect(cards).toHaveCount(2)
  await expect(cards.last().getByText('New', { exact: true })).toBeVisible()
  await expect(cards.last().getByRole('heading')).toHaveText('Bob Seen, new')
  await expect.poll(unreadOnServer).toBe(0)
  await expect(adaPage).toHaveTitle('Bob Seen - Hearth')
  await adaPage.screenshot({ path: test.info().outputPath('seen-conversation-390.png') })
  await expectNoSeriousAxeInBothThemes(adaPage, 'conversation with a seen, unplayed message')

  // home has no badge for them; both messages are still unplayed
  await adaPage.setViewportSize(phone)
  await adaPage.goto('/')
  await expect(tile).toHaveCount(1)
  await expect(adaPage).toHaveTitle('Your circle - Hearth')
  await expect(tile.locator('[data-slot=unread-badge]')).toHaveCount(0)
  expect(await heardCount(db.db, [first, second])).toBe(0)
  await adaPage.screenshot({ path: test.info().outputPath('seen-home-390.png') })
})
