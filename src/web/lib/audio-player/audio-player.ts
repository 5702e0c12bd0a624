import { clampPlaybackRate, PLAYBACK_RATE_DEFAULT, PLAYER_TEXTS, skipTarget } from '#shared/playback.ts'
import { createMemoryPositionStore, type PositionStore } from './positions.ts'

/** Something to listen to (docs/product/playback.md). */
export type AudioTrack = {
  /** a stable key: the message id */
  id: string
  url: string
  /** who speaks, as the mini player names it */
  title: string
  /** the track's own screen (/playback/{id}) */
  href?: string
  /** who is speaking, for the mini player's avatar (their picture, initials without one) */
  speaker?: { name: string; pictureUrl?: string | null }
  /** seconds measured by the server; used when the file does not say (browser WebM has no duration in its header) */
  durationHint?: number
  /** asks for a fresh signed URL; absent for blob: URLs and anything that does not expire */
  refreshUrl?: () => Promise<string>
  /** what 'Play next automatically' plays when this track ends (the sender's next unheard message), if anything */
  next?: () => Promise<AudioTrack | null>
  /** whether `next` has something to play as far as what is known now says (the mini player shows Next only then) */
  hasNext?: () => boolean
  /** called once each time the track, after being loaded, starts playing (a received message is marked heard) */
  onStart?: () => void
}

/** Where 'Play all new' is: the 1-based place of the current track and how many the queue holds ('2 of 5'). */
export type QueuePosition = { index: number; total: number }

/**
 * Which failure: no usable URL, audio that could not be fetched (the store or the network away, decision 216), audio
 * that came but cannot be played, or play() refused to start.
 */
export type PlayerErrorKind = 'invalid-url' | 'unreachable' | 'media' | 'start'

/** What the 'Playback Error' toast and panel say for each kind of failure (docs/product/playback.md). */
export const PLAYER_ERROR_DESCRIPTIONS: Record<PlayerErrorKind, string> = {
  'invalid-url': PLAYER_TEXTS.unavailable,
  unreachable: PLAYER_TEXTS.outOfReach,
  media: PLAYER_TEXTS.cannotPlay,
  start: PLAYER_TEXTS.failed,
}

/** The player's state (docs/product/playback.md), plus why it failed and whether the track has started since it was loaded. */
export type PlayerState = {
  isPlaying: boolean
  currentTime: number
  duration: number
  rate: number
  currentTrack: AudioTrack | null
  loading: boolean
  error: string | null
  errorKind: PlayerErrorKind | null
  /** playback of the current track started since it was loaded, and it has not been stopped or ended */
  started: boolean
  /** while a queue plays (Play all new), where in it the current track is */
  queue: QueuePosition | null
}

export const INITIAL_PLAYER_STATE: PlayerState = {
  isPlaying: false,
  currentTime: 0,
  duration: 0,
  rate: PLAYBACK_RATE_DEFAULT,
  currentTrack: null,
  loading: false,
  error: null,
  errorKind: null,
  started: false,
  queue: null,
}

/** The part of HTMLMediaElement the player uses (tests drive a fake one). */
export type MediaElementLike = Pick<
  HTMLMediaElement,
  | 'src'
  | 'currentTime'
  | 'duration'
  | 'playbackRate'
  | 'defaultPlaybackRate'
  | 'paused'
  | 'play'
  | 'pause'
  | 'load'
  | 'removeAttribute'
  | 'addEventListener'
  | 'removeEventListener'
  | 'error'
>

/** MediaError's codes: the fetch failed midway, or the source could not be fetched or opened at all */
const MEDIA_ERR_NETWORK = 2
const MEDIA_ERR_SRC_NOT_SUPPORTED = 4

/**
 * What the element's error says. Browsers report a source they could not fetch (a bucket that does not answer, a
 * 503 from the media route) as 'not supported', the same code as a file they cannot open; Hearth stores only what
 * it measured as playable, so that code is taken as out of reach, which another press may cure.
 */
const mediaErrorKind = (error: MediaError | null | undefined): PlayerErrorKind =>
  error?.code === MEDIA_ERR_NETWORK || error?.code === MEDIA_ERR_SRC_NOT_SUPPORTED ? 'unreachable' : 'media'

export type AudioPlayer = {
  getState: () => PlayerState
  subscribe: (listener: () => void) => () => void
  /** the playhead now, read from the element (state.currentTime follows the element's timeupdate, about 4 times a second) */
  position: () => number
  /** makes `track` current without starting it unless `autoplay` (the default); the previous track stops */
  load: (track: AudioTrack, options?: { autoplay?: boolean }) => Promise<void>
  /** plays `track` (loading it when it is not current), or resumes the current track */
  play: (track?: AudioTrack) => Promise<void>
  /** pauses `track` when it is playing or about to, else plays it */
  toggle: (track: AudioTrack) => Promise<void>
  pause: () => void
  stop: () => void
  seek: (seconds: number) => void
  skip: (deltaSeconds: number) => void
  setRate: (rate: number) => void
  reset: () => void
  /**
   * plays `tracks` one after another, hands-free, from the first; playing anything else, or stop, ends the queue.
   * An empty list does nothing.
   */
  playQueue: (tracks: readonly AudioTrack[]) => Promise<void>
  /**
   * the next track: the queue's next one (past the last, the queue ends and playback stops), else the current
   * track's own `next` (play-next); nothing when there is none
   */
  next: () => Promise<void>
  /**
   * the previous track, as podcast players do it: past the first few seconds, or with nothing before, the current
   * track starts again; near its start in a queue, the queue's previous track plays
   */
  previous: () => Promise<void>
  /** called after a track played to its end */
  onEnded: (listener: (track: AudioTrack) => void) => () => void
}

type Options = {
  element: MediaElementLike
  /** where half-heard positions are kept (localStorage in the browser) */
  positions?: PositionStore
  /** whether a URL may be played as it is; a stale one is renewed through the track's refreshUrl first */
  isFresh?: (url: string) => boolean
  /** 'Play next automatically': read when a track ends; when true, the ended track's `next` plays on */
  playNext?: () => boolean
  /** the speed to start with (the one remembered) and where each chosen speed is written */
  initialRate?: number
  onRateChange?: (rate: number) => void
}

/** A position this close to the end counts as heard, so the next play starts from the beginning. */
const HEARD_WITHIN_SECONDS = 2
/** Positions are written at most this often while playing (and at every pause). */
const SAVE_EVERY_SECONDS = 2
/** Previous within this many seconds of a track's start goes to the track before; later, it restarts this one. */
export const RESTART_AFTER_SECONDS = 3

const errorName = (error: unknown) => (typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '')

/**
 * The app's one audio player (docs/product/playback.md): a small external store around one media element.
 * Screens read it with useSyncExternalStore and call its actions; the element's events move the state:
 * play → loading, error cleared; loadedmetadata → duration, loading ends; playing → isPlaying; timeupdate →
 * currentTime; ended → not playing, time 0; error → 'Failed to play audio', not playing, not loading.
 *
 * URLs: an empty one fails with 'Invalid audio URL'; blob: URLs play as they are; any other URL that is about to
 * expire is renewed through `refreshUrl` before it is given to the element, and when the element fails on a URL
 * (an expired signed URL answers 403, which the element only reports as an error) the player asks for a fresh URL
 * once and tries again from the same place. When renewing fails, the original URL is used (docs/product/playback.md).
 */
export function createAudioPlayer({
  element,
  positions = createMemoryPositionStore(),
  isFresh = () => true,
  playNext = () => false,
  initialRate = PLAYBACK_RATE_DEFAULT,
  onRateChange,
}: Options): AudioPlayer {
  let state: PlayerState = { ...INITIAL_PLAYER_STATE, rate: clampPlaybackRate(initialRate) }
  /** the tracks of Play all new, in order; empty when no queue plays */
  let queue: readonly AudioTrack[] = []
  /** the current track's onStart was called since it was loaded */
  let announced = false
  const listeners = new Set<() => void>()
  const endedListeners = new Set<(track: AudioTrack) => void>()
  /** counts every change of source; async work of an older one is dropped */
  let attempt = 0
  let handledFailure = -1
  /** the element holds the current track's audio */
  let loaded = false
  /** a fresh URL was already tried for this load */
  let renewed = false
  /** the person wants it playing (play pressed, not paused since) */
  let wantsPlaying = false
  /** applied once the metadata is there (a resume position, or a seek before loading) */
  let pendingSeek: number | null = null
  /** the current source's metadata arrived: the element can be sought, whatever length it knows */
  let hasMetadata = false
  let lastSaved = 0
  /**
   * fresh URLs fetched ahead for the queue's next track, by track id: the switch at `ended` then sets the source at
   * once, with no request first, which matters in a background tab or with the screen locked
   */
  const prepared = new Map<string, Promise<string>>()

  const set = (patch: Partial<PlayerState>) => {
    state = { ...state, ...patch }
    for (const listener of listeners) listener()
  }

  const isCurrent = (track: AudioTrack) => state.currentTrack?.id === track.id

  /** the server's measure of the current track, when it has one (0 means the recorder declared none) */
  const durationHint = () => {
    const hint = state.currentTrack?.durationHint
    return hint !== undefined && Number.isFinite(hint) && hint > 0 ? hint : null
  }

  const mediaDuration = () => {
    const duration = element.duration
    if (Number.isFinite(duration) && duration > 0) return duration
    return durationHint() ?? 0
  }

  function savePosition(force: boolean) {
    const track = state.currentTrack
    if (!track || !loaded || !state.started) return
    const time = element.currentTime
    if (!force && Math.abs(time - lastSaved) < SAVE_EVERY_SECONDS) return
    lastSaved = time
    const end = state.duration
    if (time < 1 || (end > 0 && time >= end - HEARD_WITHIN_SECONDS)) positions.clear(track.id)
    else positions.set(track.id, time)
  }

  async function freshUrl(track: AudioTrack): Promise<string> {
    try {
      return (await track.refreshUrl?.()) || track.url
    } catch {
      return track.url
    }
  }

  function setSource(url: string) {
    attempt += 1
    loaded = true
    hasMetadata = false
    element.src = url
    // a new source resets the element's speed to its default: carry the chosen one over
    element.defaultPlaybackRate = state.rate
    element.playbackRate = state.rate
  }

  function fail(which: number, kind: PlayerErrorKind) {
    if (!loaded || which !== attempt || handledFailure === which) return
    handledFailure = which
    const track = state.currentTrack
    if ((kind === 'media' || kind === 'unreachable') && track?.refreshUrl && !renewed) {
      renewed = true
      void retryWithFreshUrl(track)
      return
    }
    wantsPlaying = false
    set({ isPlaying: false, loading: false, error: PLAYER_TEXTS.failed, errorKind: kind })
    // a queue does not stall on one message that cannot play (its toast said so)
    if (state.queue) void next()
  }

  async function retryWithFreshUrl(track: AudioTrack) {
    const which = attempt
    const resumeAt = state.currentTime
    set({ loading: true })
    const url = await freshUrl(track)
    if (which !== attempt || !isCurrent(track)) return
    pendingSeek = resumeAt > 0 ? resumeAt : null
    setSource(url)
    if (wantsPlaying) await start()
  }

  async function start() {
    wantsPlaying = true
    const which = attempt
    set({ loading: true, error: null, errorKind: null })
    try {
      await element.play()
    } catch (error) {
      if (which !== attempt) return
      const name = errorName(error)
      // a pause, a stop or another track came first: nothing failed
      if (name === 'AbortError') return
      // the source itself cannot be played: the element's error event says the same; handled once
      fail(which, name === 'NotSupportedError' ? mediaErrorKind(element.error) : 'start')
    }
  }

  async function load(track: AudioTrack, { autoplay = true }: { autoplay?: boolean } = {}) {
    savePosition(true)
    announced = false
    element.pause()
    attempt += 1
    loaded = false
    renewed = false
    wantsPlaying = autoplay
    pendingSeek = null
    lastSaved = 0
    if (!track.url.trim()) {
      element.removeAttribute('src')
      element.load()
      wantsPlaying = false
      set({
        ...INITIAL_PLAYER_STATE,
        rate: state.rate,
        queue: state.queue,
        currentTrack: track,
        error: PLAYER_TEXTS.invalidUrl,
        errorKind: 'invalid-url',
      })
      if (state.queue) void next()
      return
    }
    const resumeAt = positions.get(track.id)
    // loading means a play is on its way; a track only being prepared (autoplay off) is not loading
    set({
      currentTrack: track,
      isPlaying: false,
      currentTime: resumeAt,
      duration: 0,
      loading: autoplay,
      error: null,
      errorKind: null,
      started: false,
    })
    const which = attempt
    let url = track.url
    if (!url.startsWith('blob:') && track.refreshUrl && !isFresh(url)) {
      const ahead = prepared.get(track.id)
      prepared.delete(track.id)
      const early = ahead ? await ahead : null
      url = early && isFresh(early) ? early : await freshUrl(track)
      if (which !== attempt) return
    }
    pendingSeek = resumeAt > 0 ? resumeAt : null
    setSource(url)
    if (wantsPlaying) await start()
  }

  /** signs the queue's next track ahead when its URL would need renewing, so `ended` can switch without a request */
  function prepareFollowing() {
    const following = state.queue ? queue[state.queue.index] : undefined
    if (!following?.refreshUrl || following.url.startsWith('blob:') || !following.url.trim()) return
    if (prepared.has(following.id) || isFresh(following.url)) return
    const url = freshUrl(following)
    prepared.set(following.id, url)
    // a renewed URL that is stale by the time it is used is renewed again in load
    void url.then((fresh) => {
      if (!isFresh(fresh)) prepared.delete(following.id)
    })
  }

  function endQueue() {
    queue = []
    prepared.clear()
    if (state.queue) set({ queue: null })
  }

  /** another track chosen by the person (not the queue moving on) ends the queue */
  function loadChosen(track: AudioTrack, options?: { autoplay?: boolean }) {
    if (!isCurrent(track)) endQueue()
    return load(track, options)
  }

  async function playQueue(tracks: readonly AudioTrack[]) {
    const first = tracks[0]
    if (!first) return
    queue = [...tracks]
    set({ queue: { index: 1, total: queue.length } })
    await load(first, { autoplay: true })
  }

  async function next() {
    if (state.queue) {
      const following = queue[state.queue.index]
      if (!following) {
        endQueue()
        stop()
        return
      }
      set({ queue: { index: state.queue.index + 1, total: queue.length } })
      await load(following, { autoplay: true })
      return
    }
    const track = state.currentTrack
    if (!track?.next) return
    let following: AudioTrack | null = null
    try {
      following = await track.next()
    } catch {
      // nothing to play on when it cannot be found out
    }
    // the person chose something else meanwhile
    if (!following || state.currentTrack !== track) return
    await load(following, { autoplay: true })
  }

  async function previous() {
    const index = state.queue?.index ?? 1
    const before = index > 1 ? queue[index - 2] : undefined
    if (!before || position() > RESTART_AFTER_SECONDS) {
      if (!state.currentTrack) return
      seek(0)
      if (!state.isPlaying) await play()
      return
    }
    set({ queue: { index: index - 1, total: queue.length } })
    await load(before, { autoplay: true })
  }

  function stop() {
    prepared.clear()
    wantsPlaying = false
    element.pause()
    if (state.currentTrack) positions.clear(state.currentTrack.id)
    if (loaded && state.duration > 0) element.currentTime = 0
    pendingSeek = null
    queue = []
    set({ isPlaying: false, loading: false, currentTime: 0, started: false, queue: null })
  }

  async function play(track?: AudioTrack) {
    if (track && !isCurrent(track)) return loadChosen(track, { autoplay: true })
    const current = state.currentTrack
    if (!current) return
    // a failed track gets a fresh start (and a fresh URL if it needs one)
    if (state.error) return load(track ?? current, { autoplay: true })
    // still renewing its URL: it starts as soon as the source is set
    if (!loaded) {
      wantsPlaying = true
      return
    }
    return start()
  }

  function pause() {
    wantsPlaying = false
    element.pause()
    savePosition(true)
    set({ isPlaying: false, loading: false })
  }

  /**
   * Seeks within what is known of the length. A message just received may know none yet (a browser's WebM says
   * Infinity, and a recorder that declared nothing leaves a hint of 0): then the element, once it has its metadata,
   * is sought all the same and keeps within what it has, rather than the position being held at 0.
   */
  function seek(seconds: number) {
    const end = state.duration > 0 ? state.duration : (durationHint() ?? Number.POSITIVE_INFINITY)
    const time = Math.min(Math.max(Number.isFinite(seconds) ? seconds : 0, 0), end)
    if (loaded && hasMetadata) {
      element.currentTime = time
      pendingSeek = null
    } else {
      pendingSeek = time
    }
    set({ currentTime: time })
    savePosition(true)
  }

  const position = () => (loaded && pendingSeek === null ? element.currentTime : state.currentTime)

  element.addEventListener('loadedmetadata', () => {
    if (!loaded) return
    hasMetadata = true
    const patch: Partial<PlayerState> = { duration: mediaDuration(), loading: false }
    if (pendingSeek !== null) {
      element.currentTime = pendingSeek
      patch.currentTime = pendingSeek
      pendingSeek = null
    }
    set(patch)
  })
  element.addEventListener('durationchange', () => {
    // browser WebM learns its length while playing; take it once the metadata set a first one
    const duration = element.duration
    if (loaded && hasMetadata && Number.isFinite(duration) && duration > 0 && duration !== state.duration) set({ duration })
  })
  element.addEventListener('playing', () => {
    if (!loaded) return
    set({ isPlaying: true, loading: false, started: true, error: null, errorKind: null })
    if (!announced && state.currentTrack) {
      announced = true
      state.currentTrack.onStart?.()
    }
    prepareFollowing()
  })
  element.addEventListener('waiting', () => {
    if (loaded && state.isPlaying) set({ loading: true })
  })
  element.addEventListener('pause', () => {
    if (!loaded) return
    savePosition(true)
    if (state.isPlaying) set({ isPlaying: false, loading: false })
  })
  element.addEventListener('timeupdate', () => {
    if (!loaded || pendingSeek !== null) return
    const time = element.currentTime
    if (time !== state.currentTime) set({ currentTime: time })
    savePosition(false)
  })
  element.addEventListener('ended', () => {
    const track = state.currentTrack
    if (!loaded || !track) return
    wantsPlaying = false
    positions.clear(track.id)
    element.currentTime = 0
    set({ isPlaying: false, loading: false, currentTime: 0, started: false })
    for (const listener of endedListeners) listener(track)
    // hands-free: the queue moves on by itself; outside a queue, only with 'Play next automatically'
    if (state.currentTrack === track && (state.queue || playNext())) void next()
  })
  element.addEventListener('error', () => fail(attempt, mediaErrorKind(element.error)))

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    position,
    load: loadChosen,
    play,
    async toggle(track) {
      if (isCurrent(track) && !state.error && (state.isPlaying || wantsPlaying)) pause()
      else await play(track)
    },
    pause,
    stop,
    seek,
    skip(delta) {
      seek(skipTarget(position(), delta, state.duration))
    },
    setRate(rate) {
      const next = clampPlaybackRate(rate)
      element.defaultPlaybackRate = next
      element.playbackRate = next
      set({ rate: next })
      onRateChange?.(next)
    },
    reset() {
      savePosition(true)
      wantsPlaying = false
      element.pause()
      attempt += 1
      loaded = false
      pendingSeek = null
      element.removeAttribute('src')
      element.load()
      queue = []
      prepared.clear()
      set({ ...INITIAL_PLAYER_STATE, rate: state.rate })
    },
    playQueue,
    next,
    previous,
    onEnded(listener) {
      endedListeners.add(listener)
      return () => endedListeners.delete(listener)
    },
  }
}
