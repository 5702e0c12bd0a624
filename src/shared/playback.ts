/**
 * Pure rules of listening (docs/product/playback.md: the playback screen, the word being spoken, speed and skips),
 * shared by the player store, the playback screen and their tests.
 */
import type { Message } from './messages.ts'
import { estimateWordTimings, FALLBACK_LEADING_SILENCE_SECONDS, type WordTiming } from './word-timing.ts'

/** Back and forward buttons and the arrow keys move this far. */
export const PLAYBACK_SKIP_SECONDS = 15
/** Speed is clamped to 1.0-2.0 in steps of 0.1 (docs/product/playback.md). */
export const PLAYBACK_RATE_MIN = 1
export const PLAYBACK_RATE_MAX = 2
export const PLAYBACK_RATE_STEP = 0.1
export const PLAYBACK_RATE_DEFAULT = 1
export const PLAYBACK_RATE_PRESETS = [1, 1.2, 1.5, 1.8, 2] as const
/** The transcript highlight reads the playhead this often while playing. */
export const HIGHLIGHT_REFRESH_MS = 200

/** Texts of the error catalogue (docs/product/playback.md) and of the player state. */
export const PLAYER_TEXTS = {
  invalidUrl: 'Invalid audio URL',
  failed: 'Failed to play audio',
  toastTitle: 'Playback Error',
  unavailable: 'Audio file is not available for playback',
  cannotPlay: 'This audio file cannot be played',
  /** the audio could not be fetched (the store away, the network): worth another press later (decision 216) */
  outOfReach: 'This recording is out of reach for now. Try again in a little while.',
} as const

/**
 * A speed the player accepts: inside 1.0-2.0, on a 0.1 step (1.25 becomes 1.3, 0.5 becomes 1, 3 becomes 2).
 * Anything that is not a finite number gives the default speed.
 */
export function clampPlaybackRate(rate: number): number {
  if (!Number.isFinite(rate)) return PLAYBACK_RATE_DEFAULT
  // multiplying by the steps per unit (10) avoids 1.25 / 0.1 = 12.4999…
  const perUnit = Math.round(1 / PLAYBACK_RATE_STEP)
  const stepped = Math.round(rate * perUnit) / perUnit
  return Math.min(PLAYBACK_RATE_MAX, Math.max(PLAYBACK_RATE_MIN, stepped))
}

/** '1×', '1.2×': how a speed is written on its button. */
export function formatPlaybackRate(rate: number): string {
  return `${Number(clampPlaybackRate(rate).toFixed(1))}×`
}

/**
 * The speed pill's next speed: the first preset above the current speed, back to the first preset after the last
 * (1 → 1.2 → 1.5 → 1.8 → 2 → 1; a fine speed such as 1.3 goes on to 1.5).
 */
export function nextPresetRate(rate: number): number {
  const current = clampPlaybackRate(rate)
  return PLAYBACK_RATE_PRESETS.find((preset) => preset > current + 0.001) ?? PLAYBACK_RATE_PRESETS[0]
}

/** Where a skip of `delta` seconds lands: never before 0, never past the end when the end is known. */
export function skipTarget(currentTime: number, delta: number, duration: number): number {
  const target = (Number.isFinite(currentTime) ? currentTime : 0) + delta
  const end = Number.isFinite(duration) && duration > 0 ? duration : Number.POSITIVE_INFINITY
  return Math.min(end, Math.max(0, target))
}

/**
 * The words of the transcript with their times, in speaking order. The engine's word times when the message has
 * them; then, when the transcription splits into as many words, its words are shown (they keep punctuation and
 * capitals) at the engine's times. Without engine times, the spec's fallback (`estimateWordTimings`, starting after
 * the spec's 0.3 s fallback silence) spreads the transcription over the duration, so that highlight and voice agree.
 */
export function transcriptWords(message: Pick<Message, 'transcription' | 'word_timestamps'>, durationSeconds: number): WordTiming[] {
  const text = message.transcription?.trim() ?? ''
  const timed = (message.word_timestamps ?? []).filter((w) => w.word.trim() !== '' && Number.isFinite(w.start))
  if (timed.length > 0) {
    const sorted = [...timed].sort((a, b) => a.start - b.start)
    const written = text.split(/\s+/u).filter((w) => w !== '')
    if (written.length === sorted.length) return sorted.map((w, i) => ({ ...w, word: written[i]! }))
    return sorted.map((w) => ({ ...w, word: w.word.trim() }))
  }
  if (!text) return []
  return estimateWordTimings(text, durationSeconds, FALLBACK_LEADING_SILENCE_SECONDS)
}

export type ConversationPosition = {
  /** 1-based place of the message in the whole conversation, oldest first */
  index: number
  total: number
  previousId: string | null
  nextId: string | null
}

/**
 * Where a message sits in its conversation, oldest → newest, for the 'n of total' counter and the arrows.
 * `newestFirst` is the loaded page (the server answers the newest 50); `total` counts the whole conversation, so
 * the counter stays right when older messages are not loaded (there is then no previous beyond the oldest loaded).
 * Null when the message is not in the page.
 */
export function conversationPosition(
  newestFirst: readonly Pick<Message, 'id' | 'created_at'>[],
  total: number,
  id: string,
): ConversationPosition | null {
  const oldestFirst = [...newestFirst].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id))
  const at = oldestFirst.findIndex((m) => m.id === id)
  if (at < 0) return null
  const all = Math.max(total, oldestFirst.length)
  return {
    index: all - (oldestFirst.length - 1 - at),
    total: all,
    previousId: oldestFirst[at - 1]?.id ?? null,
    nextId: oldestFirst[at + 1]?.id ?? null,
  }
}

/**
 * What plays on when a message ends ('Play next automatically'): the oldest message after it that the listener
 * received and has not heard (unread); when there is none after it, the oldest unheard one before it. Never the
 * message itself, never one of the listener's own.
 */
export function nextUnplayed(
  messages: readonly Pick<Message, 'id' | 'created_at' | 'receiver_id' | 'is_read'>[],
  currentId: string,
  listenerId: string,
): string | null {
  const oldestFirst = [...messages].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id))
  const current = oldestFirst.find((m) => m.id === currentId)
  const unheard = oldestFirst.filter((m) => m.id !== currentId && m.receiver_id === listenerId && !m.is_read)
  if (!current) return unheard[0]?.id ?? null
  const after = unheard.find((m) => m.created_at > current.created_at || (m.created_at === current.created_at && m.id > current.id))
  return (after ?? unheard[0])?.id ?? null
}
