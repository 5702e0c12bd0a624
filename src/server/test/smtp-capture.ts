import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** The lower-cased recipient addresses of a parsed mail (shared by the integration and e2e SMTP servers). */
export function recipientsOf(parsed: ParsedMail): string[] {
  return (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((a) =>
    a.value.map((v) => (v.address ?? '').toLowerCase()),
  )
}

/** `headers` holds each header's raw value by lower-cased name (the last one of a name wins) */
export type CapturedMail = { to: string[]; subject: string; text: string; html: string; headers: Record<string, string> }

/**
 * A real SMTP server on a free loopback port (no TLS, no login) that hands each mail, parsed, to `onMail`; the
 * integration tests keep them in memory, the e2e run drops them in a folder. Answers its smtp:// URL and close().
 */
export async function startSmtpServer(onMail: (mail: CapturedMail) => void | Promise<void>) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          await onMail({
            to: recipientsOf(parsed),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: Object.fromEntries(
              parsed.headerLines.map((h) => [
                h.key,
                h.line
                  .slice(h.line.indexOf(':') + 1)
                  .replace(/\r?\n\s+/g, ' ')
                  .trim(),
              ]),
            ),
          })
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

/**
 * A real SMTP server on loopback that keeps what it receives, so tests read the mail Hearth really sent.
 */
export async function startSmtpCapture() {
  const messages: CapturedMail[] = []
  const waiters: Array<() => void> = []
  const server = await startSmtpServer((mail) => {
    messages.push(mail)
    waiters.splice(0).forEach((wake) => wake())
  })

  return {
    url: server.url,
    messages,
    /** Waits for a mail to `to` whose subject matches, and returns it. */
    async waitForMail(to: string, subject: RegExp, timeoutMs = 10_000): Promise<CapturedMail> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = messages.find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject))
        if (found) return found
        if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 200)
        })
      }
    },
    close: server.close,
  }
}

export function firstLink(text: string): string {
  const match = text.match(/https?:\/\/\S+/)
  if (!match) throw new Error(`no link in mail: ${text}`)
  return match[0]
}
