import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ContactLoading } from './contact-loading.tsx'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('ContactLoading', () => {
  it('reassures first, then warns after 8 s and counts retries', () => {
    vi.useFakeTimers()
    const onRetry = vi.fn()
    const onBack = vi.fn()
    const { rerender } = render(<ContactLoading failureCount={0} onRetry={onRetry} onBack={onBack} />)
    expect(screen.getByText('Loading contact profile...')).toBeTruthy()
    expect(screen.getByText('This should only take a moment')).toBeTruthy()
    expect(screen.queryByText('Loading is taking longer than expected')).toBeNull()
    act(() => vi.advanceTimersByTime(8_000))
    expect(screen.getByText('Loading is taking longer than expected')).toBeTruthy()
    expect(screen.queryByText(/Retry attempt/)).toBeNull()
    rerender(<ContactLoading failureCount={2} onRetry={onRetry} onBack={onBack} />)
    expect(screen.getByText('Retry attempt 2')).toBeTruthy()
    act(() => screen.getByRole('button', { name: 'Try Again' }).click())
    act(() => screen.getByRole('button', { name: 'Go Back' }).click())
    expect(onRetry).toHaveBeenCalledOnce()
    expect(onBack).toHaveBeenCalledOnce()
  })
})
