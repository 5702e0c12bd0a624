import { describe, expect, it } from 'vitest'
import { QUERY_RETRY_MAX_DELAY_MS, STALE } from '#shared/limits.ts'
import { ApiRequestError } from '#web/lib/api-client.ts'
import { isRetryable } from '#web/lib/retryable.ts'
import { createQueryClient, retryDelay } from './query-client.ts'

describe('query client', () => {
  it('uses the cache settings of the spec', () => {
    const options = createQueryClient().getDefaultOptions()
    expect(options.queries).toMatchObject({ staleTime: STALE.default, gcTime: STALE.gc, refetchOnWindowFocus: false })
  })

  it('retries server and network failures, not refusals', () => {
    expect(isRetryable(new ApiRequestError(500, 'INTERNAL_ERROR', 'x'))).toBe(true)
    expect(isRetryable(new ApiRequestError(0, 'NETWORK_ERROR', 'x'))).toBe(true)
    expect(isRetryable(new ApiRequestError(429, 'RATE_LIMITED', 'x'))).toBe(true)
    expect(isRetryable(new ApiRequestError(404, 'NOT_FOUND', 'x'))).toBe(false)
    expect(isRetryable(new ApiRequestError(401, 'UNAUTHORIZED', 'x'))).toBe(false)
  })

  it('backs off exponentially up to 30 s', () => {
    expect(retryDelay(0)).toBe(1000)
    expect(retryDelay(1)).toBe(2000)
    expect(retryDelay(10)).toBe(QUERY_RETRY_MAX_DELAY_MS)
  })
})
