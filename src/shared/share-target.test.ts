import { describe, expect, it } from 'vitest'
import { AUDIO_MAX_BYTES, RECORDING_MAX_SECONDS } from './limits.ts'
import { SHARED_FILE_PROBLEM_TEXTS, sharedFileProblem } from './share-target.ts'

describe('a shared file, checked before it becomes a take', () => {
  const audio = { type: 'audio/mp4', size: 20_000 }

  it('takes audio within the limits, and the audio-only video types voice notes come as', () => {
    expect(sharedFileProblem(audio, 42)).toBeNull()
    expect(sharedFileProblem({ ...audio, type: 'video/webm' }, 5)).toBeNull()
    expect(sharedFileProblem({ ...audio, type: 'AUDIO/OGG' }, RECORDING_MAX_SECONDS)).toBeNull()
    // playable with no length known: the server measures it
    expect(sharedFileProblem(audio, 0)).toBeNull()
  })

  it('refuses what is not audio, empty, too large, unplayable or too long, each with the server’s own words', () => {
    expect(sharedFileProblem({ ...audio, type: 'text/plain' }, 3)).toBe('not-audio')
    expect(sharedFileProblem({ ...audio, type: '' }, 3)).toBe('not-audio')
    expect(sharedFileProblem({ ...audio, size: 0 }, 3)).toBe('empty')
    expect(sharedFileProblem({ ...audio, size: AUDIO_MAX_BYTES + 1 }, 3)).toBe('too-large')
    expect(sharedFileProblem(audio, null)).toBe('not-audio')
    expect(sharedFileProblem(audio, RECORDING_MAX_SECONDS + 1)).toBe('too-long')
    expect(SHARED_FILE_PROBLEM_TEXTS['too-long']).toBe('Audio is longer than 10 minutes')
    expect(SHARED_FILE_PROBLEM_TEXTS['too-large']).toBe('Audio file is too large (max 50MB)')
  })
})
