import { afterEach, describe, expect, it, vi } from 'vitest'
import { applyTheme, getTheme, parseTheme, readTheme, resolveDark, setTheme, THEME_STORAGE_KEY } from './theme.ts'

function mockSystemDark(dark: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: dark && query === '(prefers-color-scheme: dark)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }))
}

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
  document.documentElement.className = ''
})

describe('theme preference', () => {
  it('reads light, dark and system, and anything else as system', () => {
    expect(readTheme({ getItem: () => 'dark' })).toBe('dark')
    expect(readTheme({ getItem: () => 'light' })).toBe('light')
    expect(readTheme({ getItem: () => 'system' })).toBe('system')
    expect(readTheme({ getItem: () => 'purple' })).toBe('system')
    expect(readTheme({ getItem: () => null })).toBe('system')
    expect(parseTheme(undefined)).toBe('system')
  })

  it('survives storage that throws', () => {
    expect(
      readTheme({
        getItem: () => {
          throw new Error('denied')
        },
      }),
    ).toBe('system')
  })

  it('follows the system preference only for system', () => {
    expect(resolveDark('system', true)).toBe(true)
    expect(resolveDark('system', false)).toBe(false)
    expect(resolveDark('light', true)).toBe(false)
    expect(resolveDark('dark', false)).toBe(true)
  })

  it('applies the dark class and colour scheme to <html>', () => {
    mockSystemDark(true)
    applyTheme('system')
    expect(document.documentElement.classList.contains('dark')).toBe(true)
    expect(document.documentElement.style.colorScheme).toBe('dark')
    applyTheme('light')
    expect(document.documentElement.classList.contains('dark')).toBe(false)
    expect(document.documentElement.style.colorScheme).toBe('light')
  })

  it('stores a choice under the key "theme" and applies it at once', () => {
    mockSystemDark(false)
    setTheme('dark')
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark')
    expect(getTheme()).toBe('dark')
    expect(document.documentElement.classList.contains('dark')).toBe(true)
    setTheme('system')
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('system')
    expect(document.documentElement.classList.contains('dark')).toBe(false)
  })
})
