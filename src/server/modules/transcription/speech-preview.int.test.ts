import fs from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import type { SpeechPreview } from '#shared/speech-preview.ts'
import { SPEECH_TEXTS } from '#shared/speech.ts'
import type { EngineChoice } from '#server/speech/engine.ts'
import { makeAudio } from '#server/test/audio-files.ts'
import { insertSignedInPerson } from '#server/test/people.ts'
import { createTestApp, TEST_ORIGIN } from '#server/test/test-app.ts'

// The engine double answers with the length of what it was given, so a test can see which part was sent.
const heard: number[] = []
/** set by a test to hold the engine until it says so; `entered` counts calls that reached the engine */
let hold: Promise<void> | null = null
let entered = 0
const choice: EngineChoice = {
  name: 'pocketsphinx',
  reason: 'test double',
  engine: {
    name: 'test',
    async transcribe({ durationSeconds }) {
      entered += 1
      await hold
      heard.push(durationSeconds)
      return { text: `  words of ${Math.round(durationSeconds)} seconds  `, words: [], language: 'en' }
    },
  },
}
const withEngine = await createTestApp({ DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-preview-') }, { speech: { choice } })
const withoutEngine = await createTestApp({ DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-preview-none-') })

const preview = (app: typeof withEngine.app, cookie: string | null, payload: Buffer, from?: number) =>
  app.inject({
    method: 'POST',
    url: `/api/speech/preview${from === undefined ? '' : `?from=${from}`}`,
    payload,
    headers: { origin: TEST_ORIGIN, 'content-type': 'audio/webm', ...(cookie ? { cookie } : {}) },
  })

describe('POST /api/speech/preview', () => {
  it('transcribes only what is new since `from`, and says where it ends', async () => {
    const ada = await insertSignedInPerson(withEngine.app, withEngine.db, { name: 'Ada' })
    const recording = await makeAudio({ seconds: 6 })

    const whole = await preview(withEngine.app, ada.cookie, recording)
    expect(whole.statusCode).toBe(200)
    const first = whole.json() as SpeechPreview
    expect(first.text).toBe('words of 6 seconds')
    expect(first.until).toBeCloseTo(6, 1)

    const rest = (await preview(withEngine.app, ada.cookie, recording, 4)).json() as SpeechPreview
    expect(rest).toMatchObject({ text: 'words of 2 seconds' })
    expect(rest.until).toBeCloseTo(6, 1)

    const nothingNew = (await preview(withEngine.app, ada.cookie, recording, 9)).json() as SpeechPreview
    expect(nothingNew).toEqual({ text: '', until: 9 })
    expect(heard.map(Math.round)).toEqual([6, 2])
  })

  it('refuses what is not audio, an anonymous caller and a bad `from`', async () => {
    const ada = await insertSignedInPerson(withEngine.app, withEngine.db, { name: 'Ada' })
    const notAudio = await preview(withEngine.app, ada.cookie, Buffer.from('%PDF-1.7 definitely not a recording'))
    expect(notAudio.statusCode).toBe(400)
    expect((await preview(withEngine.app, null, await makeAudio({ seconds: 1 }))).statusCode).toBe(401)
    expect((await preview(withEngine.app, ada.cookie, await makeAudio({ seconds: 1 }), -3)).statusCode).toBe(400)
  })

  it('makes one preview at a time per person: a second while the first runs is refused with 409', async () => {
    const ada = await insertSignedInPerson(withEngine.app, withEngine.db, { name: 'Ada' })
    const bob = await insertSignedInPerson(withEngine.app, withEngine.db, { name: 'Bob' })
    let release = () => {}
    hold = new Promise<void>((resolve) => (release = resolve))
    const recording = await makeAudio({ seconds: 1 })
    const before = entered
    const first = preview(withEngine.app, ada.cookie, recording)
    await expect.poll(() => entered, { timeout: 10_000 }).toBe(before + 1)
    expect((await preview(withEngine.app, ada.cookie, recording)).statusCode).toBe(409)
    // someone else is not held up by Ada's preview
    const bobs = preview(withEngine.app, bob.cookie, recording)
    release()
    hold = null
    expect((await first).statusCode).toBe(200)
    expect((await bobs).statusCode).toBe(200)
    expect((await preview(withEngine.app, ada.cookie, recording)).statusCode).toBe(200)
  })

  it('answers 503 with the reason when the server has no speech engine', async () => {
    const ada = await insertSignedInPerson(withoutEngine.app, withoutEngine.db, { name: 'Ada' })
    const response = await preview(withoutEngine.app, ada.cookie, await makeAudio({ seconds: 1 }))
    expect(response.statusCode).toBe(503)
    expect(response.json()).toMatchObject({
      error: { code: 'SPEECH_UNAVAILABLE', message: expect.stringContaining(SPEECH_TEXTS.noEngine) },
    })
  })
})
