import { describe, expect, it, vi } from 'vitest'
import { createAudioPlayer, INITIAL_PLAYER_STATE, PLAYER_ERROR_DESCRIPTIONS, type AudioTrack } from './audio-player.ts'
import { createMemoryPositionStore, createPositionStore, MAX_KEPT_POSITIONS, POSITIONS_STORAGE_KEY } from './positions.ts'
import { RATE_STORAGE_KEY, readStoredRate, storeRate } from './rate-setting.ts'
import { isSignedUrlFresh, signedUrlExpiresAt } from './signed-url.ts'

/** A media element whose events the test fires by hand; play() answers what the test decides. */
class FakeAudio extends EventTarget {
  currentTime = 0
  duration = Number.NaN
  playbackRate = 1
  defaultPlaybackRate = 1
  paused = true
  /** what the browser says of a failed source (set by a test before it emits 'error') */
  error: MediaError | null = null
  /** every source the player gave, in order */
  sources: string[] = []
  nextPlay: () => Promise<void> = () => Promise.resolve()
  #src = ''

  get src() {
    return this.#src
  }
  set src(value: string) {
    this.#src = value
    this.sources.push(value)
    // as in browsers, a new source starts at the default speed
    this.playbackRate = this.defaultPlaybackRate
  }

  play = vi.fn(() => {
    this.paused = false
    return this.nextPlay()
  })
  pause = vi.fn(() => {
    if (this.paused) return
    this.paused = true
    this.emit('pause')
  })
  load = vi.fn()
  removeAttribute = vi.fn((name: string) => {
    if (name === 'src') this.#src = ''
  })

  emit(type: string) {
    this.dispatchEvent(new Event(type))
  }
  /** the metadata arrives with this length */
  metadata(duration: number) {
    this.duration = duration
    this.emit('loadedmetadata')
  }
  timeupdate(time: number) {
    this.currentTime = time
    this.emit('timeupdate')
  }
}

const domError = (name: string) => Object.assign(new Error(name), { name })

function setup(options: Omit<Parameters<typeof createAudioPlayer>[0], 'element'> = {}) {
  const element = new FakeAudio()
  const player = createAudioPlayer({ element, ...options })
  return { element, player }
}

const track = (overrides: Partial<AudioTrack> = {}): AudioTrack => ({
  id: 'm1',
  url: '/api/media/a.webm?expires=1&signature=s',
  title: 'Ada',
  ...overrides,
})
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('audio player state machine', () => {
  it('goes loading → metadata → playing → time → end as the element reports', async () => {
    const { element, player } = setup()
    const played = player.play(track({ durationHint: 42 }))
    expect(player.getState()).toMatchObject({ loading: true, error: null, isPlaying: false, currentTrack: { id: 'm1' } })
    expect(element.src).toBe('/api/media/a.webm?expires=1&signature=s')
    await played

    element.metadata(41.5)
    expect(player.getState()).toMatchObject({ duration: 41.5, loading: false })
    element.emit('playing')
    expect(player.getState()).toMatchObject({ isPlaying: true, loading: false, started: true })
    element.timeupdate(12.25)
    expect(player.getState().currentTime).toBe(12.25)

    const ended = vi.fn()
    player.onEnded(ended)
    element.emit('ended')
    expect(player.getState()).toMatchObject({ isPlaying: false, currentTime: 0, started: false })
    expect(element.currentTime).toBe(0)
    expect(ended).toHaveBeenCalledWith(expect.objectContaining({ id: 'm1' }))
  })

  it('takes the duration the server measured when the file does not say (browser WebM)', async () => {
    const { element, player } = setup()
    await player.play(track({ durationHint: 73 }))
    element.metadata(Number.POSITIVE_INFINITY)
    expect(player.getState().duration).toBe(73)
    element.duration = 73.4
    element.emit('durationchange')
    expect(player.getState().duration).toBe(73.4)
  })

  it('skips forward 15 s in a message just received, whose length nobody knows yet, instead of jumping to 0:00', async () => {
    const { element, player } = setup()
    // the recorder declared no length (a hint of 0) and the browser's WebM says Infinity
    await player.play(track({ durationHint: 0 }))
    element.metadata(Number.POSITIVE_INFINITY)
    element.emit('playing')
    element.timeupdate(3)
    player.skip(15)
    expect(player.getState().currentTime).toBe(18)
    expect(element.currentTime).toBe(18)
    element.timeupdate(18.5)
    player.skip(-15)
    expect(element.currentTime).toBe(3.5)
    // the length the element learns while playing is taken
    element.duration = 40.2
    element.emit('durationchange')
    expect(player.getState().duration).toBe(40.2)
  })

  it("fails with 'Failed to play audio' when the element errors, neither playing nor loading", async () => {
    const { element, player } = setup()
    await player.play(track())
    element.emit('playing')
    element.emit('error')
    expect(player.getState()).toMatchObject({ error: 'Failed to play audio', errorKind: 'media', isPlaying: false, loading: false })
  })

  it("fails with 'Failed to play audio' when play() is refused, and a new play clears the error", async () => {
    const { element, player } = setup()
    element.nextPlay = () => Promise.reject(domError('NotAllowedError'))
    await player.play(track())
    expect(player.getState()).toMatchObject({ error: 'Failed to play audio', errorKind: 'start', isPlaying: false, loading: false })

    element.nextPlay = () => Promise.resolve()
    const again = player.play()
    expect(player.getState()).toMatchObject({ error: null, loading: true })
    await again
    element.emit('playing')
    expect(player.getState().isPlaying).toBe(true)
  })

  it('treats an interrupted play() (AbortError) as no failure', async () => {
    const { element, player } = setup()
    element.nextPlay = () => Promise.reject(domError('AbortError'))
    await player.play(track())
    expect(player.getState().error).toBeNull()
  })

  it('keeps the position on pause, goes back to 0 on stop, and seeks inside the recording', async () => {
    const { element, player } = setup()
    await player.play(track())
    element.metadata(60)
    element.emit('playing')
    element.timeupdate(20)
    player.pause()
    expect(element.pause).toHaveBeenCalled()
    expect(player.getState()).toMatchObject({ isPlaying: false, currentTime: 20 })

    player.seek(45)
    expect(element.currentTime).toBe(45)
    expect(player.getState().currentTime).toBe(45)
    player.seek(99)
    expect(player.getState().currentTime).toBe(60)
    player.skip(-15)
    expect(player.getState().currentTime).toBe(45)

    player.stop()
    expect(player.getState()).toMatchObject({ isPlaying: false, currentTime: 0, started: false })
    expect(element.currentTime).toBe(0)
  })

  it('sets the speed of the current track, clamped, and keeps it for the next source', async () => {
    const { element, player } = setup()
    await player.play(track())
    player.setRate(1.5)
    expect(element.playbackRate).toBe(1.5)
    expect(player.getState().rate).toBe(1.5)
    player.setRate(3)
    expect(player.getState().rate).toBe(2)
    player.setRate(1.25)
    expect(element.playbackRate).toBe(1.3)

    await player.play(track({ id: 'm2', url: '/api/media/b.webm' }))
    expect(element.playbackRate).toBe(1.3)
  })

  it('resets to the defaults but keeps the chosen speed', async () => {
    const { element, player } = setup()
    await player.play(track())
    element.metadata(30)
    element.emit('playing')
    player.setRate(1.8)
    player.reset()
    expect(player.getState()).toEqual({ ...INITIAL_PLAYER_STATE, rate: 1.8 })
    expect(element.src).toBe('')
    // events of the old source no longer move anything
    element.timeupdate(10)
    element.emit('error')
    expect(player.getState()).toEqual({ ...INITIAL_PLAYER_STATE, rate: 1.8 })
  })

  it("answers an empty URL with 'Invalid audio URL' and never gives it to the element", async () => {
    const { element, player } = setup()
    await player.play(track({ url: '  ' }))
    expect(player.getState()).toMatchObject({ error: 'Invalid audio URL', errorKind: 'invalid-url', loading: false, isPlaying: false })
    expect(element.play).not.toHaveBeenCalled()
    expect(element.sources).toEqual([])
  })

  it('plays blob: URLs as they are, without asking for a fresh one', async () => {
    const refreshUrl = vi.fn(async () => '/fresh')
    const { element, player } = setup({ isFresh: () => false })
    await player.play(track({ url: 'blob:http://localhost/1234', refreshUrl }))
    expect(element.sources).toEqual(['blob:http://localhost/1234'])
    expect(refreshUrl).not.toHaveBeenCalled()
  })

  it('renews a stale signed URL before playing, and uses the original one when renewing fails', async () => {
    const refreshUrl = vi.fn(async () => '/api/media/a.webm?expires=9&signature=new')
    const { element, player } = setup({ isFresh: (url) => !url.includes('expires=1&') })
    await player.play(track({ refreshUrl }))
    expect(refreshUrl).toHaveBeenCalledTimes(1)
    expect(element.sources).toEqual(['/api/media/a.webm?expires=9&signature=new'])

    const failing = vi.fn(async () => {
      throw new Error('offline')
    })
    await player.play(track({ id: 'm2', refreshUrl: failing }))
    expect(element.sources.at(-1)).toBe('/api/media/a.webm?expires=1&signature=s')
  })

  it('on a failing source asks once for a fresh URL and goes on from the same place, then gives up', async () => {
    const refreshUrl = vi.fn(async () => '/api/media/a.webm?expires=9&signature=new')
    const { element, player } = setup()
    await player.play(track({ refreshUrl }))
    element.metadata(60)
    element.emit('playing')
    element.timeupdate(30)
    element.emit('error')
    await flush()
    expect(refreshUrl).toHaveBeenCalledTimes(1)
    expect(element.sources.at(-1)).toBe('/api/media/a.webm?expires=9&signature=new')
    expect(player.getState().error).toBeNull()
    expect(element.play).toHaveBeenCalledTimes(2)
    element.metadata(60)
    expect(element.currentTime).toBe(30)

    element.emit('error')
    await flush()
    expect(refreshUrl).toHaveBeenCalledTimes(1)
    expect(player.getState()).toMatchObject({ error: 'Failed to play audio', errorKind: 'media' })
  })

  it('says a source that could not be fetched (the store away) is out of reach for now, and tries it afresh on the next press', async () => {
    const refreshUrl = vi.fn(async () => '/api/media/a.webm?expires=9&signature=new')
    const { element, player } = setup()
    await player.play(track({ refreshUrl }))
    // what browsers report when the bucket or the media route does not answer
    element.error = { code: 4 } as MediaError
    element.emit('error')
    await flush()
    expect(refreshUrl).toHaveBeenCalledTimes(1)
    element.emit('error')
    await flush()
    expect(player.getState()).toMatchObject({ errorKind: 'unreachable', isPlaying: false, loading: false })
    expect(PLAYER_ERROR_DESCRIPTIONS.unreachable).toBe('This recording is out of reach for now. Try again in a little while.')

    // the store is back: the next press loads it again, with a fresh URL, and it plays
    element.error = null
    await player.play(track({ refreshUrl }))
    expect(player.getState()).toMatchObject({ error: null, errorKind: null, loading: true })
    expect(element.sources).toHaveLength(3)
    element.emit('playing')
    expect(player.getState()).toMatchObject({ isPlaying: true, error: null })
  })

  it('keeps "cannot be played" for audio that came but cannot be decoded', async () => {
    const { element, player } = setup()
    await player.play(track())
    element.error = { code: 3 } as MediaError
    element.emit('error')
    expect(player.getState()).toMatchObject({ errorKind: 'media' })
  })

  it('counts a play() refused for an unplayable source and its error event as one failure', async () => {
    const refreshUrl = vi.fn(async () => '/fresh')
    const { element, player } = setup()
    element.nextPlay = () => Promise.reject(domError('NotSupportedError'))
    await player.play(track({ refreshUrl }))
    element.emit('error')
    await flush()
    expect(refreshUrl).toHaveBeenCalledTimes(1)
  })

  it('toggles: the playing track pauses, another track takes over', async () => {
    const { element, player } = setup()
    const a = track()
    await player.toggle(a)
    element.emit('playing')
    await player.toggle(a)
    expect(player.getState().isPlaying).toBe(false)
    await player.toggle(a)
    expect(element.play).toHaveBeenCalledTimes(2)
    element.emit('playing')
    await player.toggle(track({ id: 'm2', url: '/b.webm' }))
    expect(player.getState().currentTrack?.id).toBe('m2')
    expect(element.src).toBe('/b.webm')
  })

  it('loads without playing when asked, so the duration is known before Play', async () => {
    const { element, player } = setup()
    await player.load(track(), { autoplay: false })
    expect(element.play).not.toHaveBeenCalled()
    expect(player.getState()).toMatchObject({ loading: false, duration: 0, currentTrack: { id: 'm1' } })
    element.metadata(20)
    expect(player.getState()).toMatchObject({ loading: false, duration: 20, isPlaying: false })
  })
})

describe('half-heard positions', () => {
  it('remembers where a message was paused, resumes there, and forgets it at the end', async () => {
    const positions = createMemoryPositionStore()
    const { element, player } = setup({ positions })
    await player.play(track())
    element.metadata(60)
    element.emit('playing')
    element.timeupdate(25)
    player.pause()
    expect(positions.get('m1')).toBe(25)

    // another message, then back: the first resumes at 25 s once its metadata is there
    await player.play(track({ id: 'm2', url: '/b.webm' }))
    await player.play(track())
    expect(player.getState().currentTime).toBe(25)
    element.metadata(60)
    expect(element.currentTime).toBe(25)

    element.emit('playing')
    element.emit('ended')
    expect(positions.get('m1')).toBe(0)
  })

  it('keeps at most the newest 100 in storage and survives broken storage', () => {
    const values = new Map<string, string>()
    let clock = 0
    const store = createPositionStore({ getItem: (k) => values.get(k) ?? null, setItem: (k, v) => void values.set(k, v) }, () => ++clock)
    for (let i = 0; i <= MAX_KEPT_POSITIONS; i++) store.set(`m${i}`, 10)
    expect(Object.keys(JSON.parse(values.get(POSITIONS_STORAGE_KEY) ?? '{}'))).toHaveLength(MAX_KEPT_POSITIONS)
    expect(store.get('m0')).toBe(0)
    expect(store.get(`m${MAX_KEPT_POSITIONS}`)).toBe(10)

    values.set(POSITIONS_STORAGE_KEY, 'not json')
    expect(store.get('m1')).toBe(0)
    const broken = createPositionStore({
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    })
    expect(() => broken.set('a', 5)).not.toThrow()
  })
})

describe('signed URLs', () => {
  it('reads the expiry and renews within the last 10 minutes', () => {
    const now = Date.UTC(2026, 0, 1, 12)
    const url = (minutesLeft: number) => `/api/media/u/a.webm?expires=${now / 1000 + minutesLeft * 60}&signature=x`
    expect(signedUrlExpiresAt(url(60))).toBe(now + 3_600_000)
    expect(isSignedUrlFresh(url(60), now)).toBe(true)
    expect(isSignedUrlFresh(url(11), now)).toBe(true)
    expect(isSignedUrlFresh(url(9), now)).toBe(false)
    expect(isSignedUrlFresh(url(-5), now)).toBe(false)
    expect(isSignedUrlFresh('/api/media/u/a.webm', now)).toBe(true)
    expect(signedUrlExpiresAt('/x?expires=soon')).toBeNull()
  })
})

/** Plays the current track to its end as the element would report it. */
function playThrough(element: FakeAudio) {
  element.metadata(5)
  element.emit('playing')
  element.emit('ended')
}

const queueOf = (...ids: string[]) => ids.map((id) => track({ id, url: `/api/media/${id}.m4a`, title: `Speaker of ${id}` }))

describe('Play all new: the queue', () => {
  it("plays the tracks in the order given, hands-free, saying '1 of 3', '2 of 3', '3 of 3', then ends", async () => {
    const { element, player } = setup()
    await player.playQueue(queueOf('a', 'b', 'c'))
    expect(player.getState()).toMatchObject({ currentTrack: { id: 'a' }, queue: { index: 1, total: 3 } })

    playThrough(element)
    await flush()
    expect(player.getState()).toMatchObject({ currentTrack: { id: 'b' }, queue: { index: 2, total: 3 } })
    expect(element.play).toHaveBeenCalledTimes(2)

    playThrough(element)
    await flush()
    expect(player.getState()).toMatchObject({ currentTrack: { id: 'c' }, queue: { index: 3, total: 3 } })

    playThrough(element)
    await flush()
    expect(player.getState()).toMatchObject({ currentTrack: { id: 'c' }, queue: null, isPlaying: false, started: false })
    expect(element.sources).toEqual(['/api/media/a.m4a', '/api/media/b.m4a', '/api/media/c.m4a'])
  })

  it('skips to the next on request; past the last it stops; stop ends the queue', async () => {
    const { element, player } = setup()
    await player.playQueue(queueOf('a', 'b'))
    element.emit('playing')
    await player.next()
    expect(player.getState()).toMatchObject({ currentTrack: { id: 'b' }, queue: { index: 2, total: 2 } })
    element.emit('playing')
    await player.next()
    expect(player.getState()).toMatchObject({ currentTrack: { id: 'b' }, queue: null, isPlaying: false, started: false })

    await player.playQueue(queueOf('x', 'y'))
    element.emit('playing')
    player.stop()
    expect(player.getState().queue).toBeNull()
    element.emit('ended')
    await flush()
    expect(player.getState().currentTrack?.id).toBe('x')
  })

  it('ends when the person plays something else, and moves past a message that cannot play', async () => {
    const { element, player } = setup()
    await player.playQueue(queueOf('a', 'b', 'c'))
    await player.play(track({ id: 'other' }))
    expect(player.getState().queue).toBeNull()

    await player.playQueue([track({ id: 'broken', url: ' ' }), ...queueOf('b')])
    await flush()
    expect(player.getState()).toMatchObject({ currentTrack: { id: 'b' }, queue: { index: 2, total: 2 } })
    expect(element.play).toHaveBeenCalled()
  })

  it('goes back a track near the start, and restarts the current one later in it or with nothing before', async () => {
    const { element, player } = setup()
    await player.playQueue(queueOf('a', 'b'))
    playThrough(element)
    await flush()
    element.metadata(5)
    element.emit('playing')
    element.timeupdate(1)
    await player.previous()
    expect(player.getState()).toMatchObject({ currentTrack: { id: 'a' }, queue: { index: 1, total: 2 } })

    element.metadata(5)
    element.emit('playing')
    element.timeupdate(4)
    await player.previous()
    expect(player.getState()).toMatchObject({ currentTrack: { id: 'a' }, queue: { index: 1 }, currentTime: 0 })
    expect(element.currentTime).toBe(0)

    // nothing before the first: it starts again, and a paused one plays
    player.pause()
    await player.previous()
    expect(player.getState().currentTrack?.id).toBe('a')
    expect(element.play).toHaveBeenCalledTimes(4)
  })

  it('signs the next track while the current one plays, so its end switches at once with no request between', async () => {
    const stale = (id: string) => `/api/media/${id}.m4a?expires=1&signature=old`
    const refreshed: string[] = []
    const tracks = ['a', 'b'].map((id) =>
      track({
        id,
        url: stale(id),
        refreshUrl: async () => {
          refreshed.push(id)
          return `/api/media/${id}.m4a?fresh`
        },
      }),
    )
    const { element, player } = setup({ isFresh: (url) => url.endsWith('fresh') })
    await player.playQueue(tracks)
    expect(refreshed).toEqual(['a'])
    element.metadata(5)
    element.emit('playing')
    expect(refreshed).toEqual(['a', 'b'])
    await flush()

    // the end's switch sets the source within the ended event's own turn (a background tab throttles timers)
    element.emit('ended')
    await Promise.resolve()
    await Promise.resolve()
    expect(element.src).toBe('/api/media/b.m4a?fresh')
    expect(refreshed).toEqual(['a', 'b'])
  })

  it('does nothing for an empty queue', async () => {
    const { player } = setup()
    await player.playQueue([])
    expect(player.getState()).toMatchObject({ currentTrack: null, queue: null })
  })

  it('calls onStart once each time a loaded track starts playing (the message is marked heard)', async () => {
    const { element, player } = setup()
    const onStart = vi.fn()
    await player.play(track({ onStart }))
    expect(onStart).not.toHaveBeenCalled()
    element.emit('playing')
    element.emit('pause')
    element.emit('playing')
    expect(onStart).toHaveBeenCalledTimes(1)
  })
})

describe('play next automatically', () => {
  it("plays the ended track's next when the setting is on, wherever it was started", async () => {
    let on = true
    const { element, player } = setup({ playNext: () => on })
    const second = track({ id: 'm2', url: '/api/media/m2.m4a' })
    await player.play(track({ next: () => Promise.resolve(second) }))
    playThrough(element)
    await flush()
    expect(player.getState()).toMatchObject({ currentTrack: { id: 'm2' }, loading: true, queue: null })

    on = false
    await player.play(track({ id: 'm3', url: '/api/media/m3.m4a', next: () => Promise.resolve(second) }))
    playThrough(element)
    await flush()
    expect(player.getState().currentTrack?.id).toBe('m3')
  })

  it('stays put when there is no next, or when finding it fails', async () => {
    const { element, player } = setup({ playNext: () => true })
    await player.play(track({ next: () => Promise.resolve(null) }))
    playThrough(element)
    await flush()
    expect(player.getState()).toMatchObject({ currentTrack: { id: 'm1' }, isPlaying: false })

    await player.play(track({ id: 'm4', next: () => Promise.reject(new Error('offline')) }))
    playThrough(element)
    await flush()
    expect(player.getState()).toMatchObject({ currentTrack: { id: 'm4' }, isPlaying: false, error: null })
  })
})

describe('the remembered speed', () => {
  const memoryStorage = (initial: Record<string, string> = {}) => {
    const items = new Map(Object.entries(initial))
    return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) }
  }

  it('reads the stored speed made valid, and the default without one', () => {
    expect(readStoredRate(memoryStorage({ [RATE_STORAGE_KEY]: '1.5' }))).toBe(1.5)
    expect(readStoredRate(memoryStorage({ [RATE_STORAGE_KEY]: '1.25' }))).toBe(1.3)
    expect(readStoredRate(memoryStorage({ [RATE_STORAGE_KEY]: '9' }))).toBe(2)
    expect(readStoredRate(memoryStorage({ [RATE_STORAGE_KEY]: 'fast' }))).toBe(1)
    expect(readStoredRate(memoryStorage())).toBe(1)
    expect(readStoredRate(null)).toBe(1)
    const broken = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('denied')
      },
    }
    expect(readStoredRate(broken)).toBe(1)
    expect(() => storeRate(broken, 1.5)).not.toThrow()
  })

  it('starts the player at the remembered speed, applies it to every track, and remembers each new choice', async () => {
    const storage = memoryStorage({ [RATE_STORAGE_KEY]: '1.8' })
    const { element, player } = setup({ initialRate: readStoredRate(storage), onRateChange: (rate) => storeRate(storage, rate) })
    expect(player.getState().rate).toBe(1.8)
    await player.play(track())
    expect(element.playbackRate).toBe(1.8)

    player.setRate(1.2)
    expect(storage.getItem(RATE_STORAGE_KEY)).toBe('1.2')
    await player.play(track({ id: 'm2', url: '/api/media/m2.m4a' }))
    expect(element.playbackRate).toBe(1.2)

    // a player made later (the next visit) starts where this one left off
    expect(setup({ initialRate: readStoredRate(storage) }).player.getState().rate).toBe(1.2)
  })
})
