/**
 * Registers the service worker (public/sw.js): the app shell for offline starts and Web Push. A browser
 * without service workers, or a failed registration, leaves Hearth working as a plain web page.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .catch((error: unknown) => console.warn('service worker not registered', error))
  })
}
