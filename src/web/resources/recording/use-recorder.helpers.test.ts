import { describe, expect, it } from 'vitest'
import { AUDIO_FORMAT_PREFERENCE, chooseMimeType, mapStartError, permissionFromState } from './use-recorder.ts'

describe('chooseMimeType', () => {
  it('takes the first preferred type that the recorder supports', () => {
    expect(chooseMimeType(() => true)).toBe('audio/webm;codecs=opus')
    expect(chooseMimeType((type) => type === 'audio/mp4' || type === 'audio/wav')).toBe('audio/mp4')
    expect(chooseMimeType((type) => type === 'audio/ogg;codecs=opus')).toBe('audio/ogg;codecs=opus')
  })

  it('lets the browser choose when nothing matches or it cannot tell', () => {
    expect(chooseMimeType(() => false)).toBeUndefined()
    expect(chooseMimeType(undefined)).toBeUndefined()
    expect(
      chooseMimeType(() => {
        throw new Error('boom')
      }),
    ).toBeUndefined()
  })

  it('keeps the spec order', () => {
    expect(AUDIO_FORMAT_PREFERENCE).toEqual(['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus', 'audio/wav'])
  })
})

describe('mapStartError', () => {
  it('maps getUserMedia errors by name', () => {
    expect(mapStartError(new DOMException('no', 'NotAllowedError'))).toBe('denied')
    expect(mapStartError({ name: 'PermissionDeniedError' })).toBe('denied')
    expect(mapStartError(new DOMException('none', 'NotFoundError'))).toBe('no-microphone')
    expect(mapStartError({ name: 'OverconstrainedError' })).toBe('no-microphone')
    expect(mapStartError(new DOMException('nope', 'NotSupportedError'))).toBe('unsupported')
    expect(mapStartError(new DOMException('busy', 'NotReadableError'))).toBe('error')
    expect(mapStartError('weird')).toBe('error')
    expect(mapStartError(null)).toBe('error')
  })
})

describe('permissionFromState', () => {
  it('keeps the known states and reads anything else as unknown', () => {
    expect(permissionFromState('granted')).toBe('granted')
    expect(permissionFromState('denied')).toBe('denied')
    expect(permissionFromState('prompt')).toBe('prompt')
    expect(permissionFromState(undefined)).toBe('unknown')
    expect(permissionFromState('other')).toBe('unknown')
  })
})
