import { eq } from 'drizzle-orm'
import { profiles, user } from '#server/db/schema.ts'
import { expect, makeE2EPerson, test } from './fixtures.ts'
import { expectNoSeriousAxeInBothThemes } from './support/axe.ts'
import { plainEnglish, PSEUDO_ALLOWED } from './support/languages.ts'

/*
 * Hearth in the reader's language (decisions 220 and 221), on a phone: a Spanish browser gets the signed-out pages in
 * Spanish and its account is kept in Spanish; choosing Arabic in Settings turns the app right to left at once; and the
 * pseudo-locale finds any English left hard-coded on the screens that are translated.
 */
const PHONE = { width: 390, height: 844 }

test.describe('a Spanish browser', () => {
  test.use({ locale: 'es-ES', viewport: PHONE })

  test('reads the landing page, sign-in and sign-up in Spanish, and its new account keeps Spanish', async ({ page, db }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Mensajes de voz que importan' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await expect(page.getByText('Hola de nuevo')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible()
    for (const english of ['Voice messages that matter', 'Welcome back', 'Made for closeness, not for scrolling'])
      await expect(page.getByText(english)).toHaveCount(0)

    await page.goto('/auth')
    await expect(page.getByText('Inicia sesión para escuchar a las personas más cercanas.')).toBeVisible()
    await page.getByRole('button', { name: '¿No tienes cuenta? Regístrate' }).click()
    await expect(page.getByText('Crea tu cuenta')).toBeVisible()
    await expect(page.getByText('Create your account')).toHaveCount(0)

    const person = makeE2EPerson('es')
    await page.getByLabel('Nombre completo').fill(person.name)
    await page.getByLabel('Correo electrónico').fill(person.email)
    // a rule of the form speaks Spanish too
    await page.getByLabel('Contraseña', { exact: true }).fill('abc')
    await page.getByRole('button', { name: 'Crear cuenta' }).click()
    await expect(page.getByText('La contraseña debe tener al menos 6 caracteres')).toBeVisible()
    await page.getByLabel('Contraseña', { exact: true }).fill(person.password)
    await page.getByRole('button', { name: 'Crear cuenta' }).click()
    await expect(
      page.getByText(`Te hemos enviado un enlace de confirmación a ${person.email}. Ábrelo y luego inicia sesión aquí.`),
    ).toBeVisible()
    // the new account reads Hearth in Spanish: its mails will too
    const language = async () =>
      (
        await db.db
          .select({ language: profiles.language })
          .from(profiles)
          .innerJoin(user, eq(user.id, profiles.id))
          .where(eq(user.email, person.email.toLowerCase()))
      )[0]?.language
    await expect.poll(language).toBe('es')
  })
})

test.describe('choosing a language in Settings', () => {
  test.use({ viewport: PHONE })

  test('العربية turns the app right to left and Arabic at once, kept with the account; axe finds nothing in either theme', async ({
    page,
    insertUser,
    login,
    db,
  }) => {
    const person = await insertUser()
    await login(page, person)
    await page.goto('/settings')
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')

    await page.getByLabel('Language', { exact: true }).selectOption('ar')
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
    await expect(page.getByRole('heading', { level: 1, name: 'الإعدادات' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'تسجيل الخروج', exact: true })).toBeVisible()
    await expect(page.getByText('Sign Out')).toHaveCount(0)
    await expect.poll(async () => (await db.db.select().from(profiles).where(eq(profiles.id, person.id)))[0]?.language).toBe('ar')
    await expectNoSeriousAxeInBothThemes(page, 'settings-ar', { fullPage: true })

    // kept with the account: a reload comes back in Arabic; "Same as this device" goes back to the browser's English
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'الإعدادات' })).toBeVisible()
    await page.getByLabel('اللغة', { exact: true }).selectOption('')
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
  })

  test('an Arabic browser gets the signed-out pages right to left; axe finds nothing in either theme', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: 'ar', viewport: PHONE })
    const page = await context.newPage()
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'رسائل صوتية تعني الكثير' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await expectNoSeriousAxeInBothThemes(page, 'landing-ar', { fullPage: true })
    await page.goto('/auth')
    await expect(page.getByText('أهلًا بعودتك')).toBeVisible()
    await expectNoSeriousAxeInBothThemes(page, 'auth-ar')
    await page.goto('/auth/reset-password?token=x&error=INVALID_TOKEN')
    await expect(page.getByRole('heading', { name: 'هذا الرابط غير صالح أو انتهت صلاحيته' })).toBeVisible()
    await expectNoSeriousAxeInBothThemes(page, 'reset-ar')
    await page.goto('/no-such-page')
    await expect(page.getByText('عذرًا! الصفحة غير موجودة')).toBeVisible()
    await expectNoSeriousAxeInBothThemes(page, 'not-found-ar')
    await context.close()
  })
})

test.describe('the pseudo-locale', () => {
  test.use({ viewport: PHONE })

  test('leaves no English on the translated screens', async ({ page, insertUser, login, db }) => {
    const person = await insertUser({ name: 'Ada Lovelace' })
    const allowed = [...PSEUDO_ALLOWED, person.name]
    const screens = ['/?locale=en-XA', '/auth', '/auth?mode=x', '/auth/reset-password?token=x&error=INVALID_TOKEN', '/no-such-page']
    for (const path of screens) {
      await page.goto(path)
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA')
      await expect(page.locator('main, [data-slot="notice-frame"]').first()).toBeVisible()
      await page.waitForLoadState('networkidle')
      expect(await plainEnglish(page, allowed), path).toEqual([])
    }
    // people's names may show (the one who looks after this Hearth next, for one)
    allowed.push(...(await db.db.select({ name: profiles.name }).from(profiles)).map((row) => row.name))
    await login(page, person)
    await page.goto('/settings')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(await plainEnglish(page, allowed), '/settings').toEqual([])
  })
})
