import fs from 'node:fs'
import { eq } from 'drizzle-orm'
import { sessionMessages } from '#server/db/schema.ts'
import { speechFixtureOrSpoken } from '#server/test/speech-fixtures.ts'
import { SESSION_TEXTS } from '#shared/voice-sessions.ts'
import { expect, test } from './fixtures.ts'
import { expectNoSeriousAxeInBothThemes, seriousAxeViolations } from './support/axe.ts'
import { contactIdOf, fakeMicrophone } from './support/messages.ts'

// The fake microphone says this sentence (a shared speech clip, else espeak-ng's reading of it); the server's offline
// engine transcribes the note, as it does messages.
const SENTENCE = "Hey! I really miss you. Let's grab coffee on Sunday and talk about your new job. I am so excited for you."
const pocketsphinxInstalled = fs.existsSync('/usr/bin/pocketsphinx_continuous')
const clip = pocketsphinxInstalled ? speechFixtureOrSpoken('coffee-sunday.wav', SENTENCE) : null

test.skip(!clip, 'needs pocketsphinx and a speech clip (the shared fixtures or espeak-ng)')
test.use({ launchOptions: fakeMicrophone(clip ?? '') })

test('a session is created, a note recorded to yourself and transcribed, and the take sent to a contact', async ({
  insertUser,
  connect,
  signedInPage,
  db,
}) => {
  test.setTimeout(150_000)
  const ada = await insertUser({ name: 'Ada Sessions' })
  const bob = await insertUser({ name: 'Bob Sessions' })
  await connect(ada, bob)

  const adaPage = await signedInPage(ada)
  await adaPage.goto('/')
  await adaPage.getByRole('link', { name: 'Sessions', exact: true }).click()
  await expect(adaPage).toHaveURL(/\/sessions$/)
  await expect(adaPage.getByRole('heading', { name: 'No sessions yet' })).toBeVisible()
  await expectNoSeriousAxeInBothThemes(adaPage, 'sessions-empty')

  await adaPage.getByRole('button', { name: 'New session' }).click()
  await expect(adaPage.getByText(SESSION_TEXTS.created)).toBeVisible()
  const created = ((await adaPage.request.get('/api/sessions').then((r) => r.json())) as { sessions: { id: string; title: string }[] })
    .sessions[0]
  const title = created?.title
  expect(title).toMatch(/^Session \d{4}-\d{2}-\d{2}$/)
  const session = adaPage.getByRole('region', { name: title })

  // a note to herself, on the one recorder: the clip lasts about 8 s
  await session.getByRole('button', { name: `Record a note in ${title}` }).click()
  await expect(session.getByText('0:08')).toBeVisible({ timeout: 20_000 })
  await session.getByRole('button', { name: 'Stop' }).click()
  await session.getByRole('button', { name: 'Keep in session' }).click()

  const note = session.locator('[data-slot="session-note"]')
  await expect(note).toHaveCount(1)
  await expect(note.getByRole('button', { name: 'Play note' })).toBeVisible()
  // the transcript arrives from the speech job (the screen asks again while it is on its way)
  await expect(note.getByText(SESSION_TEXTS.transcribing)).toHaveCount(0, { timeout: 60_000 })
  await expect(note).toContainText(/excited|job|really|miss|coffee|sunday/i)
  await expectNoSeriousAxeInBothThemes(adaPage, 'sessions-note', { afterToasts: true, fullPage: true })

  // "Send to…" Bob: the take becomes a voice message in their conversation, and stays in the session
  await note.getByRole('button', { name: 'Send to…' }).click()
  await expect(adaPage.getByRole('menuitem', { name: 'Bob Sessions' })).toBeVisible()
  expect(await seriousAxeViolations(adaPage)).toEqual([])
  await adaPage.getByRole('menuitem', { name: 'Bob Sessions' }).click()
  await expect(adaPage.getByText(SESSION_TEXTS.sent('Bob Sessions'))).toBeVisible()
  await expect(note).toHaveCount(1)

  const bobPage = await signedInPage(bob)
  await bobPage.goto(`/contacts/${await contactIdOf(bobPage.request, 'Ada Sessions')}`)
  const card = bobPage.locator('[data-slot="message-card"]')
  await expect(card).toHaveCount(1)
  await expect(card.locator('[data-slot="message-text"]')).toHaveText(/excited|job|really|miss|coffee|sunday/i, { timeout: 60_000 })

  // a transcript whose engine failed says so, offers the retry, and passes axe; the retry puts it on its way again
  await db.db
    .update(sessionMessages)
    .set({ transcriptStatus: 'failed', text: null })
    .where(eq(sessionMessages.sessionId, created?.id ?? ''))
  await adaPage.reload()
  await expect(note.getByText(SESSION_TEXTS.transcriptFailed)).toBeVisible()
  await expectNoSeriousAxeInBothThemes(adaPage, 'sessions-note-failed', { afterToasts: true, fullPage: true })
  await note.getByRole('button', { name: 'Retry transcription' }).click()
  await expect(note.getByText(SESSION_TEXTS.transcriptFailed)).toHaveCount(0)

  await adaPage.context().close()
  await bobPage.context().close()
})
