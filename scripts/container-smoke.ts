/**
 * The container image's smoke test, run by `scripts/container-smoke.sh` against a started container: the health
 * check, two people signed up and confirmed through the mail outbox, connected by a voice invitation, and a voice
 * message from one to the other that the server stores and transcribes.
 *
 *   node scripts/container-smoke.ts <base URL> <the container's DATA_DIR on this machine> <clip.webm>
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'

const [baseUrl, dataDir, clip] = process.argv.slice(2)
if (!baseUrl || !dataDir || !clip) throw new Error('usage: container-smoke.ts <base URL> <DATA_DIR> <clip.webm>')
const step = (line: string) => console.log(`[smoke] ${line}`)

async function call<T>(cookie: string, method: string, path: string, body?: Buffer | object): Promise<T> {
  const audio = Buffer.isBuffer(body)
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { origin: baseUrl ?? '', cookie, ...(body ? { 'content-type': audio ? 'audio/webm' : 'application/json' } : {}) },
    body: audio ? new Uint8Array(body) : body ? JSON.stringify(body) : undefined,
  })
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

const health = await fetch(`${baseUrl}/api/health`)
step(`health: ${health.status} ${await health.text()}`)
if (!health.ok) process.exit(1)

// the same sign-up a person makes: the form, the confirmation mail from the outbox, the link, the sign-in
const signUp = (name: string) =>
  JSON.parse(execFileSync(process.execPath, ['scripts/dev-person.ts', name, baseUrl, dataDir], { encoding: 'utf8' })) as {
    cookie: string
  }
const ada = signUp('Ada Smoke')
const bo = signUp('Bo Smoke')
step('two people signed up and confirmed through the outbox')

const audio = fs.readFileSync(clip)
const invitationTake = await call<{ upload_id: string }>(ada.cookie, 'POST', '/api/audio', audio)
const { share_url } = await call<{ share_url: string }>(ada.cookie, 'POST', '/api/invitations/link', {
  recipient_name: 'Bo',
  upload_id: invitationTake.upload_id,
})
const token = new URL(share_url).searchParams.get('token') ?? ''
const { contact_id: adaForBo } = await call<{ contact_id: string }>(bo.cookie, 'POST', '/api/invitations/accept', { token })
step('connected through a voice invitation')

const { contacts } = await call<{ contacts: { id: string; name: string }[] }>(ada.cookie, 'GET', '/api/contacts')
const boForAda = contacts.find((c) => c.name === 'Bo Smoke')?.id ?? ''
const take = await call<{ upload_id: string }>(ada.cookie, 'POST', '/api/audio', audio)
const sent = await call<{ id: string }>(ada.cookie, 'POST', '/api/messages', { contact_id: boForAda, upload_id: take.upload_id })
step(`message ${sent.id} sent`)

type Message = { id: string; transcription: string | null; processing_status: string; duration_seconds: number }
for (let attempt = 0; attempt < 240; attempt++) {
  const { messages } = await call<{ messages: Message[] }>(bo.cookie, 'GET', `/api/contacts/${adaForBo}/messages`)
  const message = messages.find((m) => m.id === sent.id)
  if (message?.transcription) {
    step(`received, ${message.duration_seconds} s, transcribed: "${message.transcription}"`)
    process.exit(0)
  }
  await new Promise((resolve) => setTimeout(resolve, 500))
}
step('no transcript within two minutes')
process.exit(1)
