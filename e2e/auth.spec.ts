import { expect, linkIn, makeE2EPerson, test, waitForMail } from './fixtures.ts'

test.describe('accounts', () => {
  test('sign up, confirm from the mail (which signs in), walk the onboarding and land on home', async ({ page, db }) => {
    const person = makeE2EPerson('newcomer')
    await page.goto('/auth')
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click()
    await page.getByLabel('Full name').fill(person.name)
    await page.getByLabel('Email').fill(person.email)
    await page.getByLabel('Password').fill(person.password)
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await expect(page.getByText('Welcome to Hearth!')).toBeVisible()

    // the confirmation link signs in: onboarding opens, with no sign-in form and no 'Welcome back!' (decision 212)
    const mail = await waitForMail(person.email, /confirm/i)
    await page.goto(linkIn(mail))
    await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByText('Welcome back!')).toHaveCount(0)

    await page.getByRole('button', { name: 'Get Started' }).click()
    await expect(page.getByRole('heading', { name: 'What should we call you?' })).toBeVisible()
    const nameField = page.getByRole('textbox').first()
    await nameField.fill('   ')
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled()
    await nameField.fill('Robin')
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('button', { name: 'Skip for now' }).click()
    await expect(page.getByRole('heading', { name: 'Invite your closest friends' })).toBeVisible()
    await page.getByRole('button', { name: 'Skip for now' }).click()
    await expect(page.getByRole('heading', { name: "You're all set!" })).toBeVisible()
    await page.getByRole('button', { name: /start using hearth/i }).click()

    await expect(page.getByRole('link', { name: /add friend/i })).toBeVisible()
    const rows = await db.pool.query<{ name: string; onboarding_completed: boolean }>(
      'select p.name, p.onboarding_completed from profiles p join "user" u on u.id = p.id where u.email = $1',
      [person.email],
    )
    expect(rows.rows[0]).toEqual({ name: 'Robin', onboarding_completed: true })
    // Reloading keeps the session (cookie) and does not show the wizard again.
    await page.reload()
    await expect(page.getByRole('link', { name: /add friend/i })).toBeVisible()
    await db.pool.query('delete from "user" where email = $1', [person.email])
  })

  test('reset a forgotten password from the mailed link', async ({ page, insertUser }) => {
    const person = await insertUser()
    await page.goto('/auth')
    await page.getByRole('button', { name: 'Forgot your password?' }).click()
    await expect(page.getByLabel('Password')).toHaveCount(0)
    await page.getByLabel('Email').fill(person.email)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await expect(page.getByText('Password Reset Sent')).toBeVisible()

    const mail = await waitForMail(person.email, /reset/i)
    await page.goto(linkIn(mail))
    await expect(page).toHaveURL(/\/auth\/reset-password\?token=/)
    await page.getByLabel('New Password', { exact: true }).fill('fresh-password')
    await page.getByLabel('Confirm New Password').fill('fresh-passwort')
    await page.getByRole('button', { name: 'Update Password' }).click()
    await expect(page.getByText('Passwords do not match')).toBeVisible()
    await page.getByLabel('Confirm New Password').fill('fresh-password')
    await page.getByRole('button', { name: 'Update Password' }).click()
    await expect(page).toHaveURL(/\/auth$/)

    await page.getByLabel('Email').fill(person.email)
    await page.getByLabel('Password').fill('fresh-password')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByRole('link', { name: /add friend/i })).toBeVisible()
  })

  test('the reset page without a token sends the visitor home', async ({ page }) => {
    await page.goto('/auth/reset-password')
    await expect(page).toHaveURL(/\/$/)
  })

  test('sign in with an invite token continues to the invitation', async ({ page, insertUser }) => {
    const person = await insertUser()
    await page.goto('/auth?invite_token=abc123')
    await page.getByLabel('Email').fill(person.email)
    await page.getByLabel('Password').fill(person.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/auth\/invite\?token=abc123$/)
  })

  test('a wrong password shows the authentication error', async ({ page, insertUser }) => {
    const person = await insertUser()
    await page.goto('/auth')
    await page.getByLabel('Email').fill(person.email)
    await page.getByLabel('Password').fill('wrong-password')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByText('Authentication Error')).toBeVisible()
    await expect(page).toHaveURL(/\/auth$/)
  })

  test('Google sign-in runs the whole redirect flow through the OpenID Connect provider', async ({ page, db }) => {
    const email = `${makeE2EPerson('google').email}`
    await page.goto('/auth')
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    // oidc-provider's own login and consent pages
    await page.locator('input[name="login"]').fill(email)
    await page.locator('input[name="password"]').fill('any')
    await page.locator('button[type="submit"]').click()
    await page.locator('button[type="submit"]').click()
    await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible()
    const rows = await db.pool.query('select provider_id from account a join "user" u on u.id = a.user_id where u.email = $1', [email])
    expect(rows.rows).toEqual([{ provider_id: 'google' }])
    await db.pool.query('delete from "user" where email = $1', [email])
  })

  test('a cancelled Google sign-in returns to /auth with the failure toast', async ({ page }) => {
    await page.goto('/auth')
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    await page.getByRole('link', { name: '[ Cancel ]' }).click()
    await expect(page).toHaveURL(/\/auth\?/)
    await expect(page.getByText('Google sign-in failed')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
  })
})
