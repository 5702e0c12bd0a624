// Apart from the schemas so that the signed-in home's first screen reads it without loading zod (docs/performance.md).
export const MESSAGE_TEXTS = {
  notLinked: "Can't send yet: This contact isn't linked to a user.",
  archivedByThem: (name: string) =>
    `Can't send: ${name} has archived your conversation, so they aren't receiving messages from you. Your recording was not sent.`,
  accountDeleted: (name: string) => `${name} has left Hearth, so new messages can no longer reach them. Nothing was sent.`,
  limitReached: (name: string) =>
    `Message limit reached: You've sent 3 messages to ${name} without a reply. Wait for them to respond before sending more to avoid overwhelming them.`,
  tooLarge: 'Audio file is too large (max 50MB)',
  quotaReached: (quotaMb: number) =>
    `Storage full: your recordings on this Hearth already take up ${formatMegabytes(quotaMb)}, the most it keeps for one person. Ask whoever runs it for more room.`,
  tooManyUploads: 'You are sending recordings very quickly. Please wait a minute and try again.',
  tooLong: 'Audio is longer than 10 minutes',
  empty: 'The audio file is empty',
  notAudio: 'This file is not audio that Hearth can play',
  silent: "We couldn't hear anything in this recording. Check that your microphone is on and not muted, then record again.",
  uploadNotFound: 'The recording was not found. Please upload it again.',
  replyNotFound: 'The message you are replying to was not found',
  messageNotFound: 'Message not found',
  onlyReceiverMarksRead: 'Only the receiver can mark a message read',
  likeAfterAccept: 'Accept their request to like their messages',
  invalidCursor: 'Invalid page cursor',
} as const

/** 2048 -> '2 GB', 500 -> '500 MB' */
function formatMegabytes(mb: number): string {
  return mb >= 1024 && mb % 1024 === 0 ? `${mb / 1024} GB` : `${mb} MB`
}
