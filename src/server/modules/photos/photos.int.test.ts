import fs from 'node:fs/promises'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { MAX_PROFILE_PHOTOS } from '#shared/limits.ts'
import { PHOTO_TEXTS, type Photo } from '#shared/photos.ts'
import { PHOTO_VARIANTS, PHOTO_VARIANT_NAMES, pictureVariantUrl } from '#shared/photo-variants.ts'
import type { Contact } from '#shared/contacts.ts'
import type { DirectoryResult } from '#shared/directory.ts'
import type { Profile } from '#shared/profile.ts'
import { createMediaSweeper } from '#server/media/media-sweep.ts'
import { createLocalStorage } from '#server/media/storage.ts'
import { makeJpeg, uploadPhoto } from '#server/test/images.ts'
import { insertSignedInPair, insertSignedInPerson } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { createTestApp, TEST_ORIGIN } from '#server/test/test-app.ts'

const dataDir = await fs.mkdtemp('/tmp/hearth-int-photos-')
const { app, db } = await createTestApp({ DATA_DIR: dataDir, RATE_LIMIT_ENABLED: 'false' })
const api = apiClient(app)

const post = (cookie: string, payload: Buffer | string, contentType = 'image/jpeg') =>
  app.inject({ method: 'POST', url: '/api/photos', payload, headers: { origin: TEST_ORIGIN, cookie, 'content-type': contentType } })
const storedFiles = async (ownerId: string) => (await fs.readdir(`${dataDir}/media/${ownerId}`).catch(() => [])).sort()
const list = async (cookie: string) => (await api.get('/api/photos', cookie)).json() as Photo[]
const served = async (url: string) => {
  const response = await app.inject({ method: 'GET', url })
  expect(response.statusCode).toBe(200)
  return response
}

describe('photo upload', () => {
  it('turns a phone JPEG upright, re-encodes it as WebP without any metadata, in every variant of the spec', async () => {
    const person = await insertSignedInPerson(app, db)
    const original = await makeJpeg({ width: 900, height: 600 })
    const meta = await sharp(original).metadata()
    expect(meta.exif, 'the test image carries EXIF with GPS').toBeDefined()
    expect(meta.orientation).toBe(6)

    const photo = await uploadPhoto(app, person.cookie, original)
    expect(photo.is_primary).toBe(true)
    const files = await storedFiles(person.id)
    expect(files).toHaveLength(PHOTO_VARIANT_NAMES.length)
    for (const variant of PHOTO_VARIANT_NAMES) {
      const url = photo.urls[variant]
      const response = await served(url)
      expect(response.headers['content-type']).toBe('image/webp')
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      const stored = await fs.readFile(`${dataDir}/media/${url.replace('/api/pictures/', '')}`)
      expect(response.rawPayload.equals(stored)).toBe(true)
      for (const bytes of [stored, response.rawPayload]) {
        const out = await sharp(bytes).metadata()
        expect(out.format).toBe('webp')
        expect([out.width, out.height]).toEqual([PHOTO_VARIANTS[variant].width, PHOTO_VARIANTS[variant].height])
        expect(out.exif).toBeUndefined()
        expect(out.xmp).toBeUndefined()
        expect(out.icc).toBeUndefined()
        expect(out.iptc).toBeUndefined()
        expect(out.orientation).toBeUndefined()
        expect(bytes.includes(Buffer.from('HearthPhone'))).toBe(false)
        expect(bytes.includes(Buffer.from('EXIF'))).toBe(false)
      }
    }
  })

  it('turns the picture upright by its EXIF orientation', async () => {
    const person = await insertSignedInPerson(app, db)
    // orientation 6: the stored pixels, a left half red and a right half blue, are shown turned a quarter right,
    // so upright the red is on top. The crop keeps the centre; its top row must be red.
    const sideways = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 0, g: 0, b: 255 } } })
      .composite([{ input: { create: { width: 400, height: 600, channels: 3, background: { r: 255, g: 0, b: 0 } } }, left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const photo = await uploadPhoto(app, person.cookie, sideways)
    const { data, info } = await sharp((await served(photo.urls.avatar320)).rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true })
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ]
    expect(pixel(160, 5)[0]).toBeGreaterThan(200)
    expect(pixel(160, 314)[2]).toBeGreaterThan(200)
  })

  it('refuses a text file named .jpg, by its content', async () => {
    const person = await insertSignedInPerson(app, db)
    const response = await post(person.cookie, 'this is not a picture at all, only text in a file named photo.jpg')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', message: PHOTO_TEXTS.invalidType } })
    expect(await storedFiles(person.id)).toEqual([])
  })

  it('refuses an image of 6 MB, and an empty body', async () => {
    const person = await insertSignedInPerson(app, db)
    const big = Buffer.concat([await makeJpeg({ gps: false }), Buffer.alloc(6 * 1024 * 1024)])
    const response = await post(person.cookie, big)
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE', message: PHOTO_TEXTS.tooLarge } })
    const empty = await post(person.cookie, Buffer.alloc(0))
    expect(empty.statusCode).toBe(400)
    expect(await storedFiles(person.id)).toEqual([])
  })

  it('refuses the 11th photo, also when two uploads start at 9', async () => {
    const person = await insertSignedInPerson(app, db)
    const image = await makeJpeg({ width: 200, height: 150, gps: false })
    for (let i = 0; i < MAX_PROFILE_PHOTOS - 1; i += 1) await uploadPhoto(app, person.cookie, image)
    const both = await Promise.all([post(person.cookie, image), post(person.cookie, image)])
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409])
    const refused = await post(person.cookie, image)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ error: { code: 'PHOTO_LIMIT', message: PHOTO_TEXTS.limit } })
    expect(await list(person.cookie)).toHaveLength(MAX_PROFILE_PHOTOS)
    expect(await storedFiles(person.id)).toHaveLength(MAX_PROFILE_PHOTOS * PHOTO_VARIANT_NAMES.length)
  })

  it('asks for a session', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/photos', payload: await makeJpeg(), headers: { origin: TEST_ORIGIN } })
    expect(response.statusCode).toBe(401)
  })
})

describe('managing photos', () => {
  it('sets the primary (clearing the others), which becomes the picture in contacts and the directory', async () => {
    const { ada, bob } = await insertSignedInPair(app, db, ['Ada Photo', 'Bob Photo'])
    const first = await uploadPhoto(app, ada.cookie)
    const second = await uploadPhoto(app, ada.cookie)
    expect(second.is_primary).toBe(false)
    const picture = async () => {
      const contacts = ((await api.get('/api/contacts', bob.cookie)).json() as { contacts: Contact[] }).contacts
      const found = ((await api.get('/api/directory', bob.cookie, { query: { q: 'Ada Photo' } })).json() as { results: DirectoryResult[] })
        .results
      const profile = (await api.get('/api/profile', ada.cookie)).json() as Profile
      const urls = [
        contacts.find((c) => c.contact_user_id === ada.id)?.avatar_url,
        found.find((r) => r.id === ada.id)?.profile_picture_url,
        profile.profile_picture_url,
      ]
      return [...new Set(urls)]
    }
    expect(await picture()).toEqual([first.urls.avatar320])

    const after = await api.post(`/api/photos/${second.id}/primary`, ada.cookie)
    expect(after.statusCode).toBe(200)
    expect((after.json() as Photo[]).map((p) => [p.id, p.is_primary])).toEqual([
      [first.id, false],
      [second.id, true],
    ])
    expect(await picture()).toEqual([second.urls.avatar320])
    expect(pictureVariantUrl(second.urls.avatar320, 'avatar40')).toBe(second.urls.avatar40)
  })

  it('reorders; refuses an order that leaves a photo out', async () => {
    const person = await insertSignedInPerson(app, db)
    const a = await uploadPhoto(app, person.cookie)
    const b = await uploadPhoto(app, person.cookie)
    const reordered = await api.put('/api/photos/order', person.cookie, { ids: [b.id, a.id] })
    expect(reordered.statusCode).toBe(200)
    expect((reordered.json() as Photo[]).map((p) => p.id)).toEqual([b.id, a.id])
    const partial = await api.put('/api/photos/order', person.cookie, { ids: [b.id] })
    expect(partial.statusCode).toBe(400)
    expect(partial.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', message: PHOTO_TEXTS.orderMismatch } })
  })

  it('deletes a photo with its files; deleting the primary promotes the next, the last leaves no picture', async () => {
    const person = await insertSignedInPerson(app, db)
    const a = await uploadPhoto(app, person.cookie)
    const b = await uploadPhoto(app, person.cookie)
    const deleted = await api.delete(`/api/photos/${a.id}`, person.cookie)
    expect(deleted.statusCode).toBe(200)
    expect((deleted.json() as Photo[]).map((p) => [p.id, p.is_primary])).toEqual([[b.id, true]])
    expect(await storedFiles(person.id)).toHaveLength(PHOTO_VARIANT_NAMES.length)
    expect((await app.inject({ method: 'GET', url: a.urls.avatar80 })).statusCode).toBe(404)
    expect(((await api.get('/api/profile', person.cookie)).json() as Profile).profile_picture_url).toBe(b.urls.avatar320)
    await api.delete(`/api/photos/${b.id}`, person.cookie)
    expect(await storedFiles(person.id)).toEqual([])
    expect(((await api.get('/api/profile', person.cookie)).json() as Profile).profile_picture_url).toBeNull()
  })

  it("refuses someone else's photo id, and leaves that photo as it was", async () => {
    const owner = await insertSignedInPerson(app, db)
    const other = await insertSignedInPerson(app, db)
    const photo = await uploadPhoto(app, owner.cookie)
    const second = await uploadPhoto(app, owner.cookie)
    for (const response of [
      await api.delete(`/api/photos/${photo.id}`, other.cookie),
      await api.post(`/api/photos/${second.id}/primary`, other.cookie),
      await api.put('/api/photos/order', other.cookie, { ids: [second.id, photo.id] }),
    ]) {
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: PHOTO_TEXTS.notFound } })
    }
    expect((await list(owner.cookie)).map((p) => [p.id, p.is_primary])).toEqual([
      [photo.id, true],
      [second.id, false],
    ])
    expect((await api.delete('/api/photos/not-a-uuid', owner.cookie)).statusCode).toBe(400)
  })

  it('shows the photos, in order, on the public profile of someone who opted in to being found, to a signed-out visitor', async () => {
    const person = await insertSignedInPerson(app, db, { findableByEmail: true })
    const a = await uploadPhoto(app, person.cookie)
    const b = await uploadPhoto(app, person.cookie)
    await api.put('/api/photos/order', person.cookie, { ids: [b.id, a.id] })
    const profile = (await api.get(`/api/public-profiles/${person.id}`)).json() as { photos: unknown[]; profile_picture_url: string }
    expect(profile.photos).toEqual([
      { id: b.id, is_primary: false, url: b.urls.avatar320 },
      { id: a.id, is_primary: true, url: a.urls.avatar320 },
    ])
    expect(profile.profile_picture_url).toBe(a.urls.avatar320)
    expect((await app.inject({ method: 'GET', url: profile.profile_picture_url })).statusCode).toBe(200)
  })

  it("the media sweep keeps a photo's renditions and removes those of no photo", async () => {
    const person = await insertSignedInPerson(app, db)
    await uploadPhoto(app, person.cookie)
    const orphan = `${dataDir}/media/${person.id}/${'a'.repeat(32)}-avatar40.webp`
    await fs.writeFile(orphan, 'left behind')
    const sweeper = createMediaSweeper({ db, storage: createLocalStorage(`${dataDir}/media`), tmpDir: `${dataDir}/tmp` })
    await sweeper.sweep(Date.now() + 2 * 60 * 60 * 1000)
    expect(await storedFiles(person.id)).toHaveLength(PHOTO_VARIANT_NAMES.length)
    await expect(fs.stat(orphan)).rejects.toThrow()
  })

  it('serves only renditions of existing photos on the public picture route', async () => {
    const person = await insertSignedInPerson(app, db)
    await uploadPhoto(app, person.cookie)
    for (const url of [
      `/api/pictures/${person.id}/${'0'.repeat(32)}-avatar40.webp`,
      `/api/pictures/${person.id}/original.jpg`,
      '/api/pictures/x/..%2F..%2Fetc',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404)
    }
  })
})

describe('the photo upload limit', async () => {
  const limited = await createTestApp({ DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-photo-limits-'), UPLOADS_PER_MINUTE: '2' })

  it('allows UPLOADS_PER_MINUTE photos a minute to each person, then answers 429 with a clear text', async () => {
    const ada = await insertSignedInPerson(limited.app, limited.db)
    const bob = await insertSignedInPerson(limited.app, limited.db)
    const image = await makeJpeg({ width: 300, height: 200 })
    const postAs = (cookie: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/photos',
        payload: image,
        headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'image/jpeg' },
      })
    for (let i = 0; i < 2; i++) expect((await postAs(ada.cookie)).statusCode).toBe(201)
    const refused = await postAs(ada.cookie)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } })
    expect(await (await apiClient(limited.app).get('/api/photos', ada.cookie)).json()).toHaveLength(2)
    // counted per person: someone else may still upload
    expect((await postAs(bob.cookie)).statusCode).toBe(201)
  })
})
