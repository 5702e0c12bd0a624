import { createHash, randomBytes } from 'node:crypto'
import type { Locator, Page } from '@playwright/test'
import { contacts, invitations } from '#server/db/schema.ts'
import { insertContact } from '#server/modules/contacts/contacts.queries.ts'
import type { Executor } from '#server/db/client.ts'
import { insertConnectedPair, insertMessages, type InsertedPerson } from '#server/test/data.ts'
import { CONTACT_TEXTS } from '#shared/contacts-texts.ts'
import { INVITATION_TEXTS } from '#shared/invitations.ts'
import { MAX_CONSECUTIVE_UNANSWERED } from '#shared/limits.ts'
import { eq } from 'drizzle-orm'
import { expect, makeE2EPerson, test } from './fixtures.ts'
import { seriousAxeViolations } from './support/axe.ts'
import { fillCircle } from './support/circle.ts'
import { fakeMicrophone, recordInvitationMessage, tone } from './support/messages.ts'

/*
 * One axe pass over every screen of the app in its main states (decisions 143 and 167): each state is checked four
 * times, in the light and the dark theme at 390 x 844 and 1280 x 800, switched in place on one page per account (the
 * app follows the system's colour scheme; the viewport changes without a reload). Data is written straight to the
 * database, so the sweep spends its time in axe, not in setting up. A state is named in the failure, with each
 * violation's target.
 */

// the recorder's states need a microphone: Chromium's fake one plays a tone
test.use({ launchOptions: fakeMicrophone(tone(20, 300, 'wav')), permissions: ['microphone'] })

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const

/** WCAG 2.0, 2.1 and 2.2, levels A and AA (axe files 2.2's new A criteria under no tag of their own) */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

type SweepOptions = {
  /** a toast or menu that must stay open: hovered again after each change of viewport (a hovered toast stays) */
  hold?: Locator
}

/**
 * Axe in both themes at both widths; violations are collected softly, so one run lists every state that fails. Colours
 * change with a transition and the layout with the width: axe runs once the finite animations have ended (spinners
 * and the recording dot turn forever, and are left alone).
 */
async function sweep(page: Page, state: string, { hold }: SweepOptions = {}) {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' })
    await page.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme)
    // light goes narrow to wide, dark wide to narrow: one change of width fewer each time
    for (const viewport of theme === 'light' ? VIEWPORTS : [...VIEWPORTS].reverse()) {
      await page.setViewportSize(viewport)
      if (hold) await hold.hover()
      await page.waitForFunction(() =>
        document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      )
      const violations = await seriousAxeViolations(page, { tags: WCAG })
      expect.soft(violations, `${state}, ${theme}, ${viewport.width} px`).toEqual([])
    }
  }
}

const heading = (page: Page, name: string | RegExp) => expect(page.getByRole('heading', { level: 1, name })).toBeVisible()

/** A link invitation from `inviter` expiring at `expiresAt`; answers the token for /invite?token=. */
async function insertInvitation(db: Executor, inviter: InsertedPerson, expiresAt: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.insert(invitations).values({
    inviterUserId: inviter.id,
    kind: 'link',
    recipientName: 'Sam',
    tokenHash: createHash('sha256').update(token).digest('hex'),
    expiresAt,
  })
  return token
}

test.describe('axe over every screen, both themes, both widths', () => {
  test('signed out: landing, sign-in and its toast, sign-up, reset, invitations, account deleted, not found, a profile', async ({
    page,
    insertUser,
    db,
  }) => {
    test.setTimeout(120_000)
    const inviter = await insertUser({ name: 'Ines Inviter' })
    const valid = await insertInvitation(db.db, inviter, new Date(Date.now() + 7 * 86_400_000))
    const expired = await insertInvitation(db.db, inviter, new Date(Date.now() - 1000))

    await page.goto('/')
    await heading(page, /.+/)
    await sweep(page, 'landing')

    await page.goto('/auth')
    await page.getByLabel('Email').fill(inviter.email)
    await page.getByLabel('Password').fill('not-the-password')
    await page.getByRole('button', { name: 'Sign In' }).click()
    const toast = page.locator('[data-sonner-toast]', { hasText: 'Authentication Error' })
    await expect(toast).toBeVisible()
    await sweep(page, 'sign-in with an error toast', { hold: toast })
    await page.mouse.move(0, 0)
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click()
    await expect(page.getByLabel('Full name')).toBeVisible()
    await sweep(page, 'sign-up')
    // signed up, the address not yet confirmed: the card asks to check the mail (its toast fades first: toasts held
    // open are swept above and below)
    const newcomer = makeE2EPerson('swept')
    await page.getByLabel('Full name').fill(newcomer.name)
    await page.getByLabel('Email').fill(newcomer.email)
    await page.getByLabel('Password').fill(newcomer.password)
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await expect(page.getByText(`We sent a confirmation link to ${newcomer.email}`)).toBeVisible()
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 })
    await sweep(page, 'signed up, to confirm the address')
    await db.pool.query('delete from "user" where email = $1', [newcomer.email])
    await page.goto('/auth')
    await page.getByRole('button', { name: 'Forgot your password?' }).click()
    await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible()
    await sweep(page, 'reset request')
    await page.goto('/auth/reset-password?token=not-a-real-token')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await sweep(page, 'new password')

    await page.goto(`/invite?token=${valid}`)
    await heading(page, /invited you|You're invited/)
    await sweep(page, 'invitation, valid')
    await page.goto(`/invite?token=${expired}`)
    await expect(page.getByRole('heading', { name: 'Invite expired' })).toBeVisible()
    await sweep(page, 'invitation, expired')

    await page.goto('/account-deleted')
    await heading(page, /.+/)
    await sweep(page, 'account deleted')
    await page.goto('/no/such/page')
    await heading(page, /.+/)
    await sweep(page, 'not found')
    await page.goto(`/u/${inviter.id}`)
    await heading(page, 'Ines Inviter')
    await sweep(page, 'public profile, signed out')
  })

  test('a newcomer: the onboarding steps, then the empty screens', async ({ page, insertUser, login }) => {
    test.setTimeout(120_000)
    const newcomer = await insertUser({ name: 'Nia New', onboardingCompleted: false })
    await login(page, newcomer)
    await page.goto('/')
    await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible()
    await sweep(page, 'onboarding, welcome')
    await page.getByRole('button', { name: 'Get Started' }).click()
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible()
    await sweep(page, 'onboarding, name')
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByRole('heading', { name: 'Record a welcome message' })).toBeVisible()
    await sweep(page, 'onboarding, welcome message')
    await page.getByRole('button', { name: 'Skip for now' }).click()
    await expect(page.getByRole('heading', { name: 'Invite your closest friends' })).toBeVisible()
    await sweep(page, 'onboarding, invite')
    await page.getByRole('button', { name: 'Skip for now' }).click()
    await expect(page.getByRole('heading', { name: "You're all set!" })).toBeVisible()
    await sweep(page, 'onboarding, done')
    await page.getByRole('button', { name: /start using hearth/i }).click()

    await expect(page.getByRole('link', { name: /add friend/i })).toBeVisible()
    await sweep(page, 'home, empty')
    for (const [path, name, state] of [
      ['/record/select', /.+/, 'record select, nobody to send to'],
      ['/messages', /.+/, 'messages overview, empty'],
      ['/sessions', /.+/, 'voice sessions, none'],
      ['/requests', /.+/, 'message requests, none'],
      ['/archived-contacts', 'Archived Contacts', 'archived contacts, none'],
      ['/contacts/add', /.+/, 'add a contact'],
      ['/contacts/add/email', /.+/, 'invite by e-mail'],
      ['/contacts/add/link', /.+/, 'invite by link'],
    ] as const) {
      await page.goto(path)
      await heading(page, name)
      await sweep(page, state)
    }
  })

  test('a circle with messages: home and its modes, a conversation, playback, the recorder, search, directory, settings', async ({
    page,
    insertUser,
    login,
    db,
  }) => {
    test.setTimeout(180_000)
    const owner = await insertUser({ name: 'Olive Owner' })
    const friends = await Promise.all(['Bea Friend', 'Cal Friend', 'Dot Friend'].map((name) => insertUser({ name, findableByEmail: true })))
    const [bea, , dot] = friends as [InsertedPerson, InsertedPerson, InsertedPerson]
    const pairs = []
    for (const friend of friends) pairs.push(await insertConnectedPair(db.db, owner, friend, { mutual: true }))
    const toBea = pairs[0]?.aToB ?? ''
    await db.db
      .update(contacts)
      .set({ archivedAt: new Date() })
      .where(eq(contacts.id, pairs[2]?.aToB ?? ''))
    const [heard] = await insertMessages(db.db, [
      { senderId: bea.id, receiverId: owner.id, transcription: 'the garden is full of tulips this spring', durationSeconds: 9 },
      { senderId: owner.id, receiverId: bea.id, transcription: 'lovely, send me a photo of the garden', durationSeconds: 6 },
      { senderId: bea.id, receiverId: owner.id, processingStatus: 'failed', processingError: 'no speech engine', durationSeconds: 4 },
    ])
    // a stranger who pressed Message: a request waiting on the owner
    const stranger = await insertUser({ name: 'Sid Stranger' })
    const request = await insertContact(db.db, {
      ownerId: owner.id,
      contactUserId: stranger.id,
      name: stranger.name,
      displayOrder: 9,
      archivedAt: null,
      chosen: false,
    })
    await db.db.update(contacts).set({ requestStatus: 'pending' }).where(eq(contacts.id, request))

    await login(page, owner)
    await page.goto('/')
    await heading(page, 'Your circle')
    await expect(page.getByRole('link', { name: /^Bea Friend/ })).toBeVisible()
    await sweep(page, 'home with contacts')
    await page.getByRole('button', { name: /theme/i }).first().click()
    const menu = page.getByRole('menu')
    await expect(menu).toBeVisible()
    await sweep(page, 'home, theme menu open')
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Edit contacts' }).click()
    await expect(page.getByRole('toolbar', { name: 'Edit circle' })).toBeVisible()
    await sweep(page, 'home, edit mode')
    await page.getByRole('button', { name: 'Archive Cal Friend' }).click()
    await expect(page.getByRole('button', { name: 'Undo archiving Cal Friend' })).toBeFocused()
    await sweep(page, 'home, edit mode, just archived')
    await page.getByRole('button', { name: 'Undo archiving Cal Friend' }).click()
    const undone = page.locator('[data-sonner-toast]', { hasText: 'Contact unarchived' })
    await expect(undone).toBeVisible()
    await sweep(page, 'home, edit mode, a toast shown', { hold: undone })
    await page.mouse.move(0, 0)

    await page.goto(`/contacts/profile/${toBea}`)
    await heading(page, /Bea Friend/)
    await sweep(page, 'contact detail')
    await page.goto(`/contacts/${toBea}`)
    await heading(page, /Bea Friend/)
    await expect(page.locator('[data-slot=message-card]')).toHaveCount(3)
    await sweep(page, 'conversation with messages and a failed transcript')
    await page.goto(`/playback/${heard?.id}`)
    await heading(page, /.+/)
    await sweep(page, 'playback')

    await page.goto('/record/select')
    await heading(page, /.+/)
    await sweep(page, 'record select')
    await page.goto(`/record/${toBea}`)
    await expect(page.getByRole('button', { name: "I'm ready to record" })).toBeVisible()
    await sweep(page, 'record, idle')
    await page.getByRole('button', { name: "I'm ready to record" }).click()
    await expect(page.getByRole('button', { name: 'Tap to stop' })).toBeVisible()
    await sweep(page, 'record, recording')
    await page.getByRole('button', { name: 'Tap to stop' }).click()
    await expect(page.getByRole('heading', { name: 'Listen before you send' })).toBeVisible()
    await sweep(page, 'record, preview')

    await page.goto('/messages')
    await heading(page, /.+/)
    await sweep(page, 'messages overview')
    await page.getByRole('searchbox', { name: 'Search messages' }).fill('garden')
    await expect(page.locator('[data-slot=overview-group]').first()).toBeVisible()
    // the earlier list stays dimmed while the search runs: wait for the results themselves, at full strength
    await expect(page.locator('[data-slot=overview-results][aria-busy=true]')).toHaveCount(0)
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'))
    await sweep(page, 'messages overview, search results')
    await page.getByRole('searchbox', { name: 'Search messages' }).fill('zebra')
    await expect(page.getByText(/no messages|nothing/i).first()).toBeVisible()
    await sweep(page, 'messages overview, no results')

    await page.goto('/contacts/add/directory')
    await heading(page, /.+/)
    await page.getByRole('searchbox').fill(dot.email)
    await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible()
    await sweep(page, 'directory with a result')
    await page.goto(`/u/${bea.id}`)
    await heading(page, 'Bea Friend')
    await sweep(page, 'public profile of a contact')

    await page.goto('/requests')
    await heading(page, /.+/)
    await expect(page.getByText('Sid Stranger')).toBeVisible()
    await sweep(page, 'message requests')
    await page.goto('/archived-contacts')
    await heading(page, 'Archived Contacts')
    await page.getByRole('button', { name: 'Rekindle Dot Friend' }).click()
    await expect(page.getByRole('dialog', { name: 'Rekindle with Dot Friend' })).toBeVisible()
    await sweep(page, 'archived contacts, rekindle dialog open')
    await page.keyboard.press('Escape')

    await page.goto('/sessions')
    await heading(page, /.+/)
    await page.getByRole('button', { name: 'New session' }).click()
    await expect(page.getByRole('region', { name: /^Session / })).toBeVisible()
    await sweep(page, 'voice sessions, one session')

    await page.goto('/settings')
    await heading(page, /.+/)
    await sweep(page, 'settings, every card')
  })

  test('a circle of ten: full where it shows, and a take that waited offline and was then refused', async ({
    page,
    insertUser,
    login,
    db,
  }) => {
    test.setTimeout(120_000)
    const owner = await insertUser({ name: 'Fay Full' })
    const [toFirst] = await fillCircle(db.db, owner, insertUser)
    const asker = await insertUser({ name: 'Ray Request' })
    await insertContact(db.db, {
      ownerId: owner.id,
      contactUserId: asker.id,
      name: asker.name,
      displayOrder: 11,
      archivedAt: null,
      chosen: false,
      request: true,
    })
    await login(page, owner)

    // a full circle refuses an accepted request in the request's own card, with a way to make room
    await page.goto('/requests')
    await heading(page, /.+/)
    await page.getByRole('button', { name: 'Accept Ray Request' }).click()
    await expect(page.getByRole('alert').filter({ hasText: CONTACT_TEXTS.circleFull })).toBeVisible()
    await sweep(page, 'message requests, an accept refused by the full circle')

    // the invite screens: the server refuses the invitation once the message is recorded
    await page.goto('/contacts/add/link')
    await page.getByLabel('Who is it for?').fill('Gus')
    await page.getByRole('button', { name: 'Next' }).click()
    await recordInvitationMessage(page)
    await page.getByRole('button', { name: 'Create link' }).click()
    const refusedInvite = page.locator('[data-sonner-toast]', { hasText: INVITATION_TEXTS.inviteCircleFull })
    await expect(refusedInvite).toBeVisible()
    await sweep(page, 'invite by link, refused by the full circle (toast)', { hold: refusedInvite })
    await page.mouse.move(0, 0)

    // a take sent offline waits in the outbox; meanwhile the limit of unanswered messages is reached elsewhere, so
    // back online the server refuses it and the take stays on this device
    await page.goto(`/record/${toFirst}`)
    await page.getByRole('button', { name: "I'm ready to record" }).click()
    await expect(page.getByRole('timer')).toHaveText('0:02', { timeout: 15_000 })
    await page.getByRole('button', { name: 'Tap to stop' }).click()
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeFocused()
    await page.context().setOffline(true)
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(page.getByRole('heading', { name: /^Waiting to send to Friend 1, 0:0\d$/ })).toBeFocused()
    await sweep(page, 'record, a take waiting offline')
    await db.db
      .update(contacts)
      .set({ consecutiveMessagesSent: MAX_CONSECUTIVE_UNANSWERED })
      .where(eq(contacts.id, toFirst ?? ''))
    await page.context().setOffline(false)
    await expect(page.getByRole('heading', { name: 'Failed to send message' })).toBeVisible()
    const refusedSend = page.locator('[data-sonner-toast]', { hasText: 'Failed to send' })
    await expect(refusedSend).toBeVisible()
    await sweep(page, 'record, the take refused by the server (toast)', { hold: refusedSend })
    await page.mouse.move(0, 0)

    await page.goto('/')
    await heading(page, 'Your circle')
    await expect(page.getByText(CONTACT_TEXTS.addFriendFull, { exact: true })).toBeVisible()
    const refusedTake = page.getByRole('listitem', { name: /^Unsent message to Friend 1/ })
    await expect(refusedTake.getByRole('button', { name: 'Discard' })).toBeVisible()
    // at the limit the take is not offered for sending again
    await expect(refusedTake.getByRole('button', { name: 'Send' })).toHaveCount(0)
    await sweep(page, 'home, circle full, the refused take kept on this device')
  })
})
