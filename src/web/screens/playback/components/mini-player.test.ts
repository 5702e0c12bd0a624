import { describe, expect, it } from 'vitest'
import { showsOwnPlaybackError } from './mini-player.tsx'

describe('showsOwnPlaybackError', () => {
  it("is the failed message's own playback screen only: elsewhere the failure gets its toast", () => {
    expect(showsOwnPlaybackError('/playback/m1', 'm1')).toBe(true)
    expect(showsOwnPlaybackError('/playback/m2', 'm1')).toBe(false)
    expect(showsOwnPlaybackError('/contacts/c1', 'm1')).toBe(false)
    expect(showsOwnPlaybackError('/playback/invitation%3At0k', 'invitation:t0k')).toBe(true)
    expect(showsOwnPlaybackError('/playback/m1', undefined)).toBe(false)
  })
})
