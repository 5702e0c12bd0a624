import { createHash, randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { adminAuditLog, contacts, invitations, profiles } from '#server/db/schema.ts'
import { insertContact } from '#server/modules/contacts/contacts.queries.ts'
import { insertConnectedPair, insertMessages, setHearthOwner, type InsertedPerson } from '#server/test/data.ts'
import { expect, test } from './fixtures.ts'
import { expectNoSeriousAxeInBothThemes } from './support/axe.ts'
import { plainEnglish, PSEUDO_ALLOWED } from './support/languages.ts'

/*
 * The first steps in the reader's language (decisions 220 and 221), on a phone: a Spanish browser opens an invitation
 * and a public profile signed out, and a new person goes through onboarding in Spanish; in Arabic the same screens,
 * the messages overview and the people and blocked people pages are right to left and axe-clean in both themes; the
 * pseudo-locale finds no English left on any of them.
 */
const PHONE = { width: 390, height: 844 }

const TRANSCRIPTS = ['the garden is full of tulips this spring', 'lovely, send me a photo of the garden']

/** A link invitation from `inviter`, open for a week; answers the token for /invite?token=. */
async function insertInvitation(db: Executor, inviter: InsertedPerson): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.insert(invitations).values({
    inviterUserId: inviter.id,
    kind: 'link',
    recipientName: 'Sam',
    tokenHash: createHash('sha256').update(token).digest('hex'),
    expiresAt: new Date(Date.now() + 7 * 86_400_000),
  })
  return token
}

/** The owner of this Hearth with a friend, two messages between them and one blocked request. */
async function ownerWithData(db: Executor, insertUser: (options?: { name?: string }) => Promise<InsertedPerson>) {
  const owner = await insertUser({ name: 'Olive Owner' })
  await setHearthOwner(db, owner.id)
  const friend = await insertUser({ name: 'Bea Friend' })
  await insertConnectedPair(db, owner, friend, { mutual: true })
  await insertMessages(db, [
    { senderId: friend.id, receiverId: owner.id, transcription: TRANSCRIPTS[0], durationSeconds: 9, topics: [], emotions: [] },
    { senderId: owner.id, receiverId: friend.id, transcription: TRANSCRIPTS[1], durationSeconds: 6, topics: [], emotions: [] },
  ])
  const stranger = await insertUser({ name: 'Sid Stranger' })
  const request = await insertContact(db, {
    ownerId: owner.id,
    contactUserId: stranger.id,
    name: stranger.name,
    displayOrder: 9,
    archivedAt: null,
    chosen: false,
  })
  await db.update(contacts).set({ requestStatus: 'blocked' }).where(eq(contacts.id, request))
  return { owner, friend, stranger }
}

const heading = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()

test.describe('a Spanish browser', () => {
  test.use({ locale: 'es-ES', viewport: PHONE })

  test('opens an invitation and a profile signed out, and a new person goes through onboarding, all in Spanish', async ({
    page,
    insertUser,
    login,
    db,
  }) => {
    const ada = await insertUser({ name: 'Ada Lovelace' })
    const token = await insertInvitation(db.db, ada)

    await page.goto(`/invite?token=${token}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace te ha invitado' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Aceptar y unirme' })).toBeVisible()
    await expect(page.getByText('Esta invitación caduca 7 días después de crearse.')).toBeVisible()
    for (const english of ['invited you', 'Accept & Join', "You're invited"]) await expect(page.getByText(english)).toHaveCount(0)
    await expect(page).toHaveTitle('Tienes una invitación - Hearth')

    await page.goto(`/u/${ada.id}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible()
    await expect(page.getByText('En Hearth, compartiendo mensajes de voz con un círculo pequeño.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Mensaje', exact: true })).toBeVisible()
    await expect(page.getByText('On Hearth, sharing voice messages with a small circle.')).toHaveCount(0)

    const newcomer = await insertUser({ name: 'Nuria Nueva', onboardingCompleted: false })
    await login(page, newcomer)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Te damos la bienvenida a Hearth' })).toBeVisible()
    await expect(page.getByRole('progressbar', { name: 'Paso 1 de 5' })).toBeVisible()
    await page.getByRole('button', { name: 'Empezar' }).click()
    await expect(page.getByRole('heading', { level: 1, name: '¿Cómo te llamamos?' })).toBeVisible()
    await page.getByRole('button', { name: 'Continuar' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Graba un mensaje de bienvenida' })).toBeVisible()
    await page.getByRole('button', { name: 'Ahora no' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Invita a tus amigos más cercanos' })).toBeVisible()
    // a rule of the step speaks Spanish too, with the language's own list
    await page.getByLabel('Direcciones de correo').fill('uno\ndos')
    await page.getByRole('button', { name: 'Enviar invitaciones' }).click()
    await expect(page.getByText('Estas no son direcciones de correo: uno y dos')).toBeVisible()
    await page.getByRole('button', { name: 'Ahora no' }).click()
    await expect(page.getByRole('heading', { level: 1, name: '¡Todo listo!' })).toBeVisible()
    for (const english of ['Skip for now', 'Get Started', "You're all set!"]) await expect(page.getByText(english)).toHaveCount(0)
  })
})

test.describe('Arabic and the pseudo-locale', () => {
  test.use({ viewport: PHONE })

  test('the first steps are right to left in Arabic, axe-clean in both themes, and carry no English in the pseudo-locale', async ({
    browser,
    baseURL,
    insertUser,
    login,
    db,
  }) => {
    test.setTimeout(180_000)
    const { owner, friend, stranger } = await ownerWithData(db.db, insertUser)
    const token = await insertInvitation(db.db, owner)
    const newcomer = await insertUser({ name: 'Nadia Newcomer', onboardingCompleted: false })
    const screens = ['/messages', '/settings/people', '/settings/blocked', `/invite?token=${token}`, `/u/${friend.id}`]

    const arabic = await browser.newContext({ baseURL, locale: 'ar', viewport: PHONE })
    const page = await arabic.newPage()
    await login(page, owner)
    for (const path of screens) {
      await page.goto(path)
      await heading(page)
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
      await page.waitForLoadState('networkidle')
      await expectNoSeriousAxeInBothThemes(page, `first-steps-ar ${path}`)
    }
    await page.goto('/messages')
    await expect(page.getByRole('heading', { level: 1, name: 'رسائلك' })).toBeVisible()
    await page.goto('/settings/blocked')
    await expect(page.getByRole('button', { name: `إلغاء حظر ${stranger.name}` })).toBeVisible()
    await login(page, newcomer)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'مرحبًا بك في Hearth' })).toBeVisible()
    await expectNoSeriousAxeInBothThemes(page, 'first-steps-ar onboarding')
    await arabic.close()

    const pseudo = await browser.newContext({ baseURL, viewport: PHONE })
    const shown = await pseudo.newPage()
    // people's names and what they said show as they are; so does what Intl writes for the pseudo-locale's English
    // ("now": the relative time of something just made)
    const allowed = [...PSEUDO_ALLOWED, owner.name, friend.name, stranger.name, newcomer.name, ...TRANSCRIPTS, 'now']
    // the people page lists every account of this Hearth and what the owner did to them: their names show too, read
    // at each look, since the specs running beside this one make people meanwhile
    const plainEnglishNow = async (page: typeof shown) => {
      const names = (await db.db.select({ name: profiles.name }).from(profiles)).map((row) => row.name)
      for (const row of await db.db.select({ actor: adminAuditLog.actorName, target: adminAuditLog.targetName }).from(adminAuditLog))
        names.push(row.actor, ...(row.target ? [row.target] : []))
      // and the accounts the page lists, as it shows them: a spec beside this one may have made one and deleted it since
      names.push(...(await page.locator('[data-slot="account-name"]').allTextContents()).map((name) => name.trim()))
      return plainEnglish(page, [...allowed, ...names])
    }
    await shown.goto('/?locale=en-XA')
    await expect(shown.locator('html')).toHaveAttribute('lang', 'en-XA')
    await login(shown, owner)
    for (const path of screens) {
      await shown.goto(path)
      await heading(shown)
      await shown.waitForLoadState('networkidle')
      expect(await plainEnglishNow(shown), path).toEqual([])
    }
    // the delete dialog of the people page, and a card's menu on the overview
    await shown.goto('/settings/people')
    await shown.locator('[data-slot="card"] li button').last().click()
    await expect(shown.getByRole('dialog')).toBeVisible()
    expect(await plainEnglishNow(shown), 'people, delete dialog').toEqual([])
    await shown.goto('/messages')
    await shown.locator('[data-slot="overview-card"] button').first().click()
    await expect(shown.getByRole('menu')).toBeVisible()
    expect(await plainEnglishNow(shown), 'overview, card menu').toEqual([])

    await login(shown, newcomer)
    await shown.goto('/')
    await heading(shown)
    for (const step of [1, 2, 3, 4, 5]) {
      await shown.waitForLoadState('networkidle')
      expect(await plainEnglishNow(shown), `onboarding step ${step}`).toEqual([])
      if (step === 5) break
      // the step's way on is its last button: Get Started, Continue, Skip for now
      await shown.locator('main button').last().click()
      await expect(shown.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(step + 1))
    }
    await pseudo.close()
  })
})
