import { NOTIFICATION_TEXTS } from '#shared/notifications-texts.ts'

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

/** A small page without script (the CSP allows none inline), in the mail's colours. */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} - Hearth</title></head>
<body style="margin:0;background:#faf6f1;font-family:system-ui,sans-serif;color:#2b211c">
<main style="max-width:480px;margin:32px auto;background:#fff;border-radius:16px;padding:32px">
<p style="margin:0 0 8px;font-weight:600;color:#9a4520">Hearth</p>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
</main></body></html>`
}

/** Asks before turning mail off; the form posts the one-click body to the same address. */
export function unsubscribeConfirmPage(action: string): string {
  return page(
    'Stop new-message emails?',
    `<p style="line-height:1.5">Hearth will stop sending you an email for each new voice message. You can turn them on again in Settings.</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="background:#9a4520;color:#fff;padding:12px 20px;border:0;border-radius:10px;font-size:16px;cursor:pointer">Turn off ${escapeHtml(NOTIFICATION_TEXTS.emailLabel)}</button></form>`,
  )
}

export function unsubscribedPage(): string {
  return page(
    'Emails turned off',
    `<p style="line-height:1.5">${escapeHtml(NOTIFICATION_TEXTS.emailOff)}. You can turn them on again in <a href="/settings" style="color:#9a4520">Settings</a>.</p>`,
  )
}
