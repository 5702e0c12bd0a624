import type { Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import { audioMessages } from '#server/db/schema.ts'
import { expect, test } from './fixtures.ts'
import { expectNoSeriousAxeInBothThemes, seriousAxeViolations } from './support/axe.ts'
import { contactIdOf, sendRecording, tone } from './support/messages.ts'

// A short recording for sends through the API, as a browser would upload it.
const recording = tone(1)

const cards = (page: Page) => page.locator('[data-slot="overview-card"]')
const group = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

test('the overview searches, narrows by chips, regroups by emotion, and shows the one like both people see, live', async ({
  insertUser,
  signedInPage,
  connect,
  db,
}) => {
  test.setTimeout(120_000)
  const ada = await insertUser({ name: 'Ada Overview' })
  const bob = await insertUser({ name: 'Bob Overview' })
  const adaToBob = await connect(ada, bob)

  const adaPage = await signedInPage(ada)
  const bobPage = await signedInPage(bob)
  const bobToAda = await contactIdOf(bobPage.request, 'Ada Overview')

  const coffee = await sendRecording(adaPage.request, adaToBob, recording)
  const job = await sendRecording(adaPage.request, adaToBob, recording)
  const grandma = await sendRecording(bobPage.request, bobToAda, recording)
  const dinner = await sendRecording(bobPage.request, bobToAda, recording)

  // The server's speech engine works on these tones; once it has finished, give them known words and labels.
  const known: Record<string, Pick<typeof audioMessages.$inferInsert, 'transcription' | 'emotions' | 'topics'>> = {
    [coffee]: { transcription: "Let's grab coffee on Sunday morning", emotions: ['excited', 'happy'], topics: ['plans', 'food'] },
    [job]: { transcription: 'The new job starts Monday and I am nervous', emotions: ['anxious', 'excited'], topics: ['work'] },
    [grandma]: { transcription: 'Grandma loved the flowers you sent', emotions: ['grateful', 'loving'], topics: ['family'] },
    [dinner]: { transcription: 'Dinner with the family on Friday?', emotions: ['happy'], topics: ['family', 'plans', 'food'] },
  }
  for (const [id, values] of Object.entries(known)) {
    await expect
      .poll(async () => (await db.db.select().from(audioMessages).where(eq(audioMessages.id, id)))[0]?.processingStatus, {
        timeout: 90_000,
      })
      .toMatch(/^(completed|failed)$/)
    await db.db
      .update(audioMessages)
      .set({ ...values, processingStatus: 'completed', processingError: null })
      .where(eq(audioMessages.id, id))
  }

  // Ada finds the overview from the home screen.
  await adaPage.goto('/')
  await adaPage.getByRole('link', { name: 'Messages', exact: true }).click()
  await expect(adaPage).toHaveURL(/\/messages$/)
  await expect(adaPage.getByRole('heading', { name: 'Your Messages', level: 1 })).toBeVisible()
  await expect(adaPage.getByText('Organized by topics/emotions')).toBeVisible()

  // Grouped by topic: the biggest groups first, each with its count; your own messages say 'You'.
  await expect(group(adaPage, 'Plans')).toContainText('2 messages')
  await expect(group(adaPage, 'Family')).toContainText('2 messages')
  await expect(group(adaPage, 'Work')).toContainText('1 message')
  await expect(group(adaPage, 'Work').locator('[data-slot="overview-card"]')).toContainText('You')
  await expect(group(adaPage, 'Family').locator('[data-slot="overview-card"]').first()).toContainText('Bob Overview')
  await expect(group(adaPage, 'Liked')).toHaveCount(0)
  // each card's link is named with what it shows ('You', or the sender): axe finds no name that hides its text
  await expect(group(adaPage, 'Work').getByRole('link', { name: 'Message from you to Bob Overview' })).toHaveText('You')
  await expectNoSeriousAxeInBothThemes(adaPage, 'overview', { afterToasts: true, fullPage: true })

  // The search goes to the server: a transcript word by prefix, then an emotion in capitals.
  const searchBox = adaPage.getByRole('searchbox', { name: 'Search messages' })
  await expect(searchBox).toHaveAttribute('placeholder', 'Search messages, emotions, topics...')
  await searchBox.fill('grandm')
  await expect(cards(adaPage)).toHaveCount(1)
  // the results are said once they are in
  await expect(adaPage.locator('[data-slot="announcer"]')).toHaveText('Search found 1 message')
  await expect(cards(adaPage)).toContainText('Grandma loved the flowers you sent')
  await expect(adaPage).toHaveURL(/\?q=grandm$/)
  await searchBox.fill('EXCI')
  await expect(group(adaPage, 'Plans')).toContainText('1 message')
  await expect(adaPage.getByText('The new job starts Monday')).toBeVisible()
  await expect(adaPage.getByText('Grandma loved')).toHaveCount(0)
  await searchBox.fill('zebra')
  await expect(adaPage.getByText('No messages found matching your search')).toBeVisible()
  await expect(adaPage.locator('[data-slot="announcer"]')).toHaveText('Search found no messages')
  await adaPage.getByRole('button', { name: 'Clear search and filters' }).click()
  await expect(searchBox).toHaveValue('')
  await expect(group(adaPage, 'Family')).toContainText('2 messages')

  // Chips narrow on the loaded messages; two chips mean both must match.
  const chips = adaPage.getByRole('group', { name: 'Filter by:' })
  await chips.getByRole('button', { name: 'family', exact: true }).click()
  await expect(chips.getByRole('button', { name: 'family', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await expect(adaPage.getByText('Grandma loved the flowers you sent')).toBeVisible()
  await expect(adaPage.getByText('Dinner with the family on Friday?').first()).toBeVisible()
  await expect(adaPage.getByText("Let's grab coffee on Sunday morning")).toHaveCount(0)
  await chips.getByRole('button', { name: 'plans', exact: true }).click()
  await expect(adaPage.getByText('Grandma loved the flowers you sent')).toHaveCount(0)
  await expect(group(adaPage, 'Family')).toContainText('1 message')
  await expect(group(adaPage, 'Family')).toContainText('Dinner with the family on Friday?')

  // The toggle regroups by emotion (and starts the chips afresh with emotions).
  await adaPage.getByRole('button', { name: 'Emotions' }).click()
  await expect(adaPage.getByRole('button', { name: 'Emotions' })).toHaveAttribute('aria-pressed', 'true')
  await expect(group(adaPage, 'Excited')).toContainText('2 messages')
  await expect(group(adaPage, 'Happy')).toContainText('2 messages')
  await expect(group(adaPage, 'Family')).toHaveCount(0)
  await expect(chips.getByRole('button', { name: 'anxious', exact: true })).toBeVisible()
  await expect(chips.getByRole('button', { name: 'family', exact: true })).toHaveCount(0)

  // Bob has his overview open too; he likes Ada's message about the job from the conversation's API. The like is the
  // message's one heart, which both people see (decision 205): it joins Bob's Liked group and Ada's, live.
  await bobPage.goto('/messages?by=emotions')
  await expect(group(bobPage, 'Excited')).toContainText('2 messages')
  const liked = await bobPage.request.post(`/api/messages/${job}/like`, {
    data: { liked: true },
    headers: { origin: process.env.E2E_BASE_URL ?? '' },
  })
  expect(liked.status()).toBe(200)
  const bobsLiked = group(bobPage, 'Liked')
  await expect(bobsLiked).toContainText('1 message')
  await expect(bobsLiked.getByRole('img', { name: 'Liked' })).toBeVisible()
  await expect(bobsLiked).toContainText('The new job starts Monday')
  // Liked comes first, on both sides.
  await expect(bobPage.getByRole('heading', { level: 2 }).first()).toHaveText('Liked')
  await expect(group(adaPage, 'Liked')).toContainText('The new job starts Monday')
  await expect(adaPage.getByRole('heading', { level: 2 }).first()).toHaveText('Liked')

  // A right click opens the card's menu (as a 500 ms press does) without picking anything by itself.
  const jobCard = group(adaPage, 'Excited').locator('[data-slot="overview-card"]').filter({ hasText: 'The new job starts Monday' })
  await jobCard.click({ button: 'right' })
  await expect(adaPage.getByRole('menuitem', { name: 'Unlike' })).toBeVisible()
  await expect(adaPage.getByRole('menuitem', { name: 'Open' })).toBeVisible()
  // an open menu leaves the page readable: nothing focusable is hidden with aria-hidden
  expect(await seriousAxeViolations(adaPage)).toEqual([])
  await adaPage.keyboard.press('Escape')
  await expect(adaPage.getByRole('menu')).toHaveCount(0)
  await expect(group(adaPage, 'Liked')).toContainText('1 message')
  // Ada takes the heart away from the same menu: it goes for both of them
  await jobCard.click({ button: 'right' })
  await adaPage.getByRole('menuitem', { name: 'Unlike' }).click()
  await expect(group(adaPage, 'Liked')).toHaveCount(0)
  await expect(group(bobPage, 'Liked')).toHaveCount(0)
  // and gives it back
  await jobCard.click({ button: 'right' })
  await adaPage.getByRole('menuitem', { name: 'Like' }).click()
  await expect(group(adaPage, 'Liked')).toContainText('1 message')
  await expect(group(bobPage, 'Liked')).toContainText('1 message')
  const likedCard = group(adaPage, 'Liked').locator('[data-slot="overview-card"]')
  // a 500 ms press: hold, the menu opens, and letting go picks nothing
  await likedCard.hover()
  await adaPage.mouse.down()
  await expect(adaPage.getByRole('menuitem', { name: 'Unlike' })).toBeVisible()
  await adaPage.mouse.up()
  await expect(adaPage.getByRole('menuitem', { name: 'Unlike' })).toBeVisible()
  await adaPage.keyboard.press('Escape')
  await expect(likedCard.getByRole('img', { name: 'Liked' })).toBeVisible()

  // A card opens the message.
  await group(adaPage, 'Liked').getByRole('link', { name: 'Message from you to Bob Overview' }).click()
  await expect(adaPage).toHaveURL(new RegExp(`/playback/${job}$`))

  await adaPage.context().close()
  await bobPage.context().close()
})

test('someone without messages sees where to start', async ({ page, insertUser, login }) => {
  const cleo = await insertUser({ name: 'Cleo Overview' })
  await login(page, cleo)
  await page.goto('/messages')
  await expect(page.getByText('No messages yet')).toBeVisible()
  await page.getByRole('link', { name: 'Record a message' }).click()
  await expect(page).toHaveURL(/\/record\/select$/)
})
