import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { DECLARED_SECONDS_HEADER, type AudioUpload, type Message } from '#shared/messages.ts'
import { makeAudio } from './audio-files.ts'
import { apiClient } from './requests.ts'
import { TEST_ORIGIN } from './test-app.ts'

/**
 * Uploads a recording made by ffmpeg (`makeAudio`'s shapes) as the signed-in person, through POST /api/audio, declaring
 * its length as the recorder does, and answers its upload id; fails the test when the upload is refused.
 */
export async function uploadRecording(
  app: FastifyInstance,
  cookie: string,
  shape: Parameters<typeof makeAudio>[0] = { seconds: 1 },
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/audio',
    payload: await makeAudio(shape),
    headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'audio/webm', [DECLARED_SECONDS_HEADER]: String(shape.seconds ?? 2) },
  })
  expect(response.statusCode).toBe(201)
  return (response.json() as AudioUpload).upload_id
}

/** Uploads a recording and sends it to one of the sender's contacts, as the record screen does; answers the message. */
export async function sendRecording(
  app: FastifyInstance,
  cookie: string,
  contactId: string,
  shape: Parameters<typeof makeAudio>[0] = { seconds: 1 },
): Promise<Message> {
  const sent = await apiClient(app).post('/api/messages', cookie, {
    contact_id: contactId,
    upload_id: await uploadRecording(app, cookie, shape),
  })
  expect(sent.statusCode).toBe(201)
  return sent.json() as Message
}
