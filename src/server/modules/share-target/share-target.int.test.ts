import { describe, expect, it } from 'vitest'
import { makeAudio } from '#server/test/audio-files.ts'
import { createTestApp } from '#server/test/test-app.ts'

const { app } = await createTestApp()

/** A multipart body as a phone's share sheet posts it: the file under `audio`, maybe a title. */
function sharedForm(file: Buffer, type: string) {
  const boundary = 'hearth-share-boundary'
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nVoice note\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="note.webm"\r\nContent-Type: ${type}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

describe('POST /share without a service worker', () => {
  it('sends the browser to the page that says to open Hearth once, whatever origin and session the post has', async () => {
    const form = sharedForm(await makeAudio({ seconds: 1 }), 'audio/webm')
    // the share sheet's post carries no Origin of Hearth's and often no cookie
    const response = await app.inject({ method: 'POST', url: '/share', ...form })
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('/share/not-ready')

    const elsewhere = await app.inject({
      method: 'POST',
      url: '/share',
      payload: form.payload,
      headers: { ...form.headers, origin: 'https://elsewhere.example' },
    })
    expect(elsewhere.statusCode).toBe(303)
  })

  it('reads nothing of the post, and refuses a body of a kind no share sheet sends with a 4xx in the error shape', async () => {
    const json = await app.inject({ method: 'POST', url: '/share', payload: { audio: 'x' } })
    expect(json.statusCode).toBe(303)
    const raw = await app.inject({
      method: 'POST',
      url: '/share',
      payload: Buffer.from('x'),
      headers: { 'content-type': 'application/octet-stream' },
    })
    expect(raw.statusCode).toBe(415)
    expect(raw.json()).toMatchObject({ error: { code: expect.any(String) } })
  })
})
