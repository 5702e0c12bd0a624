import { describe, expect, it } from 'vitest'
import { readTheme, resolveDark } from './theme.ts'

describe('theme', () => {
  it('reads light and dark, and anything else as system', () => {
    expect(readTheme({ getItem: () => 'dark' })).toBe('dark')
    expect(readTheme({ getItem: () => 'light' })).toBe('light')
    expect(readTheme({ getItem: () => 'purple' })).toBe('system')
    expect(readTheme({ getItem: () => null })).toBe('system')
  })

  it('follows the system preference only for system', () => {
    expect(resolveDark('system', true)).toBe(true)
    expect(resolveDark('system', false)).toBe(false)
    expect(resolveDark('light', true)).toBe(false)
    expect(resolveDark('dark', false)).toBe(true)
  })
})
