import type { MessageDescriptor } from 'react-intl'

/** The message requests' texts (`MESSAGE_REQUEST_TEXTS` of `#shared`, decision 123) in the reader's language. */
export const REQUEST_MESSAGES = {
  pageTitle: { id: 'requests.pageTitle', defaultMessage: 'Message requests - Hearth' },
  title: { id: 'requests.title', defaultMessage: 'Message requests' },
  intro: {
    id: 'requests.intro',
    defaultMessage:
      "People who found you on Hearth and want to talk. They are not in your circle until you accept, and they can't see whether you're online.",
  },
  loading: { id: 'requests.loading', defaultMessage: 'Loading message requests' },
  empty: { id: 'requests.empty', defaultMessage: 'No message requests' },
  emptyBody: {
    id: 'requests.empty.body',
    defaultMessage: 'When someone you have not chosen presses Message on your profile, their request waits here.',
  },
  loadFailed: { id: 'requests.loadFailed', defaultMessage: 'Failed to load message requests' },
  accept: { id: 'requests.accept', defaultMessage: 'Accept' },
  ignore: { id: 'requests.ignore', defaultMessage: 'Ignore' },
  block: { id: 'requests.block', defaultMessage: 'Block' },
  acceptName: { id: 'requests.accept.name', defaultMessage: 'Accept {name}' },
  ignoreName: { id: 'requests.ignore.name', defaultMessage: 'Ignore {name}' },
  blockName: { id: 'requests.block.name', defaultMessage: 'Block {name}' },
  accepted: { id: 'requests.accepted', defaultMessage: '{name} is in your circle' },
  acceptFailed: { id: 'requests.acceptFailed', defaultMessage: 'Could not accept the request' },
  ignored: { id: 'requests.ignored', defaultMessage: "{name}'s request is hidden. They are not told." },
  blocked: { id: 'requests.blocked', defaultMessage: '{name} is blocked. They are not told, and nothing more from them reaches you.' },
  blockConfirmTitle: { id: 'requests.blockConfirm.title', defaultMessage: 'Block {name}?' },
  blockConfirmBody: {
    id: 'requests.blockConfirm.body',
    defaultMessage:
      'Nothing more from them will reach you, and they are not told. You can unblock them at any time in Settings, under Blocked people.',
  },
  undo: { id: 'common.undo', defaultMessage: 'Undo' },
  unblocked: { id: 'requests.unblocked', defaultMessage: '{name} is unblocked. Their request is back in your message requests.' },
  unblockFailed: { id: 'requests.unblockFailed', defaultMessage: 'Could not unblock. Please try again.' },
  actionFailed: { id: 'requests.actionFailed', defaultMessage: 'Something went wrong. Please try again.' },
  makeRoom: { id: 'requests.makeRoom', defaultMessage: 'Make room in your circle' },
  noMessageYet: { id: 'requests.noMessageYet', defaultMessage: 'No message yet: they pressed Message but have not recorded anything.' },
  wantsToTalk: { id: 'requests.wantsToTalk', defaultMessage: 'Wants to talk · {when}' },
  seeProfile: { id: 'requests.seeProfile', defaultMessage: 'See profile' },
  messagesFrom: { id: 'requests.messagesFrom', defaultMessage: 'Messages from {name}' },
} satisfies Record<string, MessageDescriptor>
