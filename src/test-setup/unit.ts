import { afterEach, beforeEach, vi } from 'vitest'

// An unexpected console.error fails the test. Tests that expect one spy on it themselves.
let errorSpy: ReturnType<typeof vi.spyOn> | undefined
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`Unexpected console.error: ${args.map(String).join(' ')}`)
  })
})
afterEach(() => {
  errorSpy?.mockRestore()
})
