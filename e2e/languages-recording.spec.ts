import type { Page } from '@playwright/test'
import { SHARE_TEXTS } from '#shared/share-target.ts'
import { expect, test, type E2EUser } from './fixtures.ts'
import { expectNoSeriousAxeInBothThemes } from './support/axe.ts'
import { plainEnglish, PSEUDO_ALLOWED } from './support/languages.ts'
import { fakeMicrophone, tone } from './support/messages.ts'

/*
 * Making and sending in the reader's language (decisions 220 and 221), on a phone: choosing whom to record for,
 * recording (from Chromium's fake microphone) and the preview, a share that came too early, and a session.
 */
const PHONE = { width: 390, height: 844 }
test.use({ viewport: PHONE, launchOptions: fakeMicrophone(tone(8, 300, 'wav')) })

type Fixtures = {
  insertUser: (options?: { name?: string }) => Promise<E2EUser>
  connect: (from: E2EUser, to: E2EUser) => Promise<string>
  signedInPage: (person: E2EUser) => Promise<Page>
  baseURL: string | undefined
}

/** Ada, reading `language` (the device's when null), with Bob in her circle and one session of her own. */
async function setUp({ insertUser, connect, signedInPage, baseURL }: Fixtures, language: 'es' | 'ar' | null) {
  const ada = await insertUser({ name: 'Ada Grabadora' })
  const bob = await insertUser({ name: 'Bob Oyente' })
  const contactId = await connect(ada, bob)
  const page = await signedInPage(ada)
  const headers = { origin: baseURL ?? '' }
  if (language) expect((await page.request.patch('/api/profile', { data: { language }, headers })).ok()).toBe(true)
  expect((await page.request.post('/api/sessions', { data: {}, headers })).ok()).toBe(true)
  return { ada, contactId, page }
}

test('in Spanish: whom to record for, a session, a share too early, and a recording to hear before sending', async ({
  insertUser,
  connect,
  signedInPage,
  baseURL,
}) => {
  const { contactId, page } = await setUp({ insertUser, connect, signedInPage, baseURL }, 'es')
  await page.goto('/record/select')
  await expect(page.getByRole('heading', { level: 1, name: 'Grabar un mensaje' })).toBeVisible()
  await expect(page.getByText('¿A quién quieres enviarle un mensaje de voz?')).toBeVisible()
  await expect(page.getByText('Listo para recibir tu mensaje')).toBeVisible()
  for (const english of ['Record a message', 'Ready to receive your message', 'Who would you like to send a voice message to?'])
    await expect(page.getByText(english)).toHaveCount(0)

  await page.goto('/sessions')
  await expect(page.getByRole('heading', { level: 1, name: 'Sesiones' })).toBeVisible()
  await expect(page.getByText('0 notas')).toBeVisible()
  await expect(page.getByRole('button', { name: /^Grabar una nota en Sesión / })).toBeVisible()
  await expect(page.getByText(/^Session \d/)).toHaveCount(0)

  await page.goto('/share/not-ready')
  await expect(page.getByText('Abre Hearth una vez y vuelve a compartir')).toBeVisible()
  await expect(page.getByText(SHARE_TEXTS.notReadyTitle)).toHaveCount(0)

  await page.goto(`/record/${contactId}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Mensaje para Bob Oyente' })).toBeVisible()
  await page.getByRole('button', { name: 'Empezar a grabar' }).click()
  await expect(page.getByRole('timer')).toHaveText('0:01', { timeout: 15_000 })
  await expect(page.getByText('Grabando', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Toca para detener' }).click()
  await expect(page.getByRole('heading', { name: 'Escúchalo antes de enviarlo' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Volver a grabar' })).toBeVisible()
  for (const english of ['Listen before you send', 'Re-record', 'Discard']) await expect(page.getByText(english)).toHaveCount(0)
})

test('in Arabic the screens run right to left, and axe finds nothing in either theme', async ({
  insertUser,
  connect,
  signedInPage,
  baseURL,
}) => {
  const { contactId, page } = await setUp({ insertUser, connect, signedInPage, baseURL }, 'ar')
  await page.goto('/record/select')
  await expect(page.getByRole('heading', { level: 1, name: 'سجّل رسالة' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expectNoSeriousAxeInBothThemes(page, 'record-select-ar')

  await page.goto('/sessions')
  await expect(page.getByRole('heading', { level: 1, name: 'الجلسات' })).toBeVisible()
  await expectNoSeriousAxeInBothThemes(page, 'sessions-ar')

  await page.goto(`/record/${contactId}`)
  await page.getByRole('button', { name: 'ابدأ التسجيل' }).click()
  await expect(page.getByRole('timer')).toHaveText('0:01', { timeout: 15_000 })
  await page.getByRole('button', { name: 'انقر للإيقاف' }).click()
  await expect(page.getByRole('heading', { name: 'استمع قبل أن ترسل' })).toBeVisible()
  await expectNoSeriousAxeInBothThemes(page, 'record-preview-ar', { reducedMotion: true })
})

test('the pseudo-locale finds no English left on the recording screens', async ({ insertUser, connect, signedInPage, baseURL }) => {
  const { ada, contactId, page } = await setUp({ insertUser, connect, signedInPage, baseURL }, null)
  // the session's day comes from Intl, which speaks English for the pseudo-locale
  const day = new Date().toLocaleDateString('en', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
  const allowed = [...PSEUDO_ALLOWED, ada.name, 'Bob Oyente', day]
  // what the recorder says to a screen reader as it changes state is written in use-recorder.ts, not yet translated
  const announcements = [
    'Starting the microphone',
    'Microphone on: recording',
    'Microphone paused',
    'Microphone off: your recording is ready to hear',
  ]
  const check = async (path: string) => {
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA')
    await page.waitForLoadState('networkidle')
    expect(
      (await plainEnglish(page, allowed)).filter((text) => !announcements.includes(text)),
      path,
    ).toEqual([])
  }
  await page.goto('/record/select?locale=en-XA')
  await expect(page.getByRole('list')).toBeVisible()
  await check('/record/select')
  await page.goto('/sessions')
  await expect(page.locator('[data-slot="card"]').first()).toBeVisible()
  await check('/sessions')
  await page.goto('/share')
  await expect(page.locator('[data-slot="empty"]').first()).toBeVisible()
  await check('/share')
  await page.goto('/share/not-ready')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await check('/share/not-ready')
  await page.goto(`/record/${contactId}`)
  await expect(page.locator('[data-slot="record-intro"]')).toBeVisible()
  await check('/record/:id')
  await page.locator('[data-slot="big-round-button"]').click()
  await expect(page.getByRole('timer')).toHaveText('0:01', { timeout: 15_000 })
  await check('/record/:id recording')
  await page.locator('[data-slot="live-recording"] button').nth(1).click()
  await expect(page.locator('[data-slot="recorded-panel"]')).toBeVisible()
  await check('/record/:id preview')
})
