import fs from 'node:fs'
import { speechFixtureOrSpoken } from '#server/test/speech-fixtures.ts'
import { CONFIDENCE_TEXTS } from '#shared/transcript-confidence.ts'
import { expect, test } from './fixtures.ts'
import { contactIdOf, fakeMicrophone, sendRecording } from './support/messages.ts'

// What Chromium's fake microphone says: a shared speech clip when it sits beside the checkout, else the
// same sentence spoken by espeak-ng (decision 23). Both are read by the server's offline engine.
const SENTENCE = "Hey! I really miss you. Let's grab coffee on Sunday and talk about your new job. I am so excited for you."
const pocketsphinxInstalled = fs.existsSync('/usr/bin/pocketsphinx_continuous')
const clip = pocketsphinxInstalled ? speechFixtureOrSpoken('coffee-sunday.wav', SENTENCE) : null

test.skip(!clip, 'needs pocketsphinx and a speech clip (the shared fixtures or espeak-ng)')
test.use({ launchOptions: fakeMicrophone(clip ?? '') })

test('a spoken message is transcribed and tagged on both screens without reload', async ({ insertUser, connect, signedInPage }) => {
  test.setTimeout(120_000)
  const ada = await insertUser({ name: 'Ada Speech' })
  const bob = await insertUser({ name: 'Bob Speech' })
  const adaToBob = await connect(ada, bob)

  const bobPage = await signedInPage(bob)
  await bobPage.goto(`/contacts/${await contactIdOf(bobPage.request, 'Ada Speech')}`)
  await expect(bobPage.getByText('No messages yet')).toBeVisible()

  const adaPage = await signedInPage(ada)
  await adaPage.goto(`/record/${adaToBob}`)
  await adaPage.getByRole('button', { name: "I'm ready to record" }).click()
  // the clip lasts about 8 s; Chromium plays it from the start when the microphone opens
  await expect(adaPage.getByText('0:08')).toBeVisible({ timeout: 20_000 })
  await adaPage.getByRole('button', { name: 'Tap to stop' }).click()
  await adaPage.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(adaPage).toHaveURL(new RegExp(`/contacts/profile/${adaToBob}$`))
  await adaPage.goto(`/contacts/${adaToBob}`)

  // Bob's screen shows the message with its status, then the words and tags, all without reload.
  const card = bobPage.locator('[data-slot="message-card"]').first()
  await expect(card).toBeVisible()
  const words = card.locator('[data-slot="message-text"]')
  await expect(words).toHaveText(/^(Transcription pending\.\.\.|Processing transcription\.\.\.)$/)
  await expect(words).toHaveText(/excited|job|really|miss|coffee|sunday/i, { timeout: 60_000 })
  // then the analysis: tags, or, when pocketsphinx was too unsure of its words (decision 92), a quiet bubble that
  // says nothing of it (the playback screen does, decision 127)
  const tags = card.getByRole('list', { name: /Emotions|Topics/ }).first()
  await expect(tags.or(bobPage.locator('[data-slot="message-card"][data-insights="held-back"]').first())).toBeVisible({
    timeout: 30_000,
  })
  await expect(card.getByText(CONFIDENCE_TEXTS.notEnoughClearWords)).toHaveCount(0)

  // Ada sees the same words on her side.
  const own = adaPage.locator('[data-slot="message-card"]').first()
  await expect(own.locator('[data-slot="message-text"]')).toHaveText(/excited|job|really|miss|coffee|sunday/i, { timeout: 30_000 })

  await adaPage.context().close()
  await bobPage.context().close()
})

test('while answering, the words appear as they are spoken', async ({ insertUser, connect, signedInPage }) => {
  test.setTimeout(90_000)
  const ada = await insertUser({ name: 'Ada Reply' })
  const bob = await insertUser({ name: 'Bob Reply' })
  const adaToBob = await connect(ada, bob)
  const adaPage = await signedInPage(ada)
  // Ada's message goes through the API: the recording is the same clip the microphone plays
  const messageId = await sendRecording(adaPage.request, adaToBob, clip ?? '', 'audio/wav')

  const bobPage = await signedInPage(bob)
  await bobPage.goto(`/record/${await contactIdOf(bobPage.request, 'Ada Reply')}?replyTo=${messageId}`)
  await expect(bobPage.getByText('Replying to Ada Reply')).toBeVisible()
  await bobPage.getByRole('button', { name: "I'm ready to record" }).click()
  const live = bobPage.locator('[data-slot="live-transcript"]')
  await expect(live).toBeVisible()
  await expect(live.getByText('Listening...')).toBeVisible()
  // real words from the server's engine, within a few refreshes
  await expect(live.locator('p[aria-live]')).toHaveText(/\b(excited|job|really|miss|coffee|sunday|you|new)\b/i, { timeout: 30_000 })
  await bobPage.getByRole('button', { name: 'Tap to stop' }).click()
  await expect(live).toHaveCount(0)

  await adaPage.context().close()
  await bobPage.context().close()
})
