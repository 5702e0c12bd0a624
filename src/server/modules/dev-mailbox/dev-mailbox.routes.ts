import type { FastifyPluginAsync } from 'fastify'
import { ERROR_CODES } from '#shared/error-codes.ts'
import { escapeHtml } from '#shared/html.ts'
import { errorBody } from '#server/http/errors.ts'
import { isDirectLoopbackRequest } from '#server/http/loopback.ts'
import { readOutbox, type OutboxEntry } from '#server/notify/mailer.ts'

export const MAILBOX_LOCAL_ONLY =
  'The local mailbox opens only on the computer that runs Hearth (http://localhost). Set SMTP_URL to send real mail.'

function renderEntry(entry: OutboxEntry): string {
  const body = escapeHtml(entry.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')
  return `<article><header><strong>${escapeHtml(entry.subject)}</strong><span>to ${escapeHtml(entry.to)} · ${escapeHtml(
    new Date(entry.sentAt).toLocaleString('en-GB'),
  )}</span></header><pre>${body}</pre></article>`
}

/**
 * Outside production, with no SMTP server configured, the mails Hearth would have sent are listed here so
 * that a person trying the app alone can confirm an account or reset a password. The outbox holds reset links,
 * so it is shown only to a client on this machine (decision 36): anyone else on the network gets a 403.
 */
export const devMailboxRoutes: FastifyPluginAsync<{ outboxDir: string }> = async (app, { outboxDir }) => {
  app.get('/dev/mailbox', async (request, reply) => {
    if (!isDirectLoopbackRequest(request)) {
      return reply.status(403).header('cache-control', 'no-store').send(errorBody(ERROR_CODES.forbidden, MAILBOX_LOCAL_ONLY))
    }
    const entries = await readOutbox(outboxDir)
    const list = entries.length
      ? entries.map(renderEntry).join('')
      : '<p>No mail yet. Sign up or ask for a password reset, then reload.</p>'
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hearth local mailbox</title>
<style>body{font-family:system-ui,sans-serif;background:#faf6f1;color:#2b211c;margin:0;padding:24px}main{max-width:720px;margin:auto}
article{background:#fff;border-radius:12px;padding:16px;margin:12px 0;box-shadow:0 1px 2px #0001}header{display:flex;flex-wrap:wrap;gap:8px;justify-content:space-between}
span{color:#6b5d55;font-size:14px}pre{white-space:pre-wrap;font-family:inherit;line-height:1.5}a{color:#9a3f18}</style></head>
<body><main><h1>Local mailbox</h1><p>Mail is kept here because no SMTP_URL is set. Newest first. <a href="/">Back to Hearth</a></p>${list}</main></body></html>`)
  })
}
