import { AUDIO_MAX_BYTES, RECORDING_MAX_SECONDS } from './limits.ts'
import { MESSAGE_TEXTS } from './messages-texts.ts'

/**
 * Sharing a recording into Hearth from the phone's share sheet (the Web Share Target of the manifest, decision 142).
 * The share sheet posts the file to SHARE_PATH; the service worker keeps it and opens the same path, where the person
 * picks whom it is for. Without a service worker the post reaches the server, which sends the browser to
 * SHARE_NOT_READY_PATH. The file's multipart field is `audio`, named in public/manifest.webmanifest and read by
 * public/sw.js (static files that cannot import this one).
 */
export const SHARE_PATH = '/share'
export const SHARE_NOT_READY_PATH = '/share/not-ready'

export const SHARE_TEXTS = {
  title: 'Share a recording',
  notReadyTitle: 'Open Hearth once, then share again',
  notReady:
    "Hearth couldn't take that recording because it hasn't been opened on this device yet. Open Hearth, sign in, then share the recording again.",
  nothingShared: 'Nothing was shared. Share a recording from another app to send it here.',
  notAudio: MESSAGE_TEXTS.notAudio,
  tooLarge: MESSAGE_TEXTS.tooLarge,
  tooLong: MESSAGE_TEXTS.tooLong,
  empty: MESSAGE_TEXTS.empty,
  pick: 'Who would you like to send this recording to?',
  kept: (name: string) => `Ready to send to ${name}: listen, then send.`,
} as const

export type SharedFileProblem = 'not-audio' | 'too-large' | 'too-long' | 'empty'

export const SHARED_FILE_PROBLEM_TEXTS: Record<SharedFileProblem, string> = {
  'not-audio': SHARE_TEXTS.notAudio,
  'too-large': SHARE_TEXTS.tooLarge,
  'too-long': SHARE_TEXTS.tooLong,
  empty: SHARE_TEXTS.empty,
}

/**
 * What the page can tell about a shared file before anything is uploaded: its type, size and length (null when the
 * browser could not read one: not playable, so not audio Hearth can send). The server checks the same by content.
 */
export function sharedFileProblem(file: { type: string; size: number }, durationSeconds: number | null): SharedFileProblem | null {
  const type = file.type.toLowerCase()
  // some apps share a voice note as video/webm or video/mp4 with no picture; the server decides by content
  const audioLike = type.startsWith('audio/') || type === 'video/webm' || type === 'video/mp4' || type === 'application/ogg'
  if (!audioLike) return 'not-audio'
  if (file.size === 0) return 'empty'
  if (file.size > AUDIO_MAX_BYTES) return 'too-large'
  if (durationSeconds === null) return 'not-audio'
  if (durationSeconds > RECORDING_MAX_SECONDS) return 'too-long'
  return null
}
