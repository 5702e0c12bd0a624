// Apart from the schemas so that the signed-in home's first screen reads it without loading zod (docs/performance.md).
/** Texts of the message requests (decision 123): what the receiver of a request reads. */
export const MESSAGE_REQUEST_TEXTS = {
  title: 'Message requests',
  intro:
    "People who found you on Hearth and want to talk. They are not in your circle until you accept, and they can't see whether you're online.",
  entry: (count: number) => `Message requests (${count})`,
  empty: 'No message requests',
  emptyBody: 'When someone you have not chosen presses Message on your profile, their request waits here.',
  loadFailed: 'Failed to load message requests',
  notFound: 'Message request not found.',
  accept: 'Accept',
  ignore: 'Ignore',
  block: 'Block',
  accepted: (name: string) => `${name} is in your circle`,
  acceptFailed: 'Could not accept the request',
  ignored: (name: string) => `${name}'s request is hidden. They are not told.`,
  blocked: (name: string) => `${name} is blocked. They are not told, and nothing more from them reaches you.`,
  /** block asks once, and its toast offers Undo (decision 203) */
  blockConfirmTitle: (name: string) => `Block ${name}?`,
  blockConfirmBody:
    'Nothing more from them will reach you, and they are not told. You can unblock them at any time in Settings, under Blocked people.',
  blockConfirm: 'Block',
  blockCancel: 'Cancel',
  undo: 'Undo',
  unblock: 'Unblock',
  unblocked: (name: string) => `${name} is unblocked. Their request is back in your message requests.`,
  unblockFailed: 'Could not unblock. Please try again.',
  blockedTitle: 'Blocked people',
  blockedIntro: 'Nothing they send reaches you, and they are not told. Unblock someone to see their request again.',
  blockedEntryDescription: 'People whose message requests you blocked. You can unblock them here.',
  blockedEntryLink: 'See blocked people',
  blockedEmpty: 'No one is blocked',
  blockedEmptyBody: 'When you block a message request, the person is listed here, and you can unblock them.',
  blockedLoadFailed: 'Failed to load blocked people',
  actionFailed: 'Something went wrong. Please try again.',
  makeRoom: 'Make room in your circle',
  noMessageYet: 'No message yet: they pressed Message but have not recorded anything.',
} as const
