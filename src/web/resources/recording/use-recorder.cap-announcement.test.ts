import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installFakeMediaRecorder } from '#web/test/fakes.ts'
import { announce } from '#web/lib/announce.ts'
import { CAP_NOTICE_SECONDS } from './take-analysis.ts'
import { RECORDER_ANNOUNCEMENTS, useRecorder } from './use-recorder.ts'

vi.mock('#web/lib/announce.ts', () => ({ announce: vi.fn() }))

beforeEach(() => {
  vi.useFakeTimers()
  vi.mocked(announce).mockClear()
  installFakeMediaRecorder({ supportedType: 'audio/webm', dataOn: 'stop' })
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop: vi.fn() }] })) },
  })
  Object.defineProperty(navigator, 'permissions', { configurable: true, value: undefined })
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:one')
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const capSaid = () => vi.mocked(announce).mock.calls.filter(([text]) => text === RECORDER_ANNOUNCEMENTS.capNear.defaultMessage).length

describe('the cap notice, said aloud', () => {
  it('is said once as the take nears its limit, not again each second, nor after a pause and resume', async () => {
    const { result } = renderHook(() => useRecorder({ maxSeconds: CAP_NOTICE_SECONDS + 10 }))
    await act(() => result.current.start())
    await act(() => vi.advanceTimersByTimeAsync(9_000))
    expect(capSaid()).toBe(0)
    await act(() => vi.advanceTimersByTimeAsync(1_500))
    expect(capSaid()).toBe(1)
    await act(() => vi.advanceTimersByTimeAsync(5_000))
    act(() => result.current.pause())
    act(() => result.current.resume())
    await act(() => vi.advanceTimersByTimeAsync(5_000))
    expect(capSaid()).toBe(1)
  })

  it('is said again for a new take that nears the limit', async () => {
    const { result } = renderHook(() => useRecorder({ maxSeconds: CAP_NOTICE_SECONDS + 2 }))
    await act(() => result.current.start())
    await act(() => vi.advanceTimersByTimeAsync(3_000))
    act(() => result.current.stop())
    expect(result.current.status).toBe('recorded')
    expect(capSaid()).toBe(1)
    await act(() => result.current.start())
    await act(() => vi.advanceTimersByTimeAsync(3_000))
    expect(capSaid()).toBe(2)
  })
})
