import fs from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { profiles } from '#server/db/schema.ts'
import { insertPerson } from '#server/test/data.ts'
import { makeJpeg, uploadPhoto } from '#server/test/images.ts'
import { signIn } from '#server/test/people.ts'
import { createTestApp, TEST_ORIGIN } from '#server/test/test-app.ts'

const webDir = await fs.mkdtemp('/tmp/hearth-int-profile-web-')
await fs.copyFile(new URL('../../../web/index.html', import.meta.url), `${webDir}/index.html`)
const { app, db } = await createTestApp({ DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-profile-preview-') }, { webDir })

const page = async (path: string) => {
  const response = await app.inject({ method: 'GET', url: path })
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-type']).toContain('text/html')
  return response.body
}
const jsonLd = (html: string) => {
  const match = /<script type="application\/ld\+json" data-server-structured-data>(.*?)<\/script>/s.exec(html)
  return match ? (JSON.parse(match[1] ?? '') as Record<string, unknown>) : null
}

describe('link previews of /u/{id}, written into the HTML for crawlers', () => {
  it('the title, the first 150 characters of the welcome transcript, Open Graph with the primary photo, and Person data', async () => {
    const person = await insertPerson(db, { name: 'Robin <Preview>', findableByEmail: true })
    const transcript = `Hello, I am Robin. ${'I love long walks and slow coffee. '.repeat(8)}`
    await db
      .update(profiles)
      .set({ welcomeTranscript: transcript, welcomeTranscriptStatus: 'completed', welcomeAudioKey: `${person.id}/1-a.webm` })
      .where(eq(profiles.id, person.id))
    const photo = await uploadPhoto(app, await signIn(app, person), await makeJpeg({ width: 300, height: 200, gps: false }))
    const image = new URL(photo.urls.avatar320 ?? '', TEST_ORIGIN).href

    for (const path of [`/u/${person.id}`, `/profile/${person.id}`]) {
      const html = await page(path)
      expect(html).toContain('<title>Robin &lt;Preview&gt; - Hearth</title>')
      expect(html).toContain(`<meta name="description" content="${transcript.slice(0, 150).replace("'", '&#39;')}" />`)
      expect(html).toContain('<meta property="og:title" content="Robin &lt;Preview&gt; - Hearth" />')
      expect(html).toContain(`<meta property="og:image" content="${image}" />`)
      expect(html).toContain(`<meta property="og:url" content="${TEST_ORIGIN}/u/${person.id}" />`)
      expect(html).not.toContain('<Preview>')
      expect(jsonLd(html)).toEqual({
        '@context': 'https://schema.org',
        '@type': 'Person',
        name: 'Robin <Preview>',
        url: `${TEST_ORIGIN}/u/${person.id}`,
        image,
        description: transcript.slice(0, 150),
      })
    }
    // the e-mail address is never in the page
    expect(await page(`/u/${person.id}`)).not.toContain(person.email)
  })

  it('a welcome transcript the engine was unsure of is shown nowhere to strangers: not the API, the page or its description', async () => {
    const rough = 'do you really we you look awfully on on that'
    const unsure = rough.split(' ').map((word, i) => ({ word, start: i * 0.3, end: i * 0.3 + 0.25, confidence: 0.42 }))
    const person = await insertPerson(db, { name: 'Rita Rough', findableByEmail: true })
    await db
      .update(profiles)
      .set({
        welcomeTranscript: rough,
        welcomeWordTimestamps: unsure,
        welcomeTranscriptStatus: 'completed',
        welcomeAudioKey: `${person.id}/1-a.webm`,
      })
      .where(eq(profiles.id, person.id))
    const api = await app.inject({ method: 'GET', url: `/api/public-profiles/${person.id}` })
    expect(api.json()).toMatchObject({ welcome_transcript: null, welcome_word_timestamps: null })
    // the recording itself still plays
    expect(api.json().welcome_audio_url).toBeTruthy()
    const html = await page(`/u/${person.id}`)
    expect(html).not.toContain('awfully')
    expect(html).toContain(
      '<meta name="description" content="Rita Rough is on Hearth, a voice-first app for small circles of close contacts." />',
    )

    // the same words said surely are shown
    const sure = unsure.map((word) => ({ ...word, confidence: 0.9 }))
    await db.update(profiles).set({ welcomeWordTimestamps: sure }).where(eq(profiles.id, person.id))
    const shown = await app.inject({ method: 'GET', url: `/api/public-profiles/${person.id}` })
    expect(shown.json()).toMatchObject({ welcome_transcript: rough })
    expect(await page(`/u/${person.id}`)).toContain(`<meta name="description" content="${rough}" />`)
  })

  it("without a transcript or a photo: the spec's fallback sentence and the app's picture", async () => {
    const person = await insertPerson(db, { name: 'Sam Quiet', findableByEmail: true })
    const html = await page(`/u/${person.id}`)
    expect(html).toContain(
      '<meta name="description" content="Sam Quiet is on Hearth, a voice-first app for small circles of close contacts." />',
    )
    expect(html).toContain(`<meta property="og:image" content="${TEST_ORIGIN}/og-image.png" />`)
    expect(jsonLd(html)).not.toHaveProperty('image')
  })

  it('someone who did not opt in to being found: the preview, but no Person data, and neither the page nor the tags indexed', async () => {
    const person = await insertPerson(db, { name: 'Kim Private' })
    await db
      .update(profiles)
      .set({ welcomeTranscript: 'Hello from Kim', welcomeTranscriptStatus: 'completed' })
      .where(eq(profiles.id, person.id))
    const response = await app.inject({ method: 'GET', url: `/u/${person.id}` })
    expect(response.headers['x-robots-tag']).toBe('noindex')
    expect(response.body).toContain('<meta name="robots" content="noindex" />')
    expect(response.body).toContain('<meta property="og:title" content="Kim Private - Hearth" />')
    expect(response.body).toContain('<meta name="description" content="Hello from Kim" />')
    expect(jsonLd(response.body)).toBeNull()

    const listed = await insertPerson(db, { name: 'Lee Listed', findableByEmail: true })
    const indexed = await app.inject({ method: 'GET', url: `/u/${listed.id}` })
    expect(indexed.headers['x-robots-tag']).toBeUndefined()
    expect(indexed.body).not.toContain('name="robots"')
    expect(jsonLd(indexed.body)).toMatchObject({ name: 'Lee Listed' })
  })

  it('an unknown person, an unconfirmed account or a malformed id gets the generic page, not indexed: no name, no Person data', async () => {
    const generic = await page('/')
    const unconfirmed = await insertPerson(db, { name: 'Uma Unconfirmed', verified: false, findableByEmail: true })
    for (const path of ['/u/no-such-person', `/u/${unconfirmed.id}`, '/u/%3Cscript%3E', '/profile/x/y']) {
      const html = await page(path)
      expect(html, path).toBe(generic)
      expect(jsonLd(html)).toBeNull()
    }
    expect((await app.inject({ method: 'GET', url: `/u/${unconfirmed.id}` })).headers['x-robots-tag']).toBe('noindex')
  })
})
