// Applies the saved theme before the first paint. It is an external file because the Content-Security-Policy
// allows no inline script. Keep it in step with src/web/lib/theme.ts (key 'theme': light | dark | system).
;(function () {
  var root = document.documentElement
  var theme = 'system'
  try {
    var stored = window.localStorage.getItem('theme')
    if (stored === 'light' || stored === 'dark' || stored === 'system') theme = stored
  } catch (e) {
    // storage unavailable (private mode, blocked cookies): follow the system
  }
  var prefersDark = false
  try {
    prefersDark = window.matchMedia('(prefers-color-scheme: dark)').matches
  } catch (e) {
    // very old browser: light
  }
  var dark = theme === 'dark' || (theme === 'system' && prefersDark)
  if (dark) root.classList.add('dark')
  else root.classList.remove('dark')
  root.style.colorScheme = dark ? 'dark' : 'light'
})()
