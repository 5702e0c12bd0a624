import { defineMessages } from 'react-intl'
import type { PlayerErrorKind } from '#web/lib/audio-player/audio-player.ts'

/**
 * The 'Playback Error' toast's and panel's texts in the reader's language: the same English as PLAYER_TEXTS
 * (#shared/playback.ts) and PLAYER_ERROR_DESCRIPTIONS (the player's own, kept for its media session and tests).
 */
export const PLAYER_ERRORS = defineMessages({
  title: { id: 'playback.error.title', defaultMessage: 'Playback Error' },
  'invalid-url': { id: 'playback.error.unavailable', defaultMessage: 'Audio file is not available for playback' },
  unreachable: { id: 'playback.error.outOfReach', defaultMessage: 'This recording is out of reach for now. Try again in a little while.' },
  media: { id: 'playback.error.cannotPlay', defaultMessage: 'This audio file cannot be played' },
  start: { id: 'playback.error.failed', defaultMessage: 'Failed to play audio' },
}) satisfies Record<PlayerErrorKind | 'title', unknown>
