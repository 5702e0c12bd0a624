export type Theme = 'light' | 'dark' | 'system'
export const THEME_STORAGE_KEY = 'theme'

export function readTheme(storage: Pick<Storage, 'getItem'> = localStorage): Theme {
  const stored = storage.getItem(THEME_STORAGE_KEY)
  return stored === 'light' || stored === 'dark' ? stored : 'system'
}

export function resolveDark(theme: Theme, systemPrefersDark: boolean): boolean {
  return theme === 'dark' || (theme === 'system' && systemPrefersDark)
}

export function applyTheme(theme: Theme): void {
  const dark = resolveDark(theme, window.matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.classList.toggle('dark', dark)
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light'
}

export function saveTheme(theme: Theme): void {
  localStorage.setItem(THEME_STORAGE_KEY, theme)
  applyTheme(theme)
}
