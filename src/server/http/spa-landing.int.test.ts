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
