import { escapeHtml } from '#shared/html.ts'
import { isLocale, SOURCE_LOCALE, textDirection } from '#shared/locales.ts'
import type { ServerIntl } from '#server/i18n/i18n.ts'
import { UNSUBSCRIBE_MESSAGES as U } from '#server/i18n/messages.ts'

/**
 * A small page without script (the CSP allows none inline), in the mail's colours and in the visitor's language
 * (their browser's `Accept-Language`, decision 222).
 */
function page(intl: ServerIntl, title: string, body: string): string {
  const locale = isLocale(intl.locale) ? intl.locale : SOURCE_LOCALE
  return `<!doctype html><html lang="${locale}" dir="${textDirection(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} - Hearth</title></head>
<body style="margin:0;background:#faf6f1;font-family:system-ui,sans-serif;color:#2b211c">
<main style="max-width:480px;margin:32px auto;background:#fff;border-radius:16px;padding:32px">
<p style="margin:0 0 8px;font-weight:600;color:#9a4520">Hearth</p>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
</main></body></html>`
}

/** Asks before turning mail off; the form posts the one-click body to the same address. */
export function unsubscribeConfirmPage(intl: ServerIntl, action: string): string {
  return page(
    intl,
    intl.formatMessage(U.confirmTitle),
    `<p style="line-height:1.5">${escapeHtml(intl.formatMessage(U.confirmBody))}</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="background:#9a4520;color:#fff;padding:12px 20px;border:0;border-radius:10px;font-size:16px;cursor:pointer">${escapeHtml(intl.formatMessage(U.confirmAction))}</button></form>`,
  )
}

// the link's text is marked while the sentence is escaped, then made a link (its words are the translation's)
const LINK_START = '\u0001'
const LINK_END = '\u0002'

export function unsubscribedPage(intl: ServerIntl): string {
  const sentence = intl.formatMessage(U.doneBody, { settings: (chunks: string[]) => `${LINK_START}${chunks.join('')}${LINK_END}` })
  const body = escapeHtml(sentence).replace(LINK_START, '<a href="/settings" style="color:#9a4520">').replace(LINK_END, '</a>')
  return page(intl, intl.formatMessage(U.doneTitle), `<p style="line-height:1.5">${body}</p>`)
}
