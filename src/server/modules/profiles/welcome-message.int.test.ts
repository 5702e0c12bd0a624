import fs from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import type { Profile } from '#shared/profile.ts'
import type { PublicProfile } from '#shared/public-profile.ts'
import { insertSignedInPerson } from '#server/test/people.ts'
import { createTestApp, TEST_ORIGIN } from '#server/test/test-app.ts'
import { uploadRecording } from '#server/test/uploads.ts'

const dataDir = await fs.mkdtemp('/tmp/hearth-int-welcome-')
const { app, db } = await createTestApp({ DATA_DIR: dataDir })

const uploadAs = (cookie: string) => uploadRecording(app, cookie, { seconds: 2 })

const save = (cookie: string, uploadId: unknown) =>
  app.inject({
    method: 'PUT',
    url: '/api/profile/welcome-message',
    payload: { upload_id: uploadId },
    headers: { origin: TEST_ORIGIN, cookie },
  })

const mediaFiles = async (userId: string) => (await fs.readdir(`${dataDir}/media/${userId}`).catch(() => [])).length

describe('PUT /api/profile/welcome-message', () => {
  it('makes an upload the welcome message, playable on the public profile by anyone; a new one replaces the old file', async () => {
    const ada = await insertSignedInPerson(app, db)
    const saved = await save(ada.cookie, await uploadAs(ada.cookie))
    expect(saved.statusCode).toBe(200)
    const profile = saved.json() as Profile
    expect(profile.welcome_audio_url).toMatch(/^\/api\/media\//)
    expect(profile.welcome_transcript_status).toBe('pending')

    const visitor = (await app.inject({ method: 'GET', url: `/api/public-profiles/${ada.id}` })).json() as PublicProfile
    expect(visitor.welcome_audio_url).toMatch(/^\/api\/media\//)
    expect((await app.inject({ method: 'GET', url: visitor.welcome_audio_url ?? '' })).statusCode).toBe(200)

    expect(await mediaFiles(ada.id)).toBe(1)
    expect((await save(ada.cookie, await uploadAs(ada.cookie))).statusCode).toBe(200)
    expect(await mediaFiles(ada.id)).toBe(1)
  })

  it("refuses someone else's upload, a used one, bad input and no session", async () => {
    const ada = await insertSignedInPerson(app, db)
    const eve = await insertSignedInPerson(app, db)
    const evesUpload = await uploadAs(eve.cookie)
    expect((await save(ada.cookie, evesUpload)).statusCode).toBe(404)
    const mine = await uploadAs(ada.cookie)
    expect((await save(ada.cookie, mine)).statusCode).toBe(200)
    expect((await save(ada.cookie, mine)).statusCode).toBe(404)
    expect((await save(ada.cookie, 'blob:http://x/1')).statusCode).toBe(400)
    const anonymous = await app.inject({
      method: 'PUT',
      url: '/api/profile/welcome-message',
      payload: { upload_id: mine },
      headers: { origin: TEST_ORIGIN },
    })
    expect(anonymous.statusCode).toBe(401)
  })
})
