import { describe, expect, it, vi } from 'vitest'
import { createAudioPlayer, type AudioTrack, type MediaElementLike } from './audio-player.ts'
import {
  APP_ARTWORK,
  connectMediaSession,
  sessionMetadata,
  sessionPlaybackState,
  sessionPosition,
  type MediaSessionLike,
} from './media-session.ts'

const track = (overrides: Partial<AudioTrack> = {}): AudioTrack => ({ id: 'm1', url: '/api/media/a.m4a', title: 'Ada', ...overrides })

describe('what the lock screen shows', () => {
  it('names the speaker, Hearth and the place in Play all new, with their picture', () => {
    const metadata = sessionMetadata({
      currentTrack: track({ title: 'You to Ada', speaker: { name: 'Ada Lovelace', pictureUrl: '/api/pictures/a/p-avatar320.webp' } }),
      queue: { index: 2, total: 5 },
    })
    expect(metadata).toEqual({
      title: 'Ada Lovelace',
      artist: 'Hearth',
      album: 'New messages, 2 of 5',
      artwork: [
        { src: '/api/pictures/a/p-avatar160.webp', sizes: '160x160', type: 'image/webp' },
        { src: '/api/pictures/a/p-avatar320.webp', sizes: '320x320', type: 'image/webp' },
        { src: '/api/pictures/a/p-avatar480.webp', sizes: '480x480', type: 'image/webp' },
      ],
    })
    // a picture of another shape is given as it is
    const other = sessionMetadata({
      currentTrack: track({ speaker: { name: 'Ada', pictureUrl: 'data:image/png;base64,AA' } }),
      queue: null,
    })
    expect(other?.artwork).toEqual([{ src: 'data:image/png;base64,AA' }])
  })

  it("falls back to the track's title and the app's icon at several sizes, and shows nothing without a track", () => {
    const metadata = sessionMetadata({ currentTrack: track({ speaker: { name: 'Bob', pictureUrl: null } }), queue: null })
    expect(metadata).toMatchObject({ title: 'Bob', album: 'Voice message', artwork: APP_ARTWORK })
    expect(APP_ARTWORK.map((image) => image.sizes)).toEqual(['192x192', '512x512'])
    expect(sessionMetadata({ currentTrack: track(), queue: null })?.title).toBe('Ada')
    expect(sessionMetadata({ currentTrack: null, queue: null })).toBeNull()
  })

  it('says playing while a play is on its way, paused otherwise, none without a track', () => {
    expect(sessionPlaybackState({ currentTrack: track(), isPlaying: true, loading: false })).toBe('playing')
    expect(sessionPlaybackState({ currentTrack: track(), isPlaying: false, loading: true })).toBe('playing')
    expect(sessionPlaybackState({ currentTrack: track(), isPlaying: false, loading: false })).toBe('paused')
    expect(sessionPlaybackState({ currentTrack: null, isPlaying: false, loading: false })).toBe('none')
  })

  it('gives a position only once the length is known, inside it', () => {
    const state = { currentTrack: track(), duration: 30, rate: 1.5 }
    expect(sessionPosition(state, 12)).toEqual({ duration: 30, position: 12, playbackRate: 1.5 })
    expect(sessionPosition(state, 31)?.position).toBe(30)
    expect(sessionPosition(state, Number.NaN)?.position).toBe(0)
    expect(sessionPosition({ ...state, duration: 0 }, 3)).toBeNull()
    expect(sessionPosition({ ...state, currentTrack: null }, 3)).toBeNull()
  })
})

class FakeElement extends EventTarget {
  #src = ''
  currentTime = 0
  get src() {
    return this.#src
  }
  // as in browsers, a new source starts from the beginning
  set src(value: string) {
    this.#src = value
    this.currentTime = 0
  }
  duration = 20
  playbackRate = 1
  defaultPlaybackRate = 1
  paused = true
  play = vi.fn(() => Promise.resolve())
  pause = vi.fn()
  load = vi.fn()
  removeAttribute = vi.fn()
}

function fakeSession() {
  const handlers = new Map<MediaSessionAction, MediaSessionActionHandler | null>()
  const positions: MediaPositionState[] = []
  const session: MediaSessionLike = {
    metadata: null,
    playbackState: 'none',
    setActionHandler: (action, handler) => void handlers.set(action, handler),
    setPositionState: (state) => void positions.push(state ?? {}),
  }
  const call = (action: MediaSessionAction, details: Partial<MediaSessionActionDetails> = {}) =>
    handlers.get(action)?.({ action, ...details } as MediaSessionActionDetails)
  return { session, handlers, positions, call }
}

class Metadata {
  readonly init: MediaMetadataInit
  constructor(init: MediaMetadataInit) {
    this.init = init
  }
}

describe('connecting the player to the media session', () => {
  it('keeps metadata, state and position current, and its actions move the player', async () => {
    const element = new FakeElement()
    const player = createAudioPlayer({ element: element as unknown as MediaElementLike })
    const { session, handlers, positions, call } = fakeSession()
    const disconnect = connectMediaSession(player, session, Metadata as unknown as typeof MediaMetadata)
    expect([...handlers.keys()]).toEqual(['play', 'pause', 'stop', 'nexttrack', 'previoustrack', 'seekbackward', 'seekforward', 'seekto'])
    expect(session.playbackState).toBe('none')

    await player.playQueue([track({ id: 'a', speaker: { name: 'Ada' } }), track({ id: 'b', speaker: { name: 'Bob' } })])
    element.dispatchEvent(new Event('loadedmetadata'))
    element.dispatchEvent(new Event('playing'))
    expect((session.metadata as unknown as Metadata).init).toMatchObject({ title: 'Ada', album: 'New messages, 1 of 2' })
    expect(session.playbackState).toBe('playing')
    expect(positions.at(-1)).toEqual({ duration: 20, position: 0, playbackRate: 1 })

    call('seekto', { seekTime: 8 })
    expect(element.currentTime).toBe(8)
    call('seekforward', {})
    expect(element.currentTime).toBe(20)
    call('seekbackward', { seekOffset: 5 })
    expect(element.currentTime).toBe(15)
    expect(positions.at(-1)).toMatchObject({ position: 15 })

    call('pause')
    expect(session.playbackState).toBe('paused')
    call('nexttrack')
    await Promise.resolve()
    expect((session.metadata as unknown as Metadata).init).toMatchObject({ title: 'Bob', album: 'New messages, 2 of 2' })
    call('previoustrack')
    await Promise.resolve()
    expect(player.getState()).toMatchObject({ currentTrack: { id: 'a' }, queue: { index: 1 } })
    call('stop')
    expect(player.getState()).toMatchObject({ queue: null, isPlaying: false })

    disconnect()
    expect([...handlers.values()].every((handler) => handler === null)).toBe(true)
    expect(session.playbackState).toBe('none')
  })
})
