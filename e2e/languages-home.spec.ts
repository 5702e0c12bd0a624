import { type Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import { contacts, conversations, profiles } from '#server/db/schema.ts'
import type { Executor } from '#server/db/client.ts'
import { insertConnectedPair, insertMessages } from '#server/test/data.ts'
import type { Locale } from '#shared/locales.ts'
import { expect, test, type E2EUser } from './fixtures.ts'
import { expectNoSeriousAxeInBothThemes } from './support/axe.ts'
import { plainEnglish, PSEUDO_ALLOWED } from './support/languages.ts'

/*
 * The circle's screens in the reader's language (decisions 220 and 221), on a phone: home with two contacts and an
 * unheard message (and its edit mode), a message request, an archived contact, the add-contact hub and a directory
 * search, in Spanish, in Arabic (right to left, axe clean in both themes) and in the pseudo-locale (no English left).
 */
const PHONE = { width: 390, height: 844 }

type Circle = { me: E2EUser; names: string[] }

/**
 * Texts home shows from resources outside the circle's screens (the push offer, each tile's record button), which
 * their own areas translate: left out here so that this spec finds what the circle's own screens leave in English.
 */

test.use({ viewport: PHONE })

/** Me with Ada (who sent me a message I have not heard) and Bob in my circle, Sam asking to talk, Cleo archived. */
async function circleWithEverything(
  db: Executor,
  insertUser: (options: { name: string }) => Promise<E2EUser>,
  language: Locale | null,
): Promise<Circle> {
  const suffix = Date.now().toString(36)
  const [me, ada, bob, sam, cleo] = await Promise.all(
    ['Mira', 'Ada', 'Bob', 'Sam', 'Cleo'].map((name) => insertUser({ name: `${name} ${suffix}` })),
  )
  if (!me || !ada || !bob || !sam || !cleo) throw new Error('people not inserted')
  const { aToB: meToAda } = await insertConnectedPair(db, me, ada, { mutual: true })
  await insertConnectedPair(db, me, bob, { mutual: true })
  const { aToB: meToCleo } = await insertConnectedPair(db, me, cleo, { mutual: true })
  await db.update(contacts).set({ archivedAt: new Date() }).where(eq(contacts.id, meToCleo))
  // Sam pressed Message on my profile: a request, not a contact
  const { bToA: meToSam } = await insertConnectedPair(db, sam, me)
  await db.update(contacts).set({ requestStatus: 'pending' }).where(eq(contacts.id, meToSam))
  await insertMessages(db, [{ senderId: ada.id, receiverId: me.id }])
  await db.update(conversations).set({ unreadCount: 1 }).where(eq(conversations.contactId, meToAda))
  await db.update(profiles).set({ language }).where(eq(profiles.id, me.id))
  return { me, names: [me, ada, bob, sam, cleo].map((person) => person.name) }
}

async function searchDirectory(page: Page, name: string) {
  await page.goto('/contacts/add/directory')
  await page.locator('input[type=search]').fill(name)
  await expect(page.locator('[data-slot="directory-result-row"]')).toHaveCount(1)
}

test('in Spanish: home, edit mode, requests, archived contacts, add contact and the directory', async ({ page, db, insertUser, login }) => {
  const { me, names } = await circleWithEverything(db.db, insertUser, 'es')
  const [, ada, , sam, cleo] = names as [string, string, string, string, string]
  await login(page, me)

  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Tu círculo' })).toBeVisible()
  await expect(page.getByText('2 de 10 en tu círculo')).toBeVisible()
  await expect(page.getByRole('button', { name: /Escuchar lo nuevo/ })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Solicitudes de mensaje (1)' })).toBeVisible()
  await expect(page.getByRole('link', { name: new RegExp(`^${ada} ?, 1 sin escuchar ?, Mensaje nuevo · ahora`) })).toBeVisible()
  for (const english of ['Your circle', 'Play all new', 'Add Friend', 'Message requests (1)'])
    await expect(page.getByText(english, { exact: true })).toHaveCount(0)

  await page.getByRole('button', { name: 'Editar contactos' }).click()
  await expect(page.getByRole('toolbar', { name: 'Editar el círculo' }).getByRole('button', { name: 'Listo' })).toBeVisible()
  await expect(page.getByRole('button', { name: `Mover a ${ada} después` })).toBeVisible()
  await expect(page.getByRole('button', { name: `Archivar a ${ada}` })).toBeVisible()
  await expect(page.getByText('Done', { exact: true })).toHaveCount(0)

  await page.goto('/requests')
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitudes de mensaje' })).toBeVisible()
  await expect(page.getByRole('button', { name: `Aceptar a ${sam}` })).toBeVisible()
  await expect(page.getByText('Aún no hay mensaje: pulsó Mensaje pero no ha grabado nada.')).toBeVisible()
  await page.getByRole('button', { name: `Bloquear a ${sam}` }).click()
  await expect(page.getByRole('alertdialog', { name: `¿Bloquear a ${sam}?` })).toBeVisible()
  await page.getByRole('button', { name: 'Cancelar' }).click()

  await page.goto('/archived-contacts')
  await expect(page.getByRole('heading', { level: 1, name: 'Contactos archivados' })).toBeVisible()
  await expect(page.getByText('1 contacto archivado')).toBeVisible()
  await expect(page.getByRole('button', { name: `Desarchivar a ${cleo}` })).toBeVisible()
  await page.getByRole('button', { name: `Reavivar con ${cleo}` }).click()
  await expect(page.getByRole('dialog', { name: `Reavivar con ${cleo}` })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Reavivar la conexión' })).toBeVisible()
  await page.getByRole('button', { name: 'Cancelar' }).click()
  await expect(page.getByText('Archived Contacts')).toHaveCount(0)

  await page.goto('/contacts/add')
  await expect(page.getByRole('heading', { level: 1, name: 'Añadir a tu círculo' })).toBeVisible()
  await expect(page.getByText('Mantén tu círculo pequeño')).toBeVisible()
  await expect(page.getByText('Send email invitation')).toHaveCount(0)

  await searchDirectory(page, ada)
  await expect(page.getByRole('link', { name: `Ver perfil de ${ada}` })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: '1 persona encontrada' })).toHaveCount(1)
  await expect(page.getByText('See profile')).toHaveCount(0)
})

test('in Arabic: each screen right to left, axe clean in both themes', async ({ page, db, insertUser, login }) => {
  const { me, names } = await circleWithEverything(db.db, insertUser, 'ar')
  const ada = names[1] ?? ''
  await login(page, me)
  const screens: [string, string][] = [
    ['/', 'دائرتك'],
    ['/requests', 'طلبات المراسلة'],
    ['/archived-contacts', 'جهات الاتصال المؤرشفة'],
    ['/contacts/add', 'أضف إلى دائرتك'],
  ]
  for (const [path, heading] of screens) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await page.waitForLoadState('networkidle')
    await expectNoSeriousAxeInBothThemes(page, `home-area-ar${path.replaceAll('/', '-')}`, { fullPage: true })
    await page.setViewportSize(PHONE)
  }
  await searchDirectory(page, ada)
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expectNoSeriousAxeInBothThemes(page, 'home-area-ar-directory')
})

test('in the pseudo-locale: no English left on the circle screens, their edit mode and dialogs', async ({
  page,
  db,
  insertUser,
  login,
}) => {
  const { me, names } = await circleWithEverything(db.db, insertUser, null)
  // a request's "now" and an archived date's month come from Intl (formatTimeAgo, formatDate), which speaks each real
  // language by itself: to Intl, the pseudo-locale is English
  const fromIntl = ['now', new Intl.DateTimeFormat('en', { month: 'short' }).format(new Date())]
  const allowed = [...PSEUDO_ALLOWED, ...names, ...fromIntl]
  await login(page, me)
  const check = async (where: string) => {
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA')
    await page.waitForLoadState('networkidle')
    expect(await plainEnglish(page, allowed), where).toEqual([])
  }

  await page.goto('/?locale=en-XA')
  await expect(page.locator('[data-slot="contact-tile"]')).toHaveCount(2)
  await check('/')
  await page.locator('[data-slot="play-all-new"]').waitFor()
  await page.locator('header button[aria-pressed]').click()
  await expect(page.getByRole('toolbar')).toBeVisible()
  await check('/ in edit mode')

  await page.goto('/requests')
  await expect(page.locator('[data-slot="message-request"]')).toHaveCount(1)
  await check('/requests')
  await page.locator('[data-slot="message-request"] button').last().click()
  await expect(page.getByRole('alertdialog')).toBeVisible()
  await check('/requests, the block dialog')
  await page.keyboard.press('Escape')

  await page.goto('/archived-contacts')
  await expect(page.locator('[data-slot="archived-contact-row"]')).toHaveCount(1)
  await check('/archived-contacts')
  await page.locator('[data-slot="archived-contact-row"] button').first().click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await check('/archived-contacts, the rekindle dialog')
  await page.keyboard.press('Escape')

  await page.goto('/contacts/add')
  await expect(page.locator('[data-slot="method-tile"]')).toHaveCount(3)
  await check('/contacts/add')

  await searchDirectory(page, names[1] ?? '')
  await check('/contacts/add/directory')
})
