import fs from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import type { Contact } from '#shared/contacts.ts'
import type { AudioUpload, Message } from '#shared/messages.ts'
import { audioMessages } from '../../db/schema.ts'
import { makeAudio } from '../../test/audio-files.ts'
import { insertSignedInPerson } from '../../test/people.ts'
import { createTestApp, TEST_ORIGIN } from '../../test/test-app.ts'

const { app, db } = await createTestApp({ DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-sentiment-') })

it("answers the analysis' sentiment with the message (null until analysed), for the playback tips", async () => {
  const ada = await insertSignedInPerson(app, db, { name: 'Ada' })
  const bob = await insertSignedInPerson(app, db, { name: 'Bob' })
  const headers = (cookie: string) => ({ origin: TEST_ORIGIN, cookie })
  const connected = await app.inject({ method: 'POST', url: '/api/contacts/connect', headers: headers(ada.cookie), payload: { user_id: bob.id } })
  const adaToBob = (connected.json() as { contact: Contact }).contact.id
  const upload = await app.inject({
    method: 'POST',
    url: '/api/audio',
    payload: await makeAudio({ seconds: 1 }),
    headers: { ...headers(ada.cookie), 'content-type': 'audio/webm' },
  })
  const { upload_id } = upload.json() as AudioUpload
  const sent = await app.inject({ method: 'POST', url: '/api/messages', headers: headers(ada.cookie), payload: { contact_id: adaToBob, upload_id } })
  const message = sent.json() as Message
  expect(message.sentiment).toBeNull()

  await db.update(audioMessages).set({ sentiment: -0.35 }).where(eq(audioMessages.id, message.id))
  const read = await app.inject({ method: 'GET', url: `/api/messages/${message.id}`, headers: { cookie: bob.cookie } })
  expect(read.statusCode).toBe(200)
  expect((read.json() as Message).sentiment).toBeCloseTo(-0.35)
})
