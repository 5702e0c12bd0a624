import fs from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { storeSignUpMode } from '#server/modules/admin/admin.queries.ts'
import { insertPerson } from '#server/test/data.ts'
import { signIn } from '#server/test/people.ts'
import { createTestApp, TEST_ORIGIN } from '#server/test/test-app.ts'

// a built web app in miniature: the app's index.html and a prerendered landing.html as vite build writes them
const webDir = await fs.mkdtemp('/tmp/hearth-int-spa-landing-')
await fs.writeFile(`${webDir}/index.html`, '<html><head><title>app</title></head><body><div id="root"></div></body></html>')
await fs.writeFile(
  `${webDir}/landing.html`,
  '<html><head><title>landing</title>\n    <link rel="canonical" href="/" /></head><body><div id="root"><p>© <!-- -->2020<!-- --> Hearth</p></div></body></html>',
)
await fs.writeFile(
  `${webDir}/landing-invitation.html`,
  '<html><head><title>landing by invitation</title></head><body><div id="root"><p>By invitation only</p></div></body></html>',
)
// the landing as the build renders it in another language (vite.config.ts): Arabic here, German not
await fs.writeFile(
  `${webDir}/landing.ar.html`,
  '<html lang="ar" dir="rtl"><head><title>الصفحة</title></head><body><div id="root"><p>© <!-- -->2020<!-- --> Hearth</p></div></body></html>',
)
await fs.writeFile(
  `${webDir}/landing-invitation.ar.html`,
  '<html lang="ar" dir="rtl"><head><title>بالدعوة</title></head><body></body></html>',
)
const { app, db } = await createTestApp({ DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-spa-landing-data-') }, { webDir })

describe('GET / (decision 100)', () => {
  it('sends a browser without a session the prerendered landing, with an absolute canonical link and this year', async () => {
    const response = await app.inject({ method: 'GET', url: '/' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers.vary).toContain('cookie')
    expect(response.body).toContain('<title>landing</title>')
    expect(response.body).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/" />`)
    expect(response.body).toContain(`© <!-- -->${new Date().getFullYear()}<!-- --> Hearth`)
    // the query does not change the page (e.g. ?verified after confirming an address)
    expect((await app.inject({ method: 'GET', url: '/?verified=1' })).body).toContain('<title>landing</title>')
  })

  it('sends a signed-in browser the app, and other paths stay the app for everyone', async () => {
    const cookie = await signIn(app, await insertPerson(db))
    const signedIn = await app.inject({ method: 'GET', url: '/', headers: { cookie } })
    expect(signedIn.body).toContain('<title>app</title>')
    expect((await app.inject({ method: 'GET', url: '/settings' })).body).toContain('<title>app</title>')
    expect((await app.inject({ method: 'GET', url: '/auth' })).body).toContain('<title>app</title>')
  })

  it('sends the landing without a sign-up while this Hearth takes people by invitation only (decision 162)', async () => {
    await insertPerson(db) // with no account yet, the first person may always sign up
    await storeSignUpMode(db, 'invitation')
    expect((await app.inject({ method: 'GET', url: '/' })).body).toContain('<title>landing by invitation</title>')
    await storeSignUpMode(db, 'open')
    expect((await app.inject({ method: 'GET', url: '/' })).body).toContain('<title>landing</title>')
  })
})

describe("GET / in the visitor's language (decision 222)", () => {
  it('sends the landing rendered in the language the browser asks for, right to left in Arabic', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' } })
    expect(response.body).toContain('<html lang="ar" dir="rtl">')
    expect(response.body).toContain('<title>الصفحة</title>')
    expect(response.body).toContain(`© <!-- -->${new Date().getFullYear()}<!-- --> Hearth`)
    // a cache keeps one page per language and per session cookie
    expect(response.headers.vary).toBe('cookie, accept-language')
    expect(response.headers['content-language']).toBe('ar')
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.headers.etag).toBeUndefined()
  })

  it('sends English, said to be English, for a language the landing was not rendered in', async () => {
    const german = await app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'de-DE' } })
    expect(german.body).toContain('<title>landing</title>')
    expect(german.body).not.toContain('lang="de"')
    expect(german.headers['content-language']).toBe('en')
    expect(german.headers.vary).toBe('cookie, accept-language')
    // the first language it was rendered in wins over one it was not
    const both = await app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'de, ar;q=0.8' } })
    expect(both.body).toContain('<title>الصفحة</title>')
  })

  it("sends the by-invitation landing in the visitor's language while that mode holds", async () => {
    await insertPerson(db)
    await storeSignUpMode(db, 'invitation')
    const arabic = await app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'ar' } })
    expect(arabic.body).toContain('<title>بالدعوة</title>')
    await storeSignUpMode(db, 'open')
  })
})
