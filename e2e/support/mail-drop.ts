import fs from 'node:fs/promises'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { recipientsOf } from '../../src/server/test/smtp-capture.ts'

export type DroppedMail = { to: string[]; subject: string; text: string }

/** A real SMTP server that drops each mail it receives as JSON into `dir`, where test workers read it. */
export async function startMailDrop(dir: string) {
  await fs.mkdir(dir, { recursive: true })
  let counter = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          const to = recipientsOf(parsed)
          const mail: DroppedMail = { to, subject: parsed.subject ?? '', text: parsed.text ?? '' }
          await fs.writeFile(path.join(dir, `${Date.now()}-${counter++}.json`), JSON.stringify(mail))
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

export async function readDroppedMail(dir: string): Promise<DroppedMail[]> {
  const files = (await fs.readdir(dir).catch(() => [] as string[])).sort()
  return Promise.all(files.map(async (f) => JSON.parse(await fs.readFile(path.join(dir, f), 'utf8')) as DroppedMail))
}
