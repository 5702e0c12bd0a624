/**
 * Registers the service worker (public/sw.js): the app shell for offline starts, Web Push, and recordings shared into
 * Hearth from the share sheet (decision 142). A browser without service workers, or a failed registration, leaves
 * Hearth working as a plain web page (a share then reaches the server, which asks to open Hearth once).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .catch((error: unknown) => console.warn('service worker not registered', error))
  })
}
