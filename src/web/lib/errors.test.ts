import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiRequestError, INVALID_RESPONSE_CODE, NETWORK_ERROR_CODE } from '#web/lib/api-client.ts'
import { errorMessage, logUnexpected } from './errors.ts'

describe('errorMessage', () => {
  it("uses the error's own message, or the fallback", () => {
    expect(errorMessage(new Error('Circle is full'), 'Please try again.')).toBe('Circle is full')
    expect(errorMessage(new Error(''), 'Please try again.')).toBe('Please try again.')
    expect(errorMessage('not an error', 'Please try again.')).toBe('Please try again.')
    expect(errorMessage(new Error(''))).toBeUndefined()
  })
})

describe('logUnexpected', () => {
  afterEach(() => vi.restoreAllMocks())

  it('stays quiet about network failures, refusals and server failures', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    logUnexpected(new ApiRequestError(0, NETWORK_ERROR_CODE, 'Network error'), 'like failed')
    logUnexpected(new ApiRequestError(409, 'CONFLICT', 'Already in your circle'), 'connect failed')
    logUnexpected(new ApiRequestError(429, 'RATE_LIMITED', 'Slow down'), 'retry failed')
    logUnexpected(new ApiRequestError(503, 'UNAVAILABLE', 'Database is asleep'), 'like failed')
    expect(log).not.toHaveBeenCalled()
  })

  it('logs answers that do not match their schema and anything else thrown', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const badAnswer = new ApiRequestError(200, INVALID_RESPONSE_CODE, 'x')
    const bug = new TypeError('x is undefined')
    logUnexpected(badAnswer, 'like failed')
    logUnexpected(bug, 'sign-out failed')
    expect(log.mock.calls).toEqual([
      ['like failed', badAnswer],
      ['sign-out failed', bug],
    ])
  })
})
