import { formatDuration } from '#shared/duration.ts'
import type { MailMessage } from './mailer.ts'

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

function layout(heading: string, body: string, action: { label: string; url: string }, footer = ''): string {
  return `<!doctype html><html><body style="margin:0;background:#faf6f1;font-family:system-ui,sans-serif;color:#2b211c">
<div style="max-width:480px;margin:32px auto;background:#fff;border-radius:16px;padding:32px">
<p style="margin:0 0 8px;font-weight:600;color:#b4532a">Hearth</p>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
<p style="line-height:1.5">${body}</p>
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#b4532a;color:#fff;padding:12px 20px;border-radius:10px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#6b5d55">If the button does not work, open this link: ${escapeHtml(action.url)}</p>
${footer}</div></body></html>`
}

export function confirmEmailMail(to: string, name: string, url: string): MailMessage {
  return {
    to,
    subject: 'Confirm your email for Hearth',
    text: `Hi ${name},\n\nWelcome to Hearth. Please confirm your email address by opening this link:\n${url}\n\nIf you did not sign up, you can ignore this mail.`,
    html: layout(`Welcome, ${name}`, 'Please confirm your email address to start sending voice messages to the people closest to you.', {
      label: 'Confirm my email',
      url,
    }),
  }
}

export function resetPasswordMail(to: string, name: string, url: string): MailMessage {
  return {
    to,
    subject: 'Reset your Hearth password',
    text: `Hi ${name},\n\nSomeone asked to reset the password of your Hearth account. To choose a new password, open this link (valid for one hour, once):\n${url}\n\nIf it was not you, you can ignore this mail.`,
    html: layout(
      'Reset your password',
      'Someone asked to reset the password of your Hearth account. The link is valid for one hour and works once. If it was not you, ignore this mail.',
      { label: 'Choose a new password', url },
    ),
  }
}

/** Sent instead of a second account: sign-up never reveals whether an address already has an account. */
export function existingAccountMail(to: string, name: string, signInUrl: string): MailMessage {
  return {
    to,
    subject: 'You already have a Hearth account',
    text: `Hi ${name},\n\nSomeone (perhaps you) tried to sign up to Hearth with this address, which already has an account. Sign in here, or use "Forgot your password?" on that page:\n${signInUrl}\n\nIf it was not you, you can ignore this mail; nothing was changed.`,
    html: layout(
      'You already have an account',
      'Someone (perhaps you) tried to sign up with this address, which already has a Hearth account. Nothing was changed. Sign in, or choose "Forgot your password?" on the sign-in page.',
      { label: 'Sign in to Hearth', url: signInUrl },
    ),
  }
}

/** An e-mail invitation: names the inviter, quotes their note, and links to the landing page. */
export function invitationMail(to: string, inviterName: string, note: string | null, url: string, hasMessage: boolean): MailMessage {
  const voice = hasMessage ? `${inviterName} recorded a voice message for you.` : `${inviterName} would like you in their circle.`
  const quoted = note ? `\n\n"${note}"` : ''
  return {
    to,
    subject: `${inviterName} invited you to Hearth`,
    text: `Hi,\n\n${inviterName} invited you to Hearth, where a few close people send each other voice messages. ${voice}${quoted}\n\nListen and join here (the invitation is valid for 7 days):\n${url}\n\nIf you don't know ${inviterName}, you can ignore this mail.`,
    html: layout(
      `${inviterName} invited you to Hearth`,
      `${escapeHtml(inviterName)} invited you to Hearth, where a few close people send each other voice messages. ${escapeHtml(voice)}` +
        (note
          ? `</p><blockquote style="margin:16px 0;padding:8px 16px;border-left:3px solid #b4532a;color:#4a3b33">${escapeHtml(note)}</blockquote><p style="line-height:1.5">`
          : ' ') +
        'The invitation is valid for 7 days.',
      { label: 'Listen and join', url },
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
 * New voice messages from one sender: each with its length, its transcript and what it is about when
 * they are ready, and a link to play it. `unsubscribeUrl` turns this mail off in one click, without signing in.
 */
export function newMessagesMail(to: string, senderName: string, messages: MailedVoiceMessage[], unsubscribeUrl: string): MailMessage {
  const count = messages.length
  const subject = count === 1 ? `New voice message from ${senderName}` : `${count} new voice messages from ${senderName}`
  const describe = (m: MailedVoiceMessage) => {
    const about = [m.emotions.length ? `Feels: ${m.emotions.join(', ')}` : '', m.topics.length ? `About: ${m.topics.join(', ')}` : '']
      .filter(Boolean)
      .join(' · ')
    return { length: formatDuration(m.durationSeconds), transcript: m.transcript?.trim() || null, about }
  }
  const text = messages
    .map((m, i) => {
      const d = describe(m)
      return [
        `${count > 1 ? `${i + 1}. ` : ''}A ${d.length} voice message`,
        d.transcript ? `"${d.transcript}"` : 'The transcript is not ready yet; listen to it in Hearth.',
        d.about,
        `Listen: ${m.url}`,
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
          : `<p style="margin:0 0 6px;color:#6b5d55">The transcript is not ready yet.</p>`) +
        (d.about ? `<p style="margin:0 0 6px;font-size:13px;color:#6b5d55">${escapeHtml(d.about)}</p>` : '') +
        `<a href="${escapeHtml(m.url)}" style="color:#b4532a">Listen in Hearth</a></div>`
      )
    })
    .join('')
  const footer = `<p style="font-size:13px;color:#6b5d55;margin-top:24px">You get these mails because Email Notifications are on in your Hearth settings. <a href="${escapeHtml(unsubscribeUrl)}" style="color:#6b5d55">Turn them off</a>.</p>`
  const first = messages[0]
  return {
    to,
    subject,
    text: `${subject}.\n\n${text}\n\nYou get these mails because Email Notifications are on in your Hearth settings. Turn them off: ${unsubscribeUrl}`,
    html: layout(
      subject,
      `${escapeHtml(senderName)} sent you ${count === 1 ? 'a voice message' : `${count} voice messages`}.</p>${html}<p>`,
      {
        label: count === 1 ? 'Listen now' : 'Listen to the first',
        url: first?.url ?? '',
      },
      footer,
    ),
    // RFC 8058: mail programs offer "unsubscribe" and POST `List-Unsubscribe=One-Click` to this address
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  }
}

/** A gentle nudge: a relationship has gone quiet against its own rhythm; the button opens recording. */
/** The same nudge as a push: a tap opens recording for the contact (`recordPath`). */
export function nudgePush(contactName: string, recordPath: string): { title: string; body: string; url: string } {
  return {
    title: `Thinking of ${contactName}?`,
    body: `It has been a while since you two last talked, longer than usual. A short voice message could be a nice surprise.`,
    url: recordPath,
  }
}

export function nudgeMail(to: string, name: string, contactName: string, recordUrl: string): MailMessage {
  return {
    to,
    subject: `Thinking of ${contactName}?`,
    text: `Hi ${name},\n\nIt has been a while since you and ${contactName} last talked on Hearth, longer than usual for you two. A short voice message could be a nice surprise:\n${recordUrl}\n\nYou can turn these nudges off in Settings.`,
    html: layout(
      `Thinking of ${contactName}?`,
      `It has been a while since you and ${escapeHtml(contactName)} last talked, longer than usual for you two. A short voice message could be a nice surprise. (You can turn these nudges off in Settings.)`,
      { label: `Record for ${contactName}`, url: recordUrl },
    ),
  }
}
