import fs from 'node:fs/promises'
import path from 'node:path'
import { startSmtpServer } from '#server/test/smtp-capture.ts'

export type DroppedMail = { to: string[]; subject: string; text: string }

/**
 * A real SMTP server that drops each mail it receives as JSON into `dir`, where test workers read it. Each mail is
 * written under a hidden name and renamed into place, so a reader never finds a file still being written.
 */
export async function startMailDrop(dir: string) {
  await fs.mkdir(dir, { recursive: true })
  let counter = 0
  return startSmtpServer(async ({ to, subject, text }) => {
    const mail: DroppedMail = { to, subject, text }
    const name = `${Date.now()}-${counter++}.json`
    await fs.writeFile(path.join(dir, `.${name}`), JSON.stringify(mail))
    await fs.rename(path.join(dir, `.${name}`), path.join(dir, name))
  })
}

export async function readDroppedMail(dir: string): Promise<DroppedMail[]> {
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => !f.startsWith('.')).sort()
  return Promise.all(files.map(async (f) => JSON.parse(await fs.readFile(path.join(dir, f), 'utf8')) as DroppedMail))
}
