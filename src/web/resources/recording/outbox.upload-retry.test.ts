import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiRequestError } from '#web/lib/api-client.ts'
import { isRetryableUploadError, uploadBackoffMs, UploadFailedError, uploadWithRetry } from './outbox.ts'

const network = () => new ApiRequestError(0, 'NETWORK_ERROR', 'Network error. Check your connection and try again.')
const server = () => new ApiRequestError(503, 'HTTP_503', 'Request failed (503).')
const tooLarge = () => new ApiRequestError(413, 'PAYLOAD_TOO_LARGE', 'Audio file is too large (max 50MB)')

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('upload back-off', () => {
  it('waits 1 s, 2 s, then doubles up to 5 s', () => {
    expect([1, 2, 3, 4, 5].map(uploadBackoffMs)).toEqual([1000, 2000, 4000, 5000, 5000])
  })

  it('retries network errors and 5xx only', () => {
    expect(isRetryableUploadError(network())).toBe(true)
    expect(isRetryableUploadError(server())).toBe(true)
    expect(isRetryableUploadError(tooLarge())).toBe(false)
    expect(isRetryableUploadError(new ApiRequestError(400, 'VALIDATION_ERROR', 'The audio file is empty'))).toBe(false)
    expect(isRetryableUploadError(new Error('bug'))).toBe(false)
  })
})

describe('uploadWithRetry', () => {
  it('tries three times with 1 s and 2 s between, then gives up with the last reason', async () => {
    const upload = vi
      .fn<(attempt: number) => Promise<string>>()
      .mockRejectedValueOnce(network())
      .mockRejectedValueOnce(server())
      .mockRejectedValueOnce(network())
    const attempts: number[] = []
    const result = uploadWithRetry(upload, { onAttempt: (n) => attempts.push(n) }).catch((e: unknown) => e)

    await vi.advanceTimersByTimeAsync(0)
    expect(upload).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(999)
    expect(upload).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(upload).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1999)
    expect(upload).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(upload).toHaveBeenCalledTimes(3)

    const error = await result
    expect(error).toBeInstanceOf(UploadFailedError)
    expect(error).toMatchObject({ attempts: 3, exhausted: true, message: 'Network error. Check your connection and try again.' })
    expect(attempts).toEqual([1, 2, 3])
    await vi.advanceTimersByTimeAsync(10_000)
    expect(upload).toHaveBeenCalledTimes(3)
  })

  it('answers as soon as an attempt succeeds', async () => {
    const upload = vi.fn<(attempt: number) => Promise<string>>().mockRejectedValueOnce(server()).mockResolvedValueOnce('stored')
    const result = uploadWithRetry(upload)
    await vi.advanceTimersByTimeAsync(1000)
    await expect(result).resolves.toBe('stored')
    expect(upload).toHaveBeenCalledTimes(2)
  })

  it('does not retry a 4xx answer', async () => {
    const upload = vi.fn<(attempt: number) => Promise<string>>().mockRejectedValue(tooLarge())
    const error = await uploadWithRetry(upload).catch((e: unknown) => e)
    expect(upload).toHaveBeenCalledTimes(1)
    expect(error).toMatchObject({ attempts: 1, exhausted: false, message: 'Audio file is too large (max 50MB)' })
    expect((error as UploadFailedError).cause).toBeInstanceOf(ApiRequestError)
  })

  it('stops waiting when aborted', async () => {
    const controller = new AbortController()
    const upload = vi.fn<(attempt: number) => Promise<string>>().mockRejectedValue(network())
    const result = uploadWithRetry(upload, { signal: controller.signal }).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(500)
    controller.abort()
    expect(await result).toMatchObject({ name: 'AbortError' })
    expect(upload).toHaveBeenCalledTimes(1)
  })
})
