// The only script of the prerendered landing page (decision 100). The page is plain HTML until someone shows an
// intent to use it (a pointer, a key, a focus); then the app is loaded and renders the same page in its place. What
// happened in between is carried over: typed values, the focus, and a click or submit made before the app was there.
// Plain JavaScript in public/ because the Content-Security-Policy allows no inline script.
;(function () {
  var appSrc = document.querySelector('meta[name="hearth-app"]')
  var root = document.getElementById('root')
  if (!appSrc || !root) return
  var started = false
  var pending = null
  var INTERACTIVE = 'a, button, input, form'

  function indexOf(element) {
    return Array.prototype.indexOf.call(root.querySelectorAll(INTERACTIVE), element)
  }

  function start() {
    if (started) return
    started = true
    import(appSrc.content)
  }

  // A click or submit before the app is there would do nothing (or send the form as a GET): it is held and made
  // again once the app has rendered the page.
  function hold(event) {
    if (!started || window.__hearthAppReady) return
    var target = event.type === 'submit' ? event.target : event.target.closest(INTERACTIVE)
    if (!target || !root.contains(target)) return
    event.preventDefault()
    event.stopPropagation()
    pending = { type: event.type, index: indexOf(target) }
  }

  // The landing is where people install Hearth and where it starts offline: the service worker (the same
  // registration as lib/service-worker.ts) must not wait for the app.
  if ('serviceWorker' in navigator) {
    window.addEventListener('load', function () {
      navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(function () {})
    })
  }

  ;['pointerdown', 'keydown', 'focusin', 'touchstart'].forEach(function (type) {
    document.addEventListener(type, start, { capture: true, passive: true })
  })
  // A visitor who reads another language than the page's gets the app at once, in their language (decision 221): the
  // languages of src/shared/locales.ts, the first one the browser prefers.
  var SPOKEN = ['en', 'es', 'fr', 'de', 'pt', 'ar']
  var preferred = (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ''])
    .map(function (tag) {
      return String(tag).toLowerCase().split(/[-_]/)[0]
    })
    .filter(function (language) {
      return SPOKEN.indexOf(language) !== -1
    })[0]
  var pageLanguage = (document.documentElement.lang || 'en').toLowerCase().split('-')[0]
  if ((preferred || 'en') !== pageLanguage || /[?&]locale=/.test(location.search)) start()
  // Focus is found again by id, else by its place among the page's controls (most links have no id). It is noted at
  // each move, until the app's page is there: a visitor may go on tabbing while the app loads.
  var lastFocus = null
  document.addEventListener(
    'focusin',
    function (event) {
      if (window.__hearthAppReady || !root.contains(event.target)) return
      lastFocus = { id: event.target.id, index: indexOf(event.target) }
    },
    true,
  )
  document.addEventListener('click', hold, true)
  document.addEventListener('submit', hold, true)

  // main.tsx asks for these just before it renders, and announces the page once it is rendered
  window.__hearthLanding = function () {
    var values = []
    root.querySelectorAll('input').forEach(function (input) {
      if (input.id && input.value) values.push({ id: input.id, value: input.value })
    })
    return function restore() {
      window.__hearthAppReady = true
      var setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set
      values.forEach(function (saved) {
        var input = document.getElementById(saved.id)
        if (!input) return
        setValue.call(input, saved.value)
        input.dispatchEvent(new Event('input', { bubbles: true }))
      })
      var focused = lastFocus
      if (focused) {
        var refocus = (focused.id && document.getElementById(focused.id)) || root.querySelectorAll(INTERACTIVE)[focused.index]
        refocus?.focus()
      }
      if (!pending) return
      var again = root.querySelectorAll(INTERACTIVE)[pending.index]
      pending = null
      if (!again) return
      if (again.tagName === 'FORM') again.requestSubmit()
      else if (again.getAttribute('aria-haspopup') === 'menu') {
        again.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, cancelable: true, button: 0, pointerType: 'mouse' }))
      } else again.click()
    }
  }
})()
