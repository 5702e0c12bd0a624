/**
 * Creates a confirmed person with a finished onboarding on a locally running Hearth that keeps mail in
 * its outbox (no SMTP_URL), entirely through the public API, and prints the credentials. For trying
 * screens by hand or taking screenshots:
 *
 *   node scripts/dev-person.ts "Ada Lovelace" [base URL, default http://localhost:3000] [DATA_DIR, default ./data]
 *
 * The session cookie is printed too, for scripts that want to act as that person.
 */
import path from 'node:path'
import { readOutbox } from '#server/notify/mailer.ts'
import { makePerson } from '#server/test/data.ts'
import { signInOverHttp } from '#server/test/sign-in.ts'

const [name = 'Dev Person', baseUrl = 'http://localhost:3000', dataDir = './data'] = process.argv.slice(2)
// the same details as test people (the server's embedded database is not reachable from here, so the API makes them)
const { email, password } = makePerson({ name }, name.toLowerCase().replace(/[^a-z0-9]+/g, '-'))
const headers = { origin: baseUrl, 'content-type': 'application/json' }

const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
  method: 'POST',
  headers,
  body: JSON.stringify({ name, email, password }),
})
if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`)

let link: string | undefined
for (let attempt = 0; attempt < 50 && !link; attempt++) {
  const mail = (await readOutbox(path.join(dataDir, 'outbox'))).find((m) => m.to === email)
  link = mail?.text.match(/https?:\/\/\S+/)?.[0]
  if (!link) await new Promise((resolve) => setTimeout(resolve, 100))
}
if (!link) throw new Error(`no confirmation mail for ${email} in ${dataDir}/outbox (is the server running without SMTP_URL?)`)
const confirmUrl = new URL(link)
await fetch(`${baseUrl}${confirmUrl.pathname}${confirmUrl.search}`, { redirect: 'manual' })

const cookie = await signInOverHttp(baseUrl, { email, password })
const session = await fetch(`${baseUrl}/api/auth/get-session`, { headers: { cookie } })
const user = ((await session.json()) as { user: { id: string } }).user

const finish = await fetch(`${baseUrl}/api/profile`, {
  method: 'PATCH',
  headers: { ...headers, cookie },
  body: JSON.stringify({ onboarding_completed: true }),
})
if (!finish.ok) throw new Error(`onboarding update failed: ${finish.status}`)

console.log(JSON.stringify({ id: user.id, name, email, password, cookie }))
