import fs from 'node:fs/promises'
import { afterAll, describe, expect, it } from 'vitest'
import type { Invitation, InvitationPreview } from '#shared/invitations.ts'
import type { Profile } from '#shared/profile.ts'
import { createS3Storage } from '#server/media/s3-storage.ts'
import { uploadPhoto } from '#server/test/images.ts'
import { insertSignedInPair, insertSignedInPerson } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { startS3Server } from '#server/test/s3-server.ts'
import { createTestApp } from '#server/test/test-app.ts'
import { sendRecording, uploadRecording } from '#server/test/uploads.ts'

// Every kind of object goes to the bucket when STORAGE_DRIVER=s3; nothing is written under DATA_DIR/media.
const s3 = await startS3Server()
const dataDir = await fs.mkdtemp('/tmp/hearth-int-s3-app-')
const { app, db } = await createTestApp({ DATA_DIR: dataDir, RATE_LIMIT_ENABLED: 'false', ...s3.env })
const api = apiClient(app)
const bucket = createS3Storage(s3.config)
afterAll(async () => {
  bucket.close()
  await s3.close()
})

const keysOf = async (ownerId: string) => {
  const keys: string[] = []
  for await (const { key } of bucket.list()) if (key.startsWith(`${ownerId}/`)) keys.push(key)
  return keys.sort()
}

/** Follows the app's signed URL to the bucket, as a browser's audio element does; answers the bucket's answer. */
async function play(appUrl: string, range?: string) {
  const redirect = await app.inject({ method: 'GET', url: appUrl })
  expect(redirect.statusCode).toBe(302)
  const location = String(redirect.headers.location)
  expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/`)).toBe(true)
  return fetch(location, range ? { headers: { range } } : {})
}

describe('the app on S3 storage', () => {
  it('keeps a recording in the bucket and plays it through a presigned URL, with ranges, only while the app URL is valid', async () => {
    const { ada, adaToBob } = await insertSignedInPair(app, db)
    const message = await sendRecording(app, ada.cookie, adaToBob)
    const [key] = await keysOf(ada.id)
    expect(key).toBeDefined()
    const size = (await bucket.size(key ?? '')) ?? 0
    expect(size).toBeGreaterThan(100)

    const whole = await play(message.audio_url)
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-type')).toBe('audio/webm') // Opus kept as recorded, in WebM
    expect((await whole.arrayBuffer()).byteLength).toBe(size)
    const part = await play(message.audio_url, 'bytes=0-99')
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${size}`)

    const forged = message.audio_url.replace(/signature=[^&]+/, 'signature=forged')
    expect((await app.inject({ method: 'GET', url: forged })).statusCode).toBe(403)
    await expect(fs.readdir(`${dataDir}/media`)).rejects.toThrow()
  })

  it('allows the bucket as a media source in the content security policy', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/health' })
    expect(String(page.headers['content-security-policy'])).toContain(`media-src 'self' blob: ${s3.endpoint}`)
  })

  it('answers 404 in the app error shape for an object no longer in the bucket', async () => {
    const { ada, adaToBob } = await insertSignedInPair(app, db)
    const message = await sendRecording(app, ada.cookie, adaToBob)
    for (const key of await keysOf(ada.id)) await bucket.remove(key)
    const gone = await app.inject({ method: 'GET', url: message.audio_url })
    expect(gone.statusCode).toBe(404)
    expect(gone.json()).toMatchObject({ error: { code: 'NOT_FOUND' } })
  })

  it('keeps a welcome message in the bucket, playable from the public profile; a new one removes the old object', async () => {
    const ada = await insertSignedInPerson(app, db)
    const save = async () => api.put('/api/profile/welcome-message', ada.cookie, { upload_id: await uploadRecording(app, ada.cookie) })
    const profile = (await save()).json() as Profile
    expect((await play(profile.welcome_audio_url ?? '')).status).toBe(200)
    const first = await keysOf(ada.id)
    expect(first).toHaveLength(1)
    expect((await save()).statusCode).toBe(200)
    const second = await keysOf(ada.id)
    expect(second).toHaveLength(1)
    expect(second).not.toEqual(first)
  })

  it("keeps an invitation's message in the bucket, playable from the landing page", async () => {
    const ada = await insertSignedInPerson(app, db)
    const created = await api.post('/api/invitations/link', ada.cookie, {
      recipient_name: 'Bob',
      upload_id: await uploadRecording(app, ada.cookie),
    })
    expect(created.statusCode).toBe(201)
    const { share_url } = created.json() as { invitation: Invitation; share_url: string }
    const token = new URL(share_url).searchParams.get('token') ?? ''
    const preview = (await api.post('/api/invitations/preview', undefined, { token })).json() as InvitationPreview
    expect((await play(preview.personal_message_signed_url ?? '')).status).toBe(200)
  })

  it('keeps every rendition of a photo in the bucket, serves them publicly, and deletes them with the photo', async () => {
    const ada = await insertSignedInPerson(app, db)
    const photo = await uploadPhoto(app, ada.cookie)
    expect(await keysOf(ada.id)).toHaveLength(Object.keys(photo.urls).length)
    const avatar = await app.inject({ method: 'GET', url: photo.urls.avatar320 })
    expect(avatar.statusCode).toBe(200)
    expect(avatar.headers['content-type']).toBe('image/webp')
    expect(avatar.rawPayload.subarray(8, 12).toString()).toBe('WEBP')
    expect((await api.delete(`/api/photos/${photo.id}`, ada.cookie)).statusCode).toBe(200)
    expect(await keysOf(ada.id)).toEqual([])
  })
})
