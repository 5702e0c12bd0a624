/** A message: its dotted id and its English text (ICU), the same as in messages/en.json. */
type Message = { readonly id: string; readonly defaultMessage: string }

/** Names a group of messages (kept as plain descriptors, which every FormatJS `formatMessage` takes with any values). */
const defineMessages = <T extends Record<string, Message>>(messages: T): Readonly<Record<keyof T, Message>> => messages

/**
 * Every text the server writes for a person to read (mails, pushes, its own small pages), English in the code as
 * each message's default, and the same in messages/en.json, which the other catalogues translate
 * (i18n.messages.test.ts holds the two together). Ids are dotted and say where the text is read.
 */
export const MAIL_MESSAGES = defineMessages({
  buttonFallback: { id: 'mail.common.buttonFallback', defaultMessage: 'If the button does not work, open this link: {url}' },

  confirmSubject: { id: 'mail.confirm.subject', defaultMessage: 'Confirm your email for Hearth' },
  confirmText: {
    id: 'mail.confirm.text',
    defaultMessage: 'Hi {name},\n\nWelcome to Hearth. Please confirm your email address by opening this link:\n{url}\n\nIf you did not sign up, you can ignore this mail.',
  },
  confirmHeading: { id: 'mail.confirm.heading', defaultMessage: 'Welcome, {name}' },
  confirmBody: {
    id: 'mail.confirm.body',
    defaultMessage: 'Please confirm your email address to start sending voice messages to the people closest to you.',
  },
  confirmAction: { id: 'mail.confirm.action', defaultMessage: 'Confirm my email' },

  resetSubject: { id: 'mail.reset.subject', defaultMessage: 'Reset your Hearth password' },
  resetText: {
    id: 'mail.reset.text',
    defaultMessage:
      'Hi {name},\n\nSomeone asked to reset the password of your Hearth account. To choose a new password, open this link (valid for one hour, once):\n{url}\n\nIf it was not you, you can ignore this mail.',
  },
  resetHeading: { id: 'mail.reset.heading', defaultMessage: 'Reset your password' },
  resetBody: {
    id: 'mail.reset.body',
    defaultMessage:
      'Someone asked to reset the password of your Hearth account. The link is valid for one hour and works once. If it was not you, ignore this mail.',
  },
  resetAction: { id: 'mail.reset.action', defaultMessage: 'Choose a new password' },

  existingSubject: { id: 'mail.existingAccount.subject', defaultMessage: 'You already have a Hearth account' },
  existingText: {
    id: 'mail.existingAccount.text',
    defaultMessage:
      'Hi {name},\n\nSomeone (perhaps you) tried to sign up to Hearth with this address, which already has an account. Sign in here, or use "Forgot your password?" on that page:\n{url}\n\nIf it was not you, you can ignore this mail; nothing was changed.',
  },
  existingHeading: { id: 'mail.existingAccount.heading', defaultMessage: 'You already have an account' },
  existingBody: {
    id: 'mail.existingAccount.body',
    defaultMessage:
      'Someone (perhaps you) tried to sign up with this address, which already has a Hearth account. Nothing was changed. Sign in, or choose "Forgot your password?" on the sign-in page.',
  },
  existingAction: { id: 'mail.existingAccount.action', defaultMessage: 'Sign in to Hearth' },

  invitationSubject: { id: 'mail.invitation.subject', defaultMessage: '{inviterName} invited you to Hearth' },
  invitationGreeting: { id: 'mail.invitation.greeting', defaultMessage: 'Hi,' },
  invitationIntro: {
    id: 'mail.invitation.intro',
    defaultMessage: '{inviterName} invited you to Hearth, where a few close people send each other voice messages.',
  },
  invitationVoice: { id: 'mail.invitation.voice', defaultMessage: '{inviterName} recorded a voice message for you.' },
  invitationNoVoice: { id: 'mail.invitation.noVoice', defaultMessage: '{inviterName} would like you in their circle.' },
  invitationJoinHere: {
    id: 'mail.invitation.joinHere',
    defaultMessage: 'Listen and join here (the invitation is valid for {days, plural, one {# day} other {# days}}):',
  },
  invitationValidity: {
    id: 'mail.invitation.validity',
    defaultMessage: 'The invitation is valid for {days, plural, one {# day} other {# days}}.',
  },
  invitationIgnore: { id: 'mail.invitation.ignore', defaultMessage: "If you don't know {inviterName}, you can ignore this mail." },
  invitationAction: { id: 'mail.invitation.action', defaultMessage: 'Listen and join' },

  newMessagesSubject: {
    id: 'mail.newMessages.subject',
    defaultMessage: '{count, plural, one {New voice message from {senderName}} other {# new voice messages from {senderName}}}',
  },
  newMessagesIntro: {
    id: 'mail.newMessages.intro',
    defaultMessage: '{count, plural, one {{senderName} sent you a voice message.} other {{senderName} sent you # voice messages.}}',
  },
  newMessagesLength: { id: 'mail.newMessages.length', defaultMessage: 'A {length} voice message' },
  newMessagesNoTranscript: {
    id: 'mail.newMessages.noTranscript',
    defaultMessage: 'The transcript is not ready yet; listen to it in Hearth.',
  },
  newMessagesNoTranscriptShort: { id: 'mail.newMessages.noTranscriptShort', defaultMessage: 'The transcript is not ready yet.' },
  newMessagesFeels: { id: 'mail.newMessages.feels', defaultMessage: 'Feels: {emotions}' },
  newMessagesAbout: { id: 'mail.newMessages.about', defaultMessage: 'About: {topics}' },
  newMessagesListen: { id: 'mail.newMessages.listen', defaultMessage: 'Listen: {url}' },
  newMessagesListenInHearth: { id: 'mail.newMessages.listenInHearth', defaultMessage: 'Listen in Hearth' },
  newMessagesAction: {
    id: 'mail.newMessages.action',
    defaultMessage: '{count, plural, one {Listen now} other {Listen to the first}}',
  },
  newMessagesWhy: {
    id: 'mail.newMessages.why',
    defaultMessage: 'You get these mails because Email Notifications are on in your Hearth settings.',
  },
  newMessagesTurnOff: { id: 'mail.newMessages.turnOff', defaultMessage: 'Turn them off' },

  nudgeSubject: { id: 'mail.nudge.subject', defaultMessage: 'Thinking of {contactName}?' },
  nudgeText: {
    id: 'mail.nudge.text',
    defaultMessage:
      'Hi {name},\n\nIt has been a while since you and {contactName} last talked on Hearth, longer than usual for you two. A short voice message could be a nice surprise:\n{url}\n\nYou can turn these nudges off in Settings.',
  },
  nudgeBody: {
    id: 'mail.nudge.body',
    defaultMessage:
      'It has been a while since you and {contactName} last talked, longer than usual for you two. A short voice message could be a nice surprise. (You can turn these nudges off in Settings.)',
  },
  nudgeAction: { id: 'mail.nudge.action', defaultMessage: 'Record for {contactName}' },
})

export const PUSH_MESSAGES = defineMessages({
  newMessageTitle: { id: 'push.newMessage.title', defaultMessage: 'New voice message from {senderName}' },
  newMessageBody: { id: 'push.newMessage.body', defaultMessage: 'Tap to listen' },
  testTitle: { id: 'push.test.title', defaultMessage: 'Hearth notifications work' },
  testBody: { id: 'push.test.body', defaultMessage: 'This is how a new voice message will reach you.' },
  nudgeTitle: { id: 'push.nudge.title', defaultMessage: 'Thinking of {contactName}?' },
  nudgeBody: {
    id: 'push.nudge.body',
    defaultMessage: 'It has been a while since you two last talked, longer than usual. A short voice message could be a nice surprise.',
  },
})

/** Names that stand in for a person the server cannot name (a deleted account). */
export const PERSON_MESSAGES = defineMessages({
  someone: { id: 'person.someone', defaultMessage: 'Someone' },
  someoneLower: { id: 'person.someoneLower', defaultMessage: 'someone' },
})

/** The unsubscribe pages a new-message mail's link opens, without signing in. */
export const UNSUBSCRIBE_MESSAGES = defineMessages({
  confirmTitle: { id: 'page.unsubscribe.confirmTitle', defaultMessage: 'Stop new-message emails?' },
  confirmBody: {
    id: 'page.unsubscribe.confirmBody',
    defaultMessage: 'Hearth will stop sending you an email for each new voice message. You can turn them on again in Settings.',
  },
  confirmAction: { id: 'page.unsubscribe.confirmAction', defaultMessage: 'Turn off Email Notifications' },
  doneTitle: { id: 'page.unsubscribe.doneTitle', defaultMessage: 'Emails turned off' },
  doneBody: {
    id: 'page.unsubscribe.doneBody',
    defaultMessage: 'Email notifications have been disabled. You can turn them on again in <settings>Settings</settings>.',
  },
})
