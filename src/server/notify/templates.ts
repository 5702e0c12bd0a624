import { formatDuration } from '#shared/duration.ts'
import { escapeHtml } from '#shared/html.ts'
import { isLocale, SOURCE_LOCALE, textDirection } from '#shared/locales.ts'
import type { ServerIntl } from '#server/i18n/i18n.ts'
import { MAIL_MESSAGES as M, PUSH_MESSAGES as P } from '#server/i18n/messages.ts'
import type { MailMessage } from './mailer.ts'

/*
 * Every mail and push is written in its reader's language (decision 222): the caller passes the reader's intl
 * (`intlOf`, `intlOfPerson`). What a person wrote or said (a name, an invitation's note, a transcript) goes in as
 * it is; only the frame around it is translated.
 */

/** How long an invitation's link works, as its mail says (the invitations module's VALIDITY_MS). */
const INVITATION_DAYS = 7

/** `lang` and `dir` of a mail's HTML: Arabic is laid out right to left. */
function htmlLanguage(intl: ServerIntl): string {
  const locale = isLocale(intl.locale) ? intl.locale : SOURCE_LOCALE
  return `lang="${locale}" dir="${textDirection(locale)}"`
}

function layout(intl: ServerIntl, heading: string, body: string, action: { label: string; url: string }, footer = ''): string {
  return `<!doctype html><html ${htmlLanguage(intl)}><body style="margin:0;background:#faf6f1;font-family:system-ui,sans-serif;color:#2b211c">
<div style="max-width:480px;margin:32px auto;background:#fff;border-radius:16px;padding:32px">
<p style="margin:0 0 8px;font-weight:600;color:#b4532a">Hearth</p>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
<p style="line-height:1.5">${body}</p>
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#b4532a;color:#fff;padding:12px 20px;border-radius:10px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#6b5d55">${escapeHtml(intl.formatMessage(M.buttonFallback, { url: action.url }))}</p>
${footer}</div></body></html>`
}

export function confirmEmailMail(intl: ServerIntl, to: string, name: string, url: string): MailMessage {
  return {
    to,
    subject: intl.formatMessage(M.confirmSubject),
    text: intl.formatMessage(M.confirmText, { name, url }),
    html: layout(intl, intl.formatMessage(M.confirmHeading, { name }), escapeHtml(intl.formatMessage(M.confirmBody)), {
      label: intl.formatMessage(M.confirmAction),
      url,
    }),
  }
}

export function resetPasswordMail(intl: ServerIntl, to: string, name: string, url: string): MailMessage {
  return {
    to,
    subject: intl.formatMessage(M.resetSubject),
    text: intl.formatMessage(M.resetText, { name, url }),
    html: layout(intl, intl.formatMessage(M.resetHeading), escapeHtml(intl.formatMessage(M.resetBody)), {
      label: intl.formatMessage(M.resetAction),
      url,
    }),
  }
}

/** Sent instead of a second account: sign-up never reveals whether an address already has an account. */
export function existingAccountMail(intl: ServerIntl, to: string, name: string, signInUrl: string): MailMessage {
  return {
    to,
    subject: intl.formatMessage(M.existingSubject),
    text: intl.formatMessage(M.existingText, { name, url: signInUrl }),
    html: layout(intl, intl.formatMessage(M.existingHeading), escapeHtml(intl.formatMessage(M.existingBody)), {
      label: intl.formatMessage(M.existingAction),
      url: signInUrl,
    }),
  }
}

/**
 * An e-mail invitation: names the inviter, quotes their note as they wrote it, and links to the landing page. Its
 * frame is in the inviter's language, the best guess of the family's own (decision 222).
 */
export function invitationMail(
  intl: ServerIntl,
  to: string,
  inviterName: string,
  note: string | null,
  url: string,
  hasMessage: boolean,
): MailMessage {
  const voice = intl.formatMessage(hasMessage ? M.invitationVoice : M.invitationNoVoice, { inviterName })
  const intro = intl.formatMessage(M.invitationIntro, { inviterName })
  const quoted = note ? `\n\n"${note}"` : ''
  const subject = intl.formatMessage(M.invitationSubject, { inviterName })
  return {
    to,
    subject,
    text: [
      intl.formatMessage(M.invitationGreeting),
      `${intro} ${voice}${quoted}`,
      `${intl.formatMessage(M.invitationJoinHere, { days: INVITATION_DAYS })}\n${url}`,
      intl.formatMessage(M.invitationIgnore, { inviterName }),
    ].join('\n\n'),
    html: layout(
      intl,
      subject,
      `${escapeHtml(intro)} ${escapeHtml(voice)}` +
        (note
          ? `</p><blockquote style="margin:16px 0;padding:8px 16px;border-left:3px solid #b4532a;color:#4a3b33">${escapeHtml(note)}</blockquote><p style="line-height:1.5">`
          : ' ') +
        escapeHtml(intl.formatMessage(M.invitationValidity, { days: INVITATION_DAYS })),
      { label: intl.formatMessage(M.invitationAction), url },
    ),
  }
}

/** One voice message as a new-message mail shows it. */
export type MailedVoiceMessage = {
  durationSeconds: number
  transcript: string | null
  emotions: string[]
  topics: string[]
  url: string
}

/**
 * An analysis label (an emotion or a topic of the offline analyzer's lists) in the reader's language; a label the
 * catalogue does not know (another analyzer's) is shown as it came.
 */
function label(intl: ServerIntl, kind: 'emotion' | 'topic', name: string): string {
  const id = `analysis.${kind}.${name}`
  // looked up by a computed id, so without a default: the catalogues hold every label of the known lists
  return intl.messages[id] ? intl.formatMessage({ id }) : name
}

/**
 * New voice messages from one sender: each with its length, its transcript and what it is about when
 * they are ready, and a link to play it. `unsubscribeUrl` turns this mail off in one click, without signing in.
 */
export function newMessagesMail(
  intl: ServerIntl,
  to: string,
  senderName: string,
  messages: MailedVoiceMessage[],
  unsubscribeUrl: string,
): MailMessage {
  const count = messages.length
  const subject = intl.formatMessage(M.newMessagesSubject, { count, senderName })
  const describe = (m: MailedVoiceMessage) => {
    const emotions = m.emotions.map((e) => label(intl, 'emotion', e))
    const topics = m.topics.map((t) => label(intl, 'topic', t))
    const about = [
      emotions.length ? intl.formatMessage(M.newMessagesFeels, { emotions: intl.formatList(emotions, { type: 'unit' }) }) : '',
      topics.length ? intl.formatMessage(M.newMessagesAbout, { topics: intl.formatList(topics, { type: 'unit' }) }) : '',
    ]
      .filter(Boolean)
      .join(' · ')
    return { length: formatDuration(m.durationSeconds), transcript: m.transcript?.trim() || null, about }
  }
  const text = messages
    .map((m, i) => {
      const d = describe(m)
      return [
        `${count > 1 ? `${intl.formatNumber(i + 1)}. ` : ''}${intl.formatMessage(M.newMessagesLength, { length: d.length })}`,
        d.transcript ? `"${d.transcript}"` : intl.formatMessage(M.newMessagesNoTranscript),
        d.about,
        intl.formatMessage(M.newMessagesListen, { url: m.url }),
      ]
        .filter(Boolean)
        .join('\n')
    })
    .join('\n\n')
  const html = messages
    .map((m) => {
      const d = describe(m)
      return (
        `<div style="margin:16px 0;padding:12px 16px;border-radius:12px;background:#faf6f1">` +
        `<p style="margin:0 0 6px;font-size:13px;color:#6b5d55">${escapeHtml(d.length)}</p>` +
        (d.transcript
          ? `<p style="margin:0 0 6px;line-height:1.5">&ldquo;${escapeHtml(d.transcript)}&rdquo;</p>`
          : `<p style="margin:0 0 6px;color:#6b5d55">${escapeHtml(intl.formatMessage(M.newMessagesNoTranscriptShort))}</p>`) +
        (d.about ? `<p style="margin:0 0 6px;font-size:13px;color:#6b5d55">${escapeHtml(d.about)}</p>` : '') +
        `<a href="${escapeHtml(m.url)}" style="color:#b4532a">${escapeHtml(intl.formatMessage(M.newMessagesListenInHearth))}</a></div>`
      )
    })
    .join('')
  const why = intl.formatMessage(M.newMessagesWhy)
  const turnOff = intl.formatMessage(M.newMessagesTurnOff)
  const footer = `<p style="font-size:13px;color:#6b5d55;margin-top:24px">${escapeHtml(why)} <a href="${escapeHtml(unsubscribeUrl)}" style="color:#6b5d55">${escapeHtml(turnOff)}</a>.</p>`
  const first = messages[0]
  return {
    to,
    subject,
    text: `${subject}.\n\n${text}\n\n${why} ${turnOff}: ${unsubscribeUrl}`,
    html: layout(
      intl,
      subject,
      `${escapeHtml(intl.formatMessage(M.newMessagesIntro, { count, senderName }))}</p>${html}<p>`,
      { label: intl.formatMessage(M.newMessagesAction, { count }), url: first?.url ?? '' },
      footer,
    ),
    // RFC 8058: mail programs offer "unsubscribe" and POST `List-Unsubscribe=One-Click` to this address
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  }
}

/** A gentle nudge as a push: a tap opens recording for the contact (`recordPath`). */
export function nudgePush(intl: ServerIntl, contactName: string, recordPath: string): { title: string; body: string; url: string } {
  return {
    title: intl.formatMessage(P.nudgeTitle, { contactName }),
    body: intl.formatMessage(P.nudgeBody),
    url: recordPath,
  }
}

/** A gentle nudge: a relationship has gone quiet against its own rhythm; the button opens recording. */
export function nudgeMail(intl: ServerIntl, to: string, name: string, contactName: string, recordUrl: string): MailMessage {
  const subject = intl.formatMessage(M.nudgeSubject, { contactName })
  return {
    to,
    subject,
    text: intl.formatMessage(M.nudgeText, { name, contactName, url: recordUrl }),
    html: layout(intl, subject, escapeHtml(intl.formatMessage(M.nudgeBody, { contactName })), {
      label: intl.formatMessage(M.nudgeAction, { contactName }),
      url: recordUrl,
    }),
  }
}
