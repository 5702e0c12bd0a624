import { useSyncExternalStore } from 'react'

/** Theme preference (docs/product/accounts.md): kept in localStorage under `theme`, default 'system'. */
export type Theme = 'light' | 'dark' | 'system'
export const THEME_STORAGE_KEY = 'theme'
const DARK_QUERY = '(prefers-color-scheme: dark)'

export function parseTheme(value: string | null | undefined): Theme {
  return value === 'light' || value === 'dark' || value === 'system' ? value : 'system'
}

export function readTheme(storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): Theme {
  try {
    return parseTheme(storage?.getItem(THEME_STORAGE_KEY))
  } catch {
    return 'system'
  }
}

/** Whether `theme` shows dark, given the system preference. */
export function resolveDark(theme: Theme, systemPrefersDark: boolean): boolean {
  return theme === 'dark' || (theme === 'system' && systemPrefersDark)
}

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches
}

/** Puts the `dark` class and the colour scheme on <html> (public/theme-init.js does the same before first paint). */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  const dark = resolveDark(theme, systemPrefersDark())
  root.classList.toggle('dark', dark)
  root.style.colorScheme = dark ? 'dark' : 'light'
}

const listeners = new Set<() => void>()
let current: Theme | undefined

export function getTheme(): Theme {
  current ??= readTheme()
  return current
}

/** Stores the choice and applies it at once. */
export function setTheme(theme: Theme): void {
  current = theme
  try {
    safeStorage()?.setItem(THEME_STORAGE_KEY, theme)
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
  applyTheme(theme)
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The stored preference and whether the page currently shows dark. */
export function useTheme(): { theme: Theme; setTheme: (theme: Theme) => void } {
  const theme = useSyncExternalStore(subscribe, getTheme, getTheme)
  return { theme, setTheme }
}

/** Resolved appearance, for parts that need to know (the toaster). */
export function useResolvedDark(): boolean {
  const theme = useSyncExternalStore(subscribe, getTheme, getTheme)
  const prefersDark = useSyncExternalStore(subscribeSystem, systemPrefersDark, () => false)
  return resolveDark(theme, prefersDark)
}

function subscribeSystem(listener: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined
  const media = window.matchMedia(DARK_QUERY)
  media.addEventListener('change', listener)
  return () => media.removeEventListener('change', listener)
}

/**
 * Keeps the page in step with the operating system while the preference is 'system', and with other tabs that
 * change the preference. Call once at start; returns a stop function.
 */
export function watchTheme(): () => void {
  const stopSystem = subscribeSystem(() => {
    if (getTheme() === 'system') applyTheme('system')
  })
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return
    current = parseTheme(event.newValue)
    applyTheme(current)
    for (const listener of listeners) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    stopSystem()
    window.removeEventListener('storage', onStorage)
  }
}
