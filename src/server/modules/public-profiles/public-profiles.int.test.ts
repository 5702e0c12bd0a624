import fs from 'node:fs/promises'
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { PublicProfile } from '#shared/public-profile.ts'
import { profiles } from '#server/db/schema.ts'
import { insertConnectedPair, insertPerson } from '#server/test/data.ts'
import { makeJpeg, uploadPhoto } from '#server/test/images.ts'
import { insertSignedInPerson, signIn } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { createTestApp } from '#server/test/test-app.ts'

const { app, db } = await createTestApp({ DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-public-profiles-') })
const { get, post } = apiClient(app)

/** A person with three photos (the first is the primary) and a finished welcome transcript. */
async function personWithGallery(options: { findableByEmail?: boolean } = {}) {
  const person = await insertPerson(db, options)
  const cookie = await signIn(app, person)
  const photos = []
  for (const width of [300, 320, 340]) photos.push(await uploadPhoto(app, cookie, await makeJpeg({ width, height: 200, gps: false })))
  await db
    .update(profiles)
    .set({ welcomeTranscript: 'Hello friends', welcomeTranscriptStatus: 'completed', welcomeAudioKey: `${person.id}/1-a.webm` })
    .where(eq(profiles.id, person.id))
  return { ...person, cookie, photoIds: photos.map((photo) => photo.id) }
}

const profileOf = async (id: string, cookie?: string) => {
  const response = await get(`/api/public-profiles/${id}`, cookie)
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as PublicProfile
}

describe('GET /api/public-profiles/:id', () => {
  it('shows anonymous visitors the public fields only', async () => {
    const ada = await insertPerson(db, { name: 'Ada Lovelace' })
    await db
      .update(profiles)
      .set({
        welcomeTranscript: 'Hello friends',
        welcomeTranscriptStatus: 'completed',
        welcomeWordTimestamps: [{ word: 'Hello', start: 0, end: 0.4 }],
      })
      .where(eq(profiles.id, ada.id))
    const response = await app.inject({ method: 'GET', url: `/api/public-profiles/${ada.id}` })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      id: ada.id,
      name: 'Ada Lovelace',
      profile_picture_url: null,
      photos: [],
      welcome_audio_url: null,
      welcome_transcript: 'Hello friends',
      welcome_word_timestamps: [{ word: 'Hello', start: 0, end: 0.4 }],
      findable: false,
    })
    expect(response.body).not.toContain(ada.email)
  })

  it('shows someone who did not opt in to being found by name, primary photo and welcome message, never indexed', async () => {
    const maya = await personWithGallery()
    const response = await get(`/api/public-profiles/${maya.id}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['x-robots-tag']).toBe('noindex')
    const seen = response.json() as PublicProfile
    expect(seen).toMatchObject({ findable: false, welcome_transcript: 'Hello friends' })
    expect(seen.welcome_audio_url).toBeTruthy()
    expect(seen.photos.map((photo) => [photo.id, photo.is_primary])).toEqual([[maya.photoIds[0], true]])
    expect(seen.profile_picture_url).toBe(seen.photos[0]?.url)
    // a signed-in stranger sees as much, even after pressing Message (that is their choice, not the person's)
    const eve = await insertSignedInPerson(app, db)
    expect((await post('/api/contacts/connect', eve.cookie, { user_id: maya.id })).statusCode).toBe(201)
    expect((await profileOf(maya.id, eve.cookie)).photos).toHaveLength(1)
  })

  it('shows the whole gallery to the person, to people they chose, and to anyone when they opted in to being found', async () => {
    const maya = await personWithGallery()
    expect((await profileOf(maya.id, maya.cookie)).photos.map((p) => p.id)).toEqual(maya.photoIds)
    const chosen = await insertSignedInPerson(app, db)
    const chooser = await insertSignedInPerson(app, db)
    // Maya chose `chosen`; `chooser` chose Maya, who did not choose them back
    await insertConnectedPair(db, maya, chosen)
    await insertConnectedPair(db, chooser, maya)
    expect((await profileOf(maya.id, chosen.cookie)).photos.map((p) => p.id)).toEqual(maya.photoIds)
    expect((await profileOf(maya.id, chooser.cookie)).photos.map((p) => p.id)).toEqual([maya.photoIds[0]])

    const found = await personWithGallery({ findableByEmail: true })
    const response = await get(`/api/public-profiles/${found.id}`)
    expect(response.headers['x-robots-tag']).toBe('noindex') // the data is not a page of its own
    expect(response.json()).toMatchObject({ findable: true })
    expect((response.json() as PublicProfile).photos.map((p) => p.id)).toEqual(found.photoIds)
  })

  it('keeps an unfinished transcript to itself', async () => {
    const bob = await insertPerson(db)
    await db.update(profiles).set({ welcomeTranscript: 'partial', welcomeTranscriptStatus: 'processing' }).where(eq(profiles.id, bob.id))
    const response = await app.inject({ method: 'GET', url: `/api/public-profiles/${bob.id}` })
    expect(response.json()).toMatchObject({ welcome_transcript: null })
  })

  it('answers 404 for an unknown person, and for an unconfirmed account exactly as for a missing one', async () => {
    const missing = await app.inject({ method: 'GET', url: `/api/public-profiles/${randomUUID()}` })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: 'Profile not found.' } })
    const unconfirmed = await insertPerson(db, { verified: false, findableByEmail: true })
    const response = await app.inject({ method: 'GET', url: `/api/public-profiles/${unconfirmed.id}` })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual(missing.json())
  })
})
