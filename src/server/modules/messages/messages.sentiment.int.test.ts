import fs from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import type { Message } from '#shared/messages.ts'
import { audioMessages } from '#server/db/schema.ts'
import { insertSignedInPair } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { createTestApp } from '#server/test/test-app.ts'
import { sendRecording } from '#server/test/uploads.ts'

const { app, db } = await createTestApp({ DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-sentiment-') })

it("answers the analysis' sentiment with the message (null until analysed), for the playback tips", async () => {
  const { ada, bob, adaToBob } = await insertSignedInPair(app, db)
  const message = await sendRecording(app, ada.cookie, adaToBob)
  expect(message.sentiment).toBeNull()

  await db.update(audioMessages).set({ sentiment: -0.35 }).where(eq(audioMessages.id, message.id))
  const read = await apiClient(app).get(`/api/messages/${message.id}`, bob.cookie)
  expect(read.statusCode).toBe(200)
  expect((read.json() as Message).sentiment).toBeCloseTo(-0.35)
})
