// Apart from the schemas so that the signed-in home's first screen reads it without loading zod (docs/performance.md).
export const NUDGE_TEXTS = {
  tileHint: 'Been a while: say hi?',
  title: 'Gentle nudges',
  label: 'Nudge me when a relationship goes quiet',
  description:
    'At most one a week, when you and someone haven’t talked for about twice your usual gap: a notification where you turned them on, else an e-mail.',
  failed: 'Failed to update nudge settings. Please try again.',
  profileNotFound: 'Profile not found.',
} as const
