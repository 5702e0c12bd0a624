import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Transporter } from 'nodemailer'

export type MailMessage = {
  to: string
  subject: string
  text: string
  html: string
  /** extra headers, e.g. List-Unsubscribe (RFC 8058) on notification mail */
  headers?: Record<string, string>
}
export type OutboxEntry = MailMessage & { id: string; from: string; sentAt: string }

export type Mailer = {
  kind: 'smtp' | 'outbox'
  send: (message: MailMessage) => Promise<void>
}

/** Mail over SMTP (`SMTP_URL`), e.g. smtp://user:pass@host:587; nodemailer is loaded with the first mail, not at start. */
export function createSmtpMailer(url: string, from: string): Mailer {
  let transport: Promise<Transporter> | undefined
  return {
    kind: 'smtp',
    send: async (message) => {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url))
      await (await transport).sendMail({ from, ...message })
    },
  }
}

/**
 * Without SMTP, mail is written to DATA_DIR/outbox, so that a person trying Hearth alone can still confirm an
 * account (the messages are listed at /dev/mailbox, on this machine only). The log says that a mail was kept but
 * never its address or links: a reset link in a log is a key to the account for whoever reads the log.
 */
export function createOutboxMailer(dir: string, from: string, log: (line: string) => void): Mailer {
  return {
    kind: 'outbox',
    send: async (message) => {
      await fs.mkdir(dir, { recursive: true })
      const entry: OutboxEntry = { ...message, id: randomUUID(), from, sentAt: new Date().toISOString() }
      const file = path.join(dir, `${entry.sentAt.replace(/[:.]/g, '-')}-${entry.id}.json`)
      await fs.writeFile(file, JSON.stringify(entry, null, 2), { mode: 0o600 })
      log(`mail "${message.subject}" kept in the outbox (${dir}); read it at /dev/mailbox on this computer`)
    },
  }
}

export async function readOutbox(dir: string, limit = 50): Promise<OutboxEntry[]> {
  let files: string[]
  try {
    files = await fs.readdir(dir)
  } catch {
    return []
  }
  const newest = files
    .filter((f) => f.endsWith('.json'))
    .sort()
    .reverse()
    .slice(0, limit)
  return Promise.all(newest.map(async (f) => JSON.parse(await fs.readFile(path.join(dir, f), 'utf8')) as OutboxEntry))
}
