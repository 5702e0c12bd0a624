import type { Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import { profiles } from '#server/db/schema.ts'
import type { RelationshipHealth } from '#shared/relationship-health.ts'
import { insertConnectedPair, insertMessages } from '#server/test/data.ts'
import { expect, test, type E2EUser } from './fixtures.ts'
import { expectNoSeriousAxeInBothThemes } from './support/axe.ts'
import { plainEnglish, PSEUDO_ALLOWED } from './support/languages.ts'

/*
 * One person and listening in the reader's language (decisions 220 and 221), on a phone: the conversation, the
 * contact's detail with its health card, and the playback screen of one message, with transcripts and the analysis'
 * labels on them. Spanish reads Spanish (the labels too), Arabic runs right to left with axe clean in both themes,
 * and the pseudo-locale finds no English left.
 */
const PHONE = { width: 390, height: 844 }

/** What they said, in words no screen uses, so that the pseudo-locale's check can let each word through. */
const TRANSCRIPTS = ['tulips garden springtime', 'lovely garden photograph', 'coffee Sunday morning']
const SPOKEN_WORDS = TRANSCRIPTS.flatMap((transcript) => transcript.split(' '))

type Pair = { owner: E2EUser; friend: E2EUser; contactId: string; lastId: string }

/** Ada and Bea in each other's circles, three messages between them, their words and labels already found. */
async function pairWithMessages(
  insertUser: (options?: { name?: string }) => Promise<E2EUser>,
  db: Parameters<typeof insertConnectedPair>[0],
  suffix: string,
): Promise<Pair> {
  const owner = await insertUser({ name: `Ada ${suffix}` })
  const friend = await insertUser({ name: `Bea ${suffix}` })
  const { aToB } = await insertConnectedPair(db, owner, friend, { mutual: true })
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000)
  const [, , last] = await insertMessages(db, [
    {
      senderId: friend.id,
      receiverId: owner.id,
      transcription: TRANSCRIPTS[0],
      emotions: ['happy'],
      topics: ['family'],
      createdAt: minutesAgo(30),
      isRead: true,
    },
    { senderId: owner.id, receiverId: friend.id, transcription: TRANSCRIPTS[1], createdAt: minutesAgo(20), isRead: true },
    {
      senderId: friend.id,
      receiverId: owner.id,
      transcription: TRANSCRIPTS[2],
      emotions: ['excited'],
      topics: ['plans'],
      sentiment: 0.6,
      createdAt: minutesAgo(5),
    },
  ])
  return { owner, friend, contactId: aToB, lastId: last?.id ?? '' }
}

const setLanguage = (db: Parameters<typeof insertConnectedPair>[0], person: E2EUser, language: 'es' | 'ar') =>
  db.update(profiles).set({ language }).where(eq(profiles.id, person.id))

/** The three screens of the area, each once its content is there. */
function screens(pair: Pair): { path: string; ready: (page: Page) => Promise<void> }[] {
  return [
    {
      path: `/contacts/${pair.contactId}`,
      ready: (page) => expect(page.locator('[data-slot=message-card]')).toHaveCount(3),
    },
    {
      path: `/contacts/profile/${pair.contactId}`,
      ready: async (page) => {
        await expect(page.locator('[data-slot=message-row]')).toHaveCount(3)
        await expect(page.locator('[data-slot=health-card] [role=progressbar]')).toBeVisible()
      },
    },
    {
      path: `/playback/${pair.lastId}`,
      ready: (page) => expect(page.locator('[data-slot=insights-card] li').first()).toBeVisible(),
    },
  ]
}

test.use({ viewport: PHONE })

test('in Spanish: the conversation, the contact with health, and playback speak Spanish, the labels too', async ({
  page,
  insertUser,
  login,
  db,
}) => {
  const pair = await pairWithMessages(insertUser, db.db, 'Lengua')
  await setLanguage(db.db, pair.owner, 'es')
  await login(page, pair.owner)

  await page.goto(`/contacts/${pair.contactId}`)
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page.getByRole('button', { name: `Reproducir mensaje de ${pair.friend.name}` }).first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Reproducir tu mensaje' })).toBeVisible()
  await expect(page.getByText('alegría', { exact: true })).toBeVisible()
  await expect(page.getByText('#planes', { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: /^Abrir mensaje de Bea Lengua, hace \d+ min$/ }).last()).toBeVisible()
  for (const english of ['happy', '#plans', 'New']) await expect(page.getByText(english, { exact: true })).toHaveCount(0)
  await expect(page.getByRole('link', { name: /Open message/ })).toHaveCount(0)

  await page.goto(`/contacts/profile/${pair.contactId}`)
  await expect(page.getByRole('heading', { name: 'Conversación (3)' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Salud de la relación' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Ver perfil público' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Grabar un mensaje' })).toBeVisible()
  await expect(page).toHaveTitle(`Tú y ${pair.friend.name} - Hearth`)
  for (const english of ['Relationship Health', 'View public profile', 'Record New Message', 'Conversation (3)'])
    await expect(page.getByText(english, { exact: true })).toHaveCount(0)

  await page.goto(`/playback/${pair.lastId}`)
  const insights = page.getByRole('region', { name: 'Claves con IA' })
  await expect(insights).toBeVisible()
  await expect(insights.getByText('Se nota entusiasmo en su voz. Cuéntale qué parte te gustó más escuchar.')).toBeVisible()
  await expect(insights.getByText('#planes')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Grabar una respuesta pensada' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Transcripción' })).toBeVisible()
  for (const english of ['AI Insights', 'Record Thoughtful Reply', 'Transcript', 'Play next automatically'])
    await expect(page.getByText(english, { exact: true })).toHaveCount(0)
})

test('in Arabic: each screen runs right to left, and axe finds nothing in either theme', async ({ page, insertUser, login, db }) => {
  const pair = await pairWithMessages(insertUser, db.db, 'Arabi')
  await setLanguage(db.db, pair.owner, 'ar')
  await login(page, pair.owner)
  for (const [index, screen] of screens(pair).entries()) {
    await page.goto(screen.path)
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await screen.ready(page)
    await expectNoSeriousAxeInBothThemes(page, `conversation-ar-${index}`, { fullPage: true })
  }
})

test('in the pseudo-locale: no English is left on any of the screens', async ({ page, insertUser, login, db }) => {
  const pair = await pairWithMessages(insertUser, db.db, 'Pseudo')
  await login(page, pair.owner)
  // taken out in this order: what people said is theirs, in their words; then the other areas' texts, which hold names
  const allowed = [
    ...SPOKEN_WORDS,
    ...PSEUDO_ALLOWED,
    pair.owner.name,
    pair.friend.name,
    // a bubble's full time, as the browser's Intl says it: it has no pseudo-locale of its own
    'minutes ago',
  ]
  await page.goto('/?locale=en-XA')
  for (const screen of screens(pair)) {
    await page.goto(screen.path)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA')
    await screen.ready(page)
    await page.waitForLoadState('networkidle')
    expect(await plainEnglish(page, allowed), screen.path).toEqual([])
  }
  // the server writes the insights and tips in the reader's language, which the pseudo-locale is not (so English;
  // computed again once the playback screen has marked the last message heard), and the browser's Intl writes the
  // weeks' dates (it has no pseudo-locale either)
  const readHealth = async () => (await (await page.request.get(`/api/contacts/${pair.contactId}/health`)).json()) as RelationshipHealth
  await expect.poll(async () => (await readHealth()).insights.length).toBeGreaterThan(0)
  const health = await readHealth()
  const weekDate = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' })
  allowed.unshift(
    ...health.insights.flatMap((insight) => [insight.title, insight.description]),
    ...health.tips,
    ...health.activity.map((week) => weekDate.format(new Date(`${week.week_start}T00:00:00Z`))),
  )
  // the health card's folded sections and its "We met" dialog
  await page.goto(`/contacts/profile/${pair.contactId}`)
  const card = page.locator('[data-slot=health-card]')
  await expect(card.locator('button[aria-expanded=false]:not([aria-haspopup])')).toHaveCount(3)
  for (let i = 0; i < 3; i++) await card.locator('button[aria-expanded=false]:not([aria-haspopup])').first().click()
  await expect(card.locator('button[aria-expanded=false]:not([aria-haspopup])')).toHaveCount(0)
  expect(await plainEnglish(page, allowed), 'health sections').toEqual([])
  await card.locator('button[aria-haspopup=dialog]').click()
  await expect(page.getByRole('dialog')).toBeVisible()
  expect(await plainEnglish(page, allowed), 'we met').toEqual([])
})
