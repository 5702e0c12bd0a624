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
    defaultMessage:
      'Hi {name},\n\nWelcome to Hearth. Please confirm your email address by opening this link:\n{url}\n\nIf you did not sign up, you can ignore this mail.',
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

/**
 * Relationship health's insights and tips (decision 223): stored as an id and its values, written in the reader's
 * language when they are read. A `topic` value is an analysis label, itself translated (`analysis.topic.*`).
 */
export const HEALTH_MESSAGES = defineMessages({
  balanceTitle: { id: 'health.insight.balance.title', defaultMessage: 'Balance' },
  responsivenessTitle: { id: 'health.insight.responsiveness.title', defaultMessage: 'Responsiveness' },
  rhythmTitle: { id: 'health.insight.rhythm.title', defaultMessage: 'Rhythm' },
  warmthTitle: { id: 'health.insight.warmth.title', defaultMessage: 'Warmth' },
  lastYours: { id: 'health.balance.lastYours', defaultMessage: 'The last message was yours.' },
  lastTheirs: { id: 'health.balance.lastTheirs', defaultMessage: 'The last message came from {name}.' },
  allYours: {
    id: 'health.balance.allYours',
    defaultMessage: 'You sent all of your last {total, plural, one {# message} other {# messages}}.',
  },
  allTheirs: {
    id: 'health.balance.allTheirs',
    defaultMessage: '{name} sent all of your last {total, plural, one {# message} other {# messages}}.',
  },
  split: {
    id: 'health.balance.split',
    defaultMessage: 'Of your last {total, plural, one {# message} other {# messages}}, you sent {mine} and {name} sent {theirs}.',
  },
  responsiveness: {
    id: 'health.insight.responsiveness.description',
    defaultMessage: '{answered} of {judged, plural, one {# message} other {# messages}} got an answer within 3 days.',
  },
  rhythm: {
    id: 'health.insight.rhythm.description',
    defaultMessage:
      '{ago, plural, =0 {Your last exchange was today} one {Your last exchange was # day ago} other {Your last exchange was # days ago}}; you usually talk every {gap, plural, one {# day} other {# days}}.',
  },
  warmth: {
    id: 'health.insight.warmth.description',
    defaultMessage:
      '{mood, select, warm {Your messages have felt mostly warm so far.} heavy {Your messages have felt mostly heavy so far.} other {Your messages have felt mixed so far.}}',
  },
  firstMessage: { id: 'health.tip.firstMessage', defaultMessage: "You and {name} haven't exchanged a message yet: send the first one." },
  lastFromYou: { id: 'health.tip.lastFromYou', defaultMessage: 'You sent the last message: give {name} a little time to answer.' },
  lastFromThem: { id: 'health.tip.lastFromThem', defaultMessage: '{name} sent the last message: a reply from you keeps it going.' },
  fewMessages: {
    id: 'health.tip.fewMessages',
    defaultMessage: 'With {total, plural, one {# message} other {# messages}} so far, a few more exchanges let Hearth see your rhythm.',
  },
  talkedAbout: { id: 'health.tip.talkedAbout', defaultMessage: "You've talked about {topic}: ask {name} how it's going." },
  youSentMore: {
    id: 'health.tip.youSentMore',
    defaultMessage:
      'You sent {mine} of your last {total, plural, one {# message} other {# messages}}: leave room for {name} to reach out, or ask them something open.',
  },
  theySentMore: {
    id: 'health.tip.theySentMore',
    defaultMessage:
      '{name} sent {theirs} of your last {total, plural, one {# message} other {# messages}}: a reply from you would even things out.',
  },
  even: {
    id: 'health.tip.even',
    defaultMessage: 'You and {name} take turns evenly: {mine, plural, one {# message} other {# messages}} each lately.',
  },
  longGap: {
    id: 'health.tip.longGap',
    defaultMessage:
      "It's been {days, plural, one {# day} other {# days}}, about {ratio} times your usual gap: a short message to {name} could help.",
  },
  withinRhythm: {
    id: 'health.tip.withinRhythm',
    defaultMessage: "You're within your usual rhythm of talking every {gap, plural, one {# day} other {# days}}.",
  },
  fewerLately: {
    id: 'health.tip.fewerLately',
    defaultMessage:
      'You exchanged {recent, plural, one {# message} other {# messages}} in the last 4 weeks, down from about {before} before.',
  },
  slowAnswers: {
    id: 'health.tip.slowAnswers',
    defaultMessage:
      "Only {answered} of {judged, plural, one {# message} other {# messages}} got an answer within 3 days: a quick reply shows you're listening.",
  },
  noLikes: { id: 'health.tip.noLikes', defaultMessage: 'Neither of you has liked a message yet: a heart on one you enjoyed says a lot.' },
  noMeeting: {
    id: 'health.tip.noMeeting',
    defaultMessage: "No meeting in person noted yet: when you see {name}, mark it with 'We met'.",
  },
  metLongAgo: {
    id: 'health.tip.metLongAgo',
    defaultMessage: 'You last met in person {days, plural, one {# day} other {# days}} ago: maybe plan to see {name}.',
  },
  metRecently: {
    id: 'health.tip.metRecently',
    defaultMessage: 'You met in person {days, plural, one {# day} other {# days}} ago: mention something from that day.',
  },
  oftenTalk: { id: 'health.tip.oftenTalk', defaultMessage: "You often talk about {topic}: ask {name} how it's going." },
})
