import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { profiles } from '#server/db/schema.ts'
import { insertPerson } from '#server/test/data.ts'
import { createTestApp } from '#server/test/test-app.ts'

const { app, db } = await createTestApp()

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
    })
    expect(response.body).not.toContain(ada.email)
  })

  it('keeps an unfinished transcript to itself', async () => {
    const bob = await insertPerson(db)
    await db.update(profiles).set({ welcomeTranscript: 'partial', welcomeTranscriptStatus: 'processing' }).where(eq(profiles.id, bob.id))
    const response = await app.inject({ method: 'GET', url: `/api/public-profiles/${bob.id}` })
    expect(response.json()).toMatchObject({ welcome_transcript: null })
  })

  it('answers 404 for an unknown person', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/public-profiles/${randomUUID()}` })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Profile not found.' } })
  })
})
