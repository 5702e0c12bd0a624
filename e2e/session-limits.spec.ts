import { sessionMessages, talkSessions } from '#server/db/schema.ts'
import { MAX_NOTES_PER_SESSION, MAX_SESSIONS_PER_PERSON } from '#shared/limits.ts'
import { SESSION_TEXTS } from '#shared/voice-sessions.ts'
import { expect, test } from './fixtures.ts'
import { expectNoSeriousAxeInBothThemes } from './support/axe.ts'

test('near and at the session limit the screen says so, and a full session offers no recorder', async ({
  insertUser,
  signedInPage,
  db,
}) => {
  const ada = await insertUser({ name: 'Ada Limits' })
  const old = Array.from({ length: MAX_SESSIONS_PER_PERSON - 3 }, (_, i) => ({
    profileId: ada.id,
    title: `Old talk ${i}`,
    date: '2026-01-01',
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
  }))
  await db.db.insert(talkSessions).values(old)
  const page = await signedInPage(ada)
  await page.goto('/sessions')
  await expect(page.getByText(SESSION_TEXTS.sessionsLeft(3))).toBeVisible()
  await expect(page.getByRole('button', { name: 'New session' })).toBeEnabled()

  // the newest session is full; two more reach the limit
  const [full] = await db.db.insert(talkSessions).values({ profileId: ada.id, title: 'Full talk', date: '2026-11-26' }).returning()
  await db.db
    .insert(sessionMessages)
    .values(Array.from({ length: MAX_NOTES_PER_SESSION }, (_, i) => ({ sessionId: full?.id ?? '', text: `thought ${i}`, role: 'user' })))
  await db.db
    .insert(talkSessions)
    .values({ profileId: ada.id, title: 'Another talk', date: '2026-01-02', createdAt: new Date(Date.UTC(2026, 0, 2)) })
  await page.reload()
  await expect(page.getByText(SESSION_TEXTS.sessionsLeft(1))).toBeVisible()
  await page.getByRole('button', { name: 'New session' }).click()
  await expect(page.getByText(SESSION_TEXTS.sessionLimit)).toBeVisible()
  await expect(page.getByRole('button', { name: 'New session' })).toBeDisabled()

  const region = page.getByRole('region', { name: 'Full talk' })
  await expect(region).toContainText(`${MAX_NOTES_PER_SESSION} notes`)
  await expect(region.getByText(SESSION_TEXTS.noteLimit)).toBeVisible()
  await expect(region.getByRole('button', { name: /Record a note/ })).toHaveCount(0)
  await expectNoSeriousAxeInBothThemes(page, 'sessions-limit', { afterToasts: true })
})
