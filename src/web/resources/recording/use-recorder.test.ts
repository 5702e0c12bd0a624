import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installFakeMediaRecorder } from '#web/test/fakes.ts'
import { useRecorder } from './use-recorder.ts'

const track = { stop: vi.fn() }

beforeEach(() => {
  vi.useFakeTimers()
  track.stop.mockClear()
  installFakeMediaRecorder({ supportedType: 'audio/mp4', dataOn: 'stop' })
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [track] })) },
  })
  Object.defineProperty(navigator, 'permissions', { configurable: true, value: undefined })
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:one')
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('useRecorder', () => {
  it('counts seconds, stops by itself at the limit and keeps the blob', async () => {
    const { result } = renderHook(() => useRecorder({ maxSeconds: 5 }))
    expect(result.current.permission).toBe('unknown')
    await act(() => result.current.start())
    expect(result.current.status).toBe('recording')
    expect(result.current.permission).toBe('granted')
    await act(() => vi.advanceTimersByTimeAsync(2000))
    expect(result.current.elapsedSeconds).toBe(2)
    await act(() => vi.advanceTimersByTimeAsync(3500))
    expect(result.current.status).toBe('recorded')
    expect(result.current.recording).toMatchObject({ url: 'blob:one', mimeType: 'audio/mp4', durationSeconds: 5 })
    expect(result.current.recording?.blob.size).toBeGreaterThan(0)
    expect(track.stop).toHaveBeenCalled()
  })

  it('pauses and resumes without counting the pause, and hands over what it has for a draft', async () => {
    installFakeMediaRecorder({ supportedType: 'audio/webm', dataOn: 'start' })
    const onData = vi.fn()
    const { result } = renderHook(() => useRecorder({ onData }))
    await act(() => result.current.start())
    expect(onData).toHaveBeenCalledWith(expect.any(Blob), 0)
    await act(() => vi.advanceTimersByTimeAsync(2000))
    act(() => result.current.pause())
    expect(result.current.status).toBe('paused')
    await act(() => vi.advanceTimersByTimeAsync(5000))
    expect(result.current.elapsedSeconds).toBe(2)
    act(() => result.current.resume())
    expect(result.current.status).toBe('recording')
    await act(() => vi.advanceTimersByTimeAsync(1000))
    expect(result.current.elapsedSeconds).toBe(3)
    act(() => result.current.stop())
    expect(result.current.recording?.durationSeconds).toBeCloseTo(3, 0)
  })

  it('restores a kept take as the recording', () => {
    const { result } = renderHook(() => useRecorder())
    act(() => result.current.restore(new Blob(['kept'], { type: 'audio/webm' }), 42))
    expect(result.current.status).toBe('recorded')
    expect(result.current.recording).toMatchObject({ url: 'blob:one', mimeType: 'audio/webm', durationSeconds: 42 })
  })

  it('releases the object URL on discard and on unmount', async () => {
    const { result, unmount } = renderHook(() => useRecorder())
    await act(() => result.current.start())
    act(() => result.current.stop())
    expect(result.current.status).toBe('recorded')
    act(() => result.current.discard())
    expect(result.current.status).toBe('idle')
    expect(result.current.recording).toBeNull()
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:one')

    await act(() => result.current.start())
    unmount()
    expect(track.stop).toHaveBeenCalledTimes(2)
  })

  it('reports a refusal as denied and a missing device as no microphone', async () => {
    const onError = vi.fn()
    const getUserMedia = vi
      .fn()
      .mockRejectedValueOnce(new DOMException('no', 'NotAllowedError'))
      .mockRejectedValueOnce(new DOMException('none', 'NotFoundError'))
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } })
    const { result } = renderHook(() => useRecorder({ onError }))
    await act(async () => expect(await result.current.start()).toBe(false))
    expect(result.current.permission).toBe('denied')
    await act(() => result.current.start())
    expect(result.current.microphoneMissing).toBe(true)
    expect(onError.mock.calls.map(([kind]) => kind)).toEqual(['denied', 'no-microphone'])
  })

  it('says unsupported without MediaRecorder', async () => {
    vi.stubGlobal('MediaRecorder', undefined)
    const onError = vi.fn()
    const { result } = renderHook(() => useRecorder({ onError }))
    await act(() => result.current.start())
    expect(onError).toHaveBeenCalledWith('unsupported', expect.any(Error))
    expect(result.current.status).toBe('idle')
  })
})
