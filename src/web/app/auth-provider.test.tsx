import { render } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useAuth } from './auth-provider.tsx'

function Consumer() {
  useAuth()
  return null
}

describe('useAuth', () => {
  it('refuses to work outside its provider', () => {
    // React reports the thrown render error through console.error; that one is expected here.
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(() => render(<Consumer />)).toThrow('useAuth must be used within an AuthProvider')
    spy.mockRestore()
  })
})
